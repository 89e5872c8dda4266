import { cpSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './cli.js';

/** A fresh temporary directory. */
export function tempDir(prefix = 'docket-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
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
