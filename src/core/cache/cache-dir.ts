import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, writeFileSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { packagePath } from '../package-root.js';
import { assertWritable } from '../fs/paths.js';

/** Where docket keeps what it can rebuild (index and check caches); never committed. */
export const CACHE_DIR = '.docket/cache';

let packageVersion: string | undefined;
function docketVersion(): string {
  if (packageVersion === undefined) {
    const { version } = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string };
    // The build's own hash (scripts/bundle.js): a rebuilt docket of the same version is another docket.
    let build = '';
    try {
      build = readFileSync(packagePath('dist/build-id'), 'utf8').trim();
    } catch {
      // not built (sources run directly): the version alone
    }
    packageVersion = `${version}+${build}`;
  }
  return packageVersion;
}

/**
 * Everything a document's facts (or check's memos) depend on besides its bytes: the cache's
 * format, docket (its version and build), the config, the schemas.
 */
export async function fingerprint(config: RepoConfig, cache: number | string): Promise<string> {
  const schemas: [string, string | null][] = [];
  for (const p of [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort()) {
    const bytes = await fs.readFile(path.join(config.root, p)).catch(() => undefined);
    schemas.push([p, bytes ? createHash('sha256').update(bytes).digest('hex') : null]);
  }
  const { root: _root, raw: _raw, ...rest } = config;
  return createHash('sha256')
    .update(JSON.stringify({ cache, docket: docketVersion(), config: rest, schemas }))
    .digest('hex');
}

/**
 * How far a cache file's modification time may be from the write time recorded inside it.
 * docket gives each cache file it writes that recorded time as its mtime (the `mtimeMs` of
 * AtomicStream.commit and writeFileAtomic), and trusts a file only while the two agree: git gives every file it checks out the current
 * time, and so does a copy that does not keep times, while tar and `cp -p` keep them (a
 * cache restored in CI). A cache committed to a branch, whatever it claims, is then never
 * trusted on a fresh clone; forging one would take guessing the moment of the checkout. Two
 * seconds: zip archives and FAT keep mtimes to two seconds.
 */
const SEAL_TOLERANCE_MS = 2000;

/** Whether a cache file whose mtime is `mtimeMs` is the one docket wrote at `writtenMs` (see SEAL_TOLERANCE_MS). */
export function isSealed(mtimeMs: number, writtenMs: number): boolean {
  return Math.abs(mtimeMs - writtenMs) <= SEAL_TOLERANCE_MS;
}

/** Creates .docket/cache (never through a symbolic link or outside the root); false when it cannot. */
export async function ensureCacheDir(root: string): Promise<boolean> {
  return ensureCacheDirSync(root);
}

/** ensureCacheDir for synchronous callers (check's cache is written while documents stream by). */
export function ensureCacheDirSync(root: string): boolean {
  const dir = path.join(root, CACHE_DIR);
  try {
    for (const p of [path.join(root, '.docket'), dir]) {
      try {
        if (lstatSync(p).isSymbolicLink()) return false;
      } catch {
        // absent: created below
      }
    }
    assertWritable(root, dir);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(root, '.docket', '.gitignore'), '*\n', { flag: 'wx' });
    } catch {
      // there already
    }
    return true;
  } catch {
    return false;
  }
}
