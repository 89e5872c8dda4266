import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { WalkResult } from '../documents/walk.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { ArtifactFile } from './artifact-file.js';
import type { IndexCache, StoredResult } from './cache.js';
import { settleChanged } from './settle.js';

/** The artifact at index_path, open, as the last `docket index` left it, and what that build reported. */
export interface CurrentArtifact {
  file: ArtifactFile;
  stored: StoredResult;
  close(): void;
}

/**
 * The artifact, when it is what building the index now would write: the cache (opened read
 * only by the caller) finds the governed files the last build described, each with its stat
 * then or the same facts, and the artifact is the one that build wrote, with no violation (an
 * unsound graph leaves the artifact as it was). Then a lookup reads a few items of the
 * artifact instead of every document's cached facts and the graph built from them (100k
 * documents: about 5 s and 450 MB). Undefined otherwise, and for a cache that is missing,
 * corrupt or not docket's: the caller builds the index in memory with the same cache and walk
 * (the files `unchanged` found as they were are not stat'ed again).
 */
export async function currentArtifact(config: RepoConfig, cache: IndexCache, walk: WalkResult | undefined): Promise<CurrentArtifact | undefined> {
  let fd: number | undefined;
  try {
    if (cache.mode !== 'incremental' || !walk) return undefined;
    const scan = walk.unreadable.length === 0 ? cache.unchanged(walk.files) : undefined;
    // A file the last build did not describe is not in the artifact, one it did and that is gone still is.
    if (!scan || scan.added.length > 0 || scan.removed.length > 0 || scan.result.violations.length > 0) return undefined;
    const settled = await settleChanged(config, scan.changed);
    if (!settled || settled.edits.length > 0) return undefined;
    try {
      fd = openSync(path.join(config.root, config.index_path), SAFE_READ_FLAGS);
    } catch {
      return undefined;
    }
    if (!cache.artifactIsStored(scan.result, fd)) return undefined;
    const open = fd;
    fd = undefined;
    return { file: new ArtifactFile(open, scan.result.artifact_size), stored: scan.result, close: () => closeSync(open) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
