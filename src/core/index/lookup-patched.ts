import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { CACHE_DIR, ensureCacheDirSync } from '../fs/cache-dir.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { isFileSystemFailure } from '../fs/atomic-write.js';
import { ArtifactFile } from './artifact-file.js';
import type { IndexCache } from './cache.js';
import { patchSinceBuild, type CurrentArtifact, type SinceBuild } from './current.js';
import type { Patched } from './patch-types.js';

let copies = 0;

/**
 * The artifact `docket index` would write now, made for one lookup by patching a copy of the
 * last one as `index` patches it (see patchIndex), without writing the repository: the copy
 * is a file of docket's cache directory (named with the pid and random bytes) that only this
 * process reads, removed once it is open. `stale`: its bytes differ from the artifact at index_path. Undefined when the change
 * is one the patch cannot take, or the copy cannot be written: the caller builds the index
 * in memory. A stale lookup at 100k documents then reads a few items of a patched copy
 * instead of parsing every document's cached facts and building the graph.
 */
export async function patchedArtifact(config: RepoConfig, cache: IndexCache, since: SinceBuild): Promise<{ artifact: CurrentArtifact; stale: boolean } | undefined> {
  if (!ensureCacheDirSync(config.root)) return undefined;
  // Random too: two containers sharing a checkout can run processes with the same pid.
  const base = path.join(config.root, CACHE_DIR, `lookup-${process.pid}-${++copies}-${randomBytes(6).toString('hex')}`);
  const copy = `${base}.json`;
  let patched: Patched | undefined;
  try {
    patched = (await patchSinceBuild(config, cache, since, { to: copy, stage: `${base}-stage.json` }))?.patched;
  } catch (error) {
    rmSync(copy, { force: true });
    if (isFileSystemFailure(error)) return undefined;
    throw error;
  }
  if (!patched) return undefined;
  const result = patched.result;
  // Nothing written: the artifact's bytes are already the patched ones (its warnings may not be).
  let fd: number;
  try {
    fd = openSync(patched.written ? copy : path.join(config.root, config.index_path), SAFE_READ_FLAGS);
  } catch {
    rmSync(copy, { force: true });
    return undefined;
  }
  // The artifact at index_path may have been replaced since the patch read it: as currentArtifact does.
  if (!patched.written && !cache.artifactIsStored(result, fd)) {
    closeSync(fd);
    return undefined;
  }
  // Only this process reads the copy: removed now, or when the lookup closes it where an open file cannot be removed.
  let left = false;
  if (patched.written) {
    try {
      unlinkSync(copy);
    } catch {
      left = true;
    }
  }
  const open = fd;
  const close = () => {
    closeSync(open);
    if (left) rmSync(copy, { force: true });
  };
  return { artifact: { file: new ArtifactFile(open, result.artifact_size), stored: result, close }, stale: result.artifact_sha256 !== since.scan.result.artifact_sha256 };
}
