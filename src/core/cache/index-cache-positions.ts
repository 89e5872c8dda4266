import { createHash } from 'node:crypto';
import { absolutePath } from '../engine/documents/read.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import { lstatOrNone } from '../fs/paths.js';

/**
 * Which governed files the index cache's manifest describes, by position: the files the last
 * full build wrote into the hashes and facts files (in path order), then the files appended
 * since, less the ones listed as gone (see Manifest in cache.ts).
 */

/** New governed files that a run describes one by one (see positionsOf); more build in full. */
const MAX_ADDED = 16;
/** Files gone since the hashes and facts files were written that the manifest lists; more build in full. */
const MAX_REMOVED = 16;

/** What the positions depend on in the manifest. */
export interface ManifestFiles {
  sizes: readonly number[];
  paths_sha256: string;
  appended?: readonly string[];
  removed?: Readonly<Record<string, string>>;
}

/** A governed file the manifest described that is gone: its position and path. */
export interface RemovedFile {
  index: number;
  rel: string;
}

export interface Positions {
  at?: Int32Array;
  added: GovernedFile[];
  removed: RemovedFile[];
  /** The files' stats, when they were read to find the new ones. */
  stats?: Stamps;
}

export interface PositionsContext {
  root: string;
  /** Whether a file with this mtime was written before the manifest, by more than the racy margin. */
  trusted(mtimeMs: number): boolean;
  /** The paths of the hashes file; null when it cannot be read. */
  paths(): readonly string[] | null;
}

/** How many entries the hashes and facts files hold: the manifest's, but the appended ones. */
export const baseCount = (m: Pick<ManifestFiles, 'sizes' | 'appended'>) => m.sizes.length - (m.appended?.length ?? 0);

/**
 * SHA-256 of a list of paths, in order, each followed by a NUL (which no path holds), hashed
 * a thousand at a time: what decides that the governed set is the one the manifest describes,
 * without keeping a copy of every path in it.
 */
export function pathsDigest(paths: readonly { rel: string }[] | readonly string[]): string {
  const hash = createHash('sha256');
  for (let from = 0; from < paths.length; from += 1000) {
    let text = '';
    for (let i = from; i < Math.min(paths.length, from + 1000); i++) {
      const p = paths[i]!;
      text += `${typeof p === 'string' ? p : p.rel}\0`;
    }
    hash.update(text);
  }
  return hash.digest('hex');
}

/** What the cache compares of a file's stat; undefined when it is not a file. */
export interface Stamp {
  size: number;
  mtimeMs: number;
}

export function stampOf(abs: string): Stamp | undefined {
  const stat = lstatOrNone(abs);
  return stat?.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
}

/** Stamps of many files, by number, in two arrays (not an object each: 100k documents). */
class Stamps {
  private readonly sizes: Float64Array;
  private readonly mtimes: Float64Array;
  constructor(n: number) {
    this.sizes = new Float64Array(n).fill(-1);
    this.mtimes = new Float64Array(n);
  }

  set(k: number, stamp: Stamp | undefined): void {
    if (stamp) [this.sizes[k], this.mtimes[k]] = [stamp.size, stamp.mtimeMs];
  }

  at(k: number): Stamp | undefined {
    return this.sizes[k]! < 0 ? undefined : { size: this.sizes[k]!, mtimeMs: this.mtimes[k]! };
  }
}

/**
 * Where each governed file is in the manifest (`at`, -1 for a file it does not describe;
 * absent: in order), the files it does not describe, which must be new, and the files it
 * describes that are gone. Undefined when more than MAX_ADDED are new or more than
 * MAX_REMOVED are gone. Only then are the hashes file's paths read (`ctx.paths`).
 */
export function positionsOf(m: ManifestFiles, files: readonly GovernedFile[], ctx: PositionsContext): Positions | undefined {
  const appended = m.appended ?? [];
  const gone = m.removed ?? {};
  const goneCount = Object.keys(gone).length;
  // The same files (the common case), or as many with one renamed.
  if (appended.length === 0 && goneCount === 0 && files.length === m.sizes.length && pathsDigest(files) === m.paths_sha256)
    return { added: [], removed: [] };
  const extra = files.length - (m.sizes.length - goneCount);
  if (extra < -MAX_REMOVED || extra > MAX_ADDED) return undefined;
  const base = baseCount(m);
  // Appended files, but those removed again.
  const appendedAt = new Map(appended.flatMap((rel, j) => (gone[base + j] === undefined ? [[rel, base + j] as const] : [])));
  const goneBase = Object.keys(gone).filter((k) => Number(k) < base).length;
  const isBase = (f: GovernedFile) => !appendedAt.has(f.rel);
  /** Positions: appended files by path, the others in order past the removed positions, but for `added`. */
  const place = (added: ReadonlySet<GovernedFile>, removed: readonly RemovedFile[] = []) => {
    const skip = new Set([...Object.keys(gone).map(Number), ...removed.map((r) => r.index)]);
    const at = new Int32Array(files.length).fill(-1);
    let next = 0;
    files.forEach((f, k) => {
      if (appendedAt.has(f.rel)) at[k] = appendedAt.get(f.rel)!;
      else if (!added.has(f)) {
        while (skip.has(next)) next++;
        at[k] = next++;
      }
    });
    return at;
  };
  /** Whether these files, with the removed ones in their places, are the paths the manifest describes. */
  const described = (rest: readonly GovernedFile[]) => {
    if (rest.length + goneBase !== base) return false;
    const list: string[] = [];
    for (let i = 0, k = 0; i < base; i++) list.push(gone[i] ?? rest[k++]!.rel);
    return pathsDigest(list) === m.paths_sha256;
  };
  if (extra === 0) {
    const rest = files.filter(isBase);
    if (described(rest)) return { at: place(new Set()), added: [], removed: [] };
  }
  let stats: Stamps | undefined;
  if (extra > 0) {
    // New files were most likely written after the last build: when exactly `extra` files
    // have a recent stat and the others are the files the manifest describes, they are the
    // new ones, known without reading every path of the hashes file (large in a large repository).
    stats = new Stamps(files.length);
    files.forEach((f, k) => stats!.set(k, stampOf(absolutePath(ctx.root, f.rel))));
    const recent = new Set(files.filter((f, k) => isBase(f) && !ctx.trusted(stats!.at(k)?.mtimeMs ?? Infinity)));
    if (recent.size === extra && described(files.filter((f) => isBase(f) && !recent.has(f))))
      return { at: place(recent), added: [...recent], removed: [], stats };
  }
  // Otherwise the paths tell, both lists sorted (the walk's order): a file before the next
  // path is new, a path before the next file is gone.
  const paths = ctx.paths();
  if (!paths) return undefined;
  const rest = files.filter(isBase);
  const added = new Set<GovernedFile>();
  const removed: RemovedFile[] = [];
  let k = 0;
  for (let i = 0; i < base; i++) {
    if (gone[i] !== undefined) continue;
    const rel = paths[i]!;
    while (k < rest.length && rest[k]!.rel < rel) added.add(rest[k++]!);
    if (k < rest.length && rest[k]!.rel === rel) k++;
    else removed.push({ index: i, rel });
  }
  while (k < rest.length) added.add(rest[k++]!);
  const present = new Set(files.filter((f) => appendedAt.has(f.rel)).map((f) => f.rel));
  for (const [rel, at] of appendedAt) if (!present.has(rel)) removed.push({ index: at, rel });
  if (added.size > MAX_ADDED || goneCount + removed.length > MAX_REMOVED) return undefined;
  return { at: place(added, removed), added: [...added], removed, ...(stats ? { stats } : {}) };
}
