import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { lstatOrNone } from '../fs/paths.js';
import type { RepoConfig } from './types.js';

/** The Python DocOps CLI's artifact name at the default index directory (reference §4.1, §7.1). */
export const MEMINIT_INDEX_NAME = 'meminit.index.json';

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
 * Which artifact the repository keeps (see SPEC-005): without `index_path` in the config, a
 * committed `meminit.index.json` in the default index directory is the repository's artifact
 * (a second file beside it would leave the Python tool's `resolve` reading a stale one);
 * with `index_path`, the file there decides by its shape. docket then maintains that file in
 * that tool's format; otherwise its own.
 */
export function withIndexFormat(config: RepoConfig): RepoConfig {
  if (config.raw.index_path === undefined || config.raw.index_path === null) {
    // Without the key, index_path is the default: that tool's name in the same directory.
    const rel = path.posix.join(path.posix.dirname(config.index_path), MEMINIT_INDEX_NAME);
    return lstatOrNone(path.join(config.root, rel))?.isFile() ? { ...config, index_path: rel, index_format: 'meminit' } : config;
  }
  return hasMeminitShape(path.join(config.root, config.index_path)) ? { ...config, index_format: 'meminit' } : config;
}
