import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { WalkResult } from '../documents/walk.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { ArtifactFile } from './artifact-file.js';
import type { AddedFile, IndexCache, StoredResult } from './cache.js';
import type { Patched } from './patch-types.js';
import { describeAdded, settleChanged, type Settled } from './settle.js';

/** The artifact at index_path, open, as the last `docket index` left it, and what that build reported. */
export interface CurrentArtifact {
  file: ArtifactFile;
  stored: StoredResult;
  close(): void;
}

/** What changed since the last build, when its cache can tell (see scanSinceBuild). */
export interface SinceBuild {
  scan: NonNullable<ReturnType<IndexCache['unchanged']>>;
  settled: Settled;
}

/**
 * What changed since the last build, as `index` and the lookups find it: the files the cache
 * described, each with its stat then, with the same facts, or with new facts
 * (`settled.edits`); new files and removed ones. Undefined when the cache cannot tell
 * (missing, corrupt or not docket's, more changes than it settles one by one, an unreadable
 * directory).
 */
export async function scanSinceBuild(config: RepoConfig, cache: IndexCache, walk: WalkResult | undefined): Promise<SinceBuild | undefined> {
  if (cache.mode !== 'incremental' || !walk || walk.unreadable.length > 0) return undefined;
  const scan = cache.unchanged(walk.files);
  const settled = scan && (await settleChanged(config, scan.changed));
  return scan && settled && { scan, settled };
}

/**
 * The last build's result and artifact patched for what changed since (see patchIndex), the
 * new files described first: written to `to` (default: the artifact), with passes staged at
 * `stage`. Undefined when the patch cannot take the change, or `allow` refuses the new files.
 */
export async function patchSinceBuild(config: RepoConfig, cache: IndexCache, since: SinceBuild, opts: { to?: string; stage?: string; allow?(added: readonly AddedFile[]): boolean }): Promise<{ patched: Patched; added: AddedFile[] } | undefined> {
  const { scan, settled } = since;
  const added = scan.added.length > 0 ? await describeAdded(config, scan.added) : [];
  if (!added || (opts.allow && !opts.allow(added))) return undefined;
  const { patchIndex } = await import('./patch.js');
  const patched = await patchIndex(config, scan.result, settled.edits, added, scan.removed, { to: opts.to, stage: opts.stage, linkers: (paths, governed) => cache.linkersOf(paths, governed) });
  return patched && { patched, added };
}

/**
 * The artifact, when it is what building the index now would write: no file was added or
 * removed and none has new facts since the last build (see scanSinceBuild), and the artifact
 * is the one that build wrote. Then a lookup reads a few items of the artifact instead of
 * every document's cached facts and the graph built from them (100k documents: about 5 s and
 * 450 MB). Undefined otherwise: the caller patches a copy (see patchedArtifact) or builds the
 * index in memory with the same cache and walk (the files found as they were are not stat'ed
 * again).
 */
export function currentArtifact(config: RepoConfig, cache: IndexCache, since: SinceBuild | undefined): CurrentArtifact | undefined {
  // An unsound graph leaves the artifact as it was.
  if (!since || since.scan.result.violations.length > 0 || since.scan.added.length > 0 || since.scan.removed.length > 0 || since.settled.edits.length > 0) return undefined;
  let fd: number | undefined;
  try {
    try {
      fd = openSync(path.join(config.root, config.index_path), SAFE_READ_FLAGS);
    } catch {
      return undefined;
    }
    if (!cache.artifactIsStored(since.scan.result, fd)) return undefined;
    const open = fd;
    fd = undefined;
    return { file: new ArtifactFile(open, since.scan.result.artifact_size), stored: since.scan.result, close: () => closeSync(open) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
