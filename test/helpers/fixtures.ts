import { cpSync, mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './cli.js';

/** Every directory tempDir made in this test file, removed after it (test/helpers/cleanup.ts). */
const made = new Set<string>();

/** A fresh temporary directory, removed when the test file is done. */
export function tempDir(prefix = 'docket-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Has a directory a test made itself (not through tempDir) removed with the temporary ones. */
export function removeLater(dir: string): string {
  made.add(dir);
  return dir;
}

/**
 * Removes the directories tempDir made (a suite run made about 400, and none was ever removed).
 * DOCKET_KEEP_TEMP=1 keeps them, to look at what a failing test left.
 */
export function removeTempDirs(): void {
  if (process.env.DOCKET_KEEP_TEMP === '1') return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

/** Copies test/fixtures/<name> (or examples/<name> with `example: true`) to a temp dir. */
export function copyFixture(name: string, opts: { example?: boolean } = {}): string {
  const dir = tempDir(`docket-${name}-`);
  cpSync(path.join(REPO, opts.example ? 'examples' : 'test/fixtures', name), dir, { recursive: true });
  return dir;
}

/** Writes files (path -> content) under `root`, creating directories. */
export function writeTree(root: string, files: Record<string, string | Buffer>): string {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return root;
}

/**
 * Sets the mtime of every file under `paths` (repo-relative files or directories, missing ones
 * skipped) a minute (or `seconds`) in the past, so caches may trust sizes and mtimes (nothing is "racily clean").
 */
export function ageFiles(root: string, paths: readonly string[] = ['docs', 'services'], seconds = 60): void {
  const past = new Date(Date.now() - seconds * 1000);
  const walk = (dir: string) => {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) return utimesSync(dir, past, past);
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else utimesSync(abs, past, past);
    }
  };
  for (const p of paths) walk(path.join(root, p));
}

/**
 * Writes a cache file as docket would have left it: with the write time recorded inside it
 * (`written_ms` of check's header line or of index's manifest) as its mtime. docket trusts a
 * cache file only then; a test that edits one must seal it again, or it tests the seal.
 */
export function writeSealedCache(file: string, text: string): void {
  writeFileSync(file, text);
  let written: unknown;
  try {
    written = (JSON.parse(text.split('\n', 1)[0]!) as { written_ms?: unknown }).written_ms;
  } catch {
    return; // not a cache docket could have written: left as it is
  }
  if (typeof written === 'number') utimesSync(file, written / 1000, written / 1000);
}
