import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { lstatOrNone } from '../fs/paths.js';
import type { RepoConfig } from './types.js';

/** The Python DocOps CLI's artifact name at the default index directory (reference §4.1, §7.1). */
const MEMINIT_INDEX_NAME = 'meminit.index.json';

/**
 * How that tool's artifact begins: its keys are sorted, so `advice` comes first (reference
 * §7.1). docket's own begins with `index_version`. Only the first bytes are read.
 */
const MEMINIT_HEAD = '{\n  "advice": [';

/** Whether the file at `abs` is a regular file whose text begins as that tool's artifact does. */
function hasMeminitShape(abs: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(abs, SAFE_READ_FLAGS);
    const buf = Buffer.alloc(MEMINIT_HEAD.length);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.toString('utf8', 0, n) === MEMINIT_HEAD;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Which artifact the repository keeps (see SPEC-005 §1.1): the file named `meminit.index.json`
 * in the default index directory `indexDir` (without `index_path` in the config, when it is a
 * regular file; with `index_path` naming it, also before it exists), or the file at a
 * configured `index_path` whose text begins as that tool's artifact does. docket then
 * maintains that file in that tool's format (a second file beside it would leave the Python
 * tool's `resolve` reading a stale one); otherwise its own.
 */
export function withIndexFormat(config: RepoConfig, indexDir: string): RepoConfig {
  const named = path.posix.normalize(path.posix.join(indexDir, MEMINIT_INDEX_NAME));
  const meminit = (index_path: string): RepoConfig => ({ ...config, index_path, index_format: 'meminit' });
  if (config.raw.index_path === undefined || config.raw.index_path === null) {
    return lstatOrNone(path.join(config.root, named))?.isFile() ? meminit(named) : config;
  }
  const abs = path.join(config.root, config.index_path);
  if (lstatOrNone(abs)) return hasMeminitShape(abs) ? meminit(config.index_path) : config;
  return path.posix.normalize(config.index_path) === named ? meminit(config.index_path) : config;
}
