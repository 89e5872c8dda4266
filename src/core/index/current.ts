import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { ArtifactFile } from './artifact-file.js';
import type { GovernedFile, WalkResult } from '../engine/documents/walk.js';
import type { AddedFile, IndexCache, StoredResult } from '../cache/index-cache.js';
import type { GraphInput } from './graph.js';
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

/** The documents as the cache and the files changed since the last build say they are now (see factsSinceBuild). */
export interface FactsNow {
  /** Every governed file with its facts, in the walk's order (as a full build has them). */
  inputs: GraphInput[];
  /** The new files, described. */
  added: AddedFile[];
}

/**
 * The facts of every governed file now, without reading the unchanged ones: the cached facts,
 * the new facts of the files whose facts changed, and the new files, described. Undefined when
 * a new file cannot be described, the cache's overlay cannot take the changes, or its facts
 * file cannot be read: the caller builds in full.
 */
export async function factsSinceBuild(
  config: RepoConfig,
  cache: IndexCache,
  since: SinceBuild,
  files: readonly GovernedFile[],
): Promise<FactsNow | undefined> {
  const { scan, settled } = since;
  const added = scan.added.length > 0 ? await describeAdded(config, scan.added) : [];
  if (!added || !cache.canOverlay(settled.edits, added)) return undefined;
  const cached = cache.factsOfScanned(files.length, settled.edits);
  if (!cached) return undefined;
  const fresh = new Map(added.map((a) => [a.file.rel, a.facts]));
  const inputs: GraphInput[] = [];
  for (const [k, file] of files.entries()) {
    const facts = cached[k] ?? fresh.get(file.rel);
    if (!facts) return undefined;
    inputs.push({ rel: file.rel, namespace: file.namespace, facts });
  }
  return { inputs, added };
}

/**
 * The artifact, when it is what building the index now would write: no file was added or
 * removed and none has new facts since the last build (see scanSinceBuild), and the artifact
 * is the one that build wrote. Then a lookup reads a few items of the artifact instead of
 * every document's cached facts and the graph built from them. Undefined otherwise: the
 * caller builds the index in memory with the same cache, walk and scan (see factsSinceBuild).
 */
export function currentArtifact(config: RepoConfig, cache: IndexCache, since: SinceBuild | undefined): CurrentArtifact | undefined {
  // An unsound graph leaves the artifact as it was.
  if (
    !since ||
    since.scan.result.violations.length > 0 ||
    since.scan.added.length > 0 ||
    since.scan.removed.length > 0 ||
    since.settled.edits.length > 0
  )
    return undefined;
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
