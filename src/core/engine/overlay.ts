import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import type { RawRead } from './documents/read-bytes.js';
import type { WalkResult } from './documents/walk.js';

/** What a directory entry is, as the probe lists it. */
export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

/**
 * The repository as a dry run predicts it: the bytes of every file the run would write or
 * rename (by the path it would have) and the paths it would remove (a rename's source). A
 * dry run checks this instead of the disk, so its prediction is made by the very check
 * `--apply` runs afterwards: the two cannot disagree on what remains.
 */
export interface Overlay {
  /** Bytes, or what reading them came to (a staged blob too large to read: see check --staged). */
  files: ReadonlyMap<string, Buffer | RawRead>;
  gone: ReadonlySet<string>;
}

/** An overlaid file's bytes as the reader would have read them. */
export function rawOf(bytes: Buffer | RawRead): RawRead {
  return Buffer.isBuffer(bytes) ? { kind: 'bytes', bytes, size: bytes.length, mtimeMs: Number.NaN } : bytes;
}

/** The walk as it would be: removed paths gone, new ones in if the walk would govern them, in path order. */
export function overlaidWalk(config: RepoConfig, walk: WalkResult, overlay: Overlay): WalkResult {
  const files = walk.files.filter((f) => !overlay.gone.has(f.rel));
  const present = new Set(files.map((f) => f.rel));
  for (const rel of overlay.files.keys()) {
    if (present.has(rel)) continue;
    const namespace = namespaceFor(config, rel);
    if (namespace && !isExcluded(namespace, rel)) files.push({ rel, namespace });
  }
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { ...walk, files };
}

/** A directory's entries as they would be: removed names dropped, written files (and their new directories) added. */
export function overlaidEntries(
  dir: string,
  entries: Map<string, EntryKind> | undefined,
  overlay: Overlay,
): Map<string, EntryKind> | undefined {
  let out = entries;
  const prefix = dir === '.' ? '' : `${dir}/`;
  for (const rel of overlay.gone) {
    if (path.posix.dirname(rel) !== (dir === '' ? '.' : dir) || !out?.has(path.posix.basename(rel))) continue;
    out = new Map(out);
    out.delete(path.posix.basename(rel));
  }
  for (const rel of overlay.files.keys()) {
    if (!rel.startsWith(prefix)) continue;
    const rest = rel.slice(prefix.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (out?.has(name)) continue;
    out = new Map(out ?? []);
    out.set(name, slash === -1 ? 'file' : 'dir');
  }
  return out;
}
