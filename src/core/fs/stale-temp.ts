import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { holderLiveness } from '../ids/holder.js';

/**
 * Temporary files docket's atomic writes leave when a run is killed between creating and
 * renaming them (`.<name>.<pid>.<12 hex>.tmp`, temporaryPathFor). Only files with exactly that
 * name, whose process is dead, are stale: nothing else is ever reported or removed.
 */
const TEMP_NAME = /^\.(.+)\.(\d{1,10})\.([0-9a-f]{12})\.tmp$/;

/** A write in progress touches its temporary file within milliseconds; a minute is surely over. */
const STALE_AFTER_MS = 60_000;

/** Directories below which a fix or new can write: the root itself, `.docket`, and every docs root. */
function writtenDirs(config: RepoConfig): { dir: string; deep: boolean }[] {
  const roots = [...new Set(config.namespaces.map((ns) => ns.docs_root))].filter((d) => d !== '.');
  return [
    { dir: '.', deep: config.namespaces.some((ns) => ns.docs_root === '.') },
    { dir: '.docket', deep: true },
    ...roots.map((dir) => ({ dir, deep: true })),
  ];
}

async function isStale(abs: string, name: string, now: number): Promise<boolean> {
  const pid = Number(TEMP_NAME.exec(name)?.[2]);
  if (!Number.isSafeInteger(pid) || pid === process.pid) return false;
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat?.isFile() || now - stat.mtimeMs < STALE_AFTER_MS) return false;
  return holderLiveness({ pid, start: null, host: os.hostname() }) === 'dead';
}

/** The stale temporary files of killed docket runs (repository-relative, sorted); links are never followed. */
export async function findStaleTempFiles(config: RepoConfig, now = Date.now()): Promise<string[]> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const pending = writtenDirs(config);
  while (pending.length > 0) {
    const { dir, deep } = pending.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const entries = await fs.readdir(path.join(config.root, dir), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const rel = dir === '.' ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory() && deep && e.name !== '.git' && e.name !== 'node_modules') pending.push({ dir: rel, deep });
      else if (e.isFile() && TEMP_NAME.test(e.name) && (await isStale(path.join(config.root, rel), e.name, now))) found.add(rel);
    }
  }
  return [...found].sort();
}

/** Removes the stale temporary files found (checked again: still a stale temporary file); returns those removed. */
export async function removeStaleTempFiles(config: RepoConfig, rels: readonly string[], now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const rel of rels) {
    const abs = path.join(config.root, rel);
    if (!(await isStale(abs, path.posix.basename(rel), now))) continue;
    if (
      await fs.unlink(abs).then(
        () => true,
        () => false,
      )
    )
      removed.push(rel);
  }
  return removed;
}

/** The warning for a stale temporary file (doctor, and fix until --apply removes it). */
export function staleTempWarning(rel: string, cmd: (c: string) => string): Issue {
  return {
    code: 'STALE_TEMP_FILE',
    severity: 'warning',
    message: `${rel} is a temporary file left by a killed docket run (its process is gone).`,
    path: rel,
    suggestion: `Run \`${cmd('fix --apply')}\` to remove it (it removes only such files), or delete it yourself.`,
  };
}
