import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { CACHE_DIR, ensureCacheDirSync } from '../fs/cache-dir.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { DocketError } from '../../errors/docket-error.js';
import { ArtifactFile } from './artifact-file.js';
import type { AddedFile, IndexCache } from './cache.js';
import type { CurrentArtifact, SinceBuild } from './current.js';
import { describeAdded } from './settle.js';

let copies = 0;

/** An error of the file system (a read-only checkout, no space), not of docket. */
const fromFileSystem = (error: unknown) => error instanceof DocketError || typeof (error as NodeJS.ErrnoException)?.code === 'string';

/**
 * The artifact `docket index` would write now, made for one lookup by patching a copy of the
 * last one as `index` patches it (see patchIndex), without writing the repository: the copy
 * is a file of docket's cache directory (its name has the pid and random bytes) that only this process reads, removed once it is
 * open. `stale`: its bytes differ from the artifact at index_path. Undefined when the change
 * is one the patch cannot take, or the copy cannot be written: the caller builds the index
 * in memory. A stale lookup at 100k documents then reads a few items of a patched copy
 * instead of parsing every document's cached facts and building the graph.
 */
export async function patchedArtifact(config: RepoConfig, cache: IndexCache, since: SinceBuild): Promise<{ artifact: CurrentArtifact; stale: boolean } | undefined> {
  const { scan, settled } = since;
  if (!ensureCacheDirSync(config.root)) return undefined;
  let added: AddedFile[] = [];
  if (scan.added.length > 0) {
    const described = await describeAdded(config, scan.added);
    if (!described) return undefined;
    added = described;
  }
  // Random too: two containers sharing a checkout can run processes with the same pid.
  const base = path.join(config.root, CACHE_DIR, `lookup-${process.pid}-${++copies}-${randomBytes(6).toString('hex')}`);
  const copy = `${base}.json`;
  const { patchIndex } = await import('./patch.js');
  let patched: Awaited<ReturnType<typeof patchIndex>>;
  try {
    patched = await patchIndex(config, scan.result, settled.edits, added, scan.removed, { to: copy, stage: `${base}-stage.json`, linkers: (paths, governed) => cache.linkersOf(paths, governed) });
  } catch (error) {
    rmSync(copy, { force: true });
    if (fromFileSystem(error)) return undefined;
    throw error;
  }
  // Nothing written: the artifact's bytes are already the patched ones (its warnings may not be).
  const file = patched?.written ? copy : path.join(config.root, config.index_path);
  let fd: number | undefined;
  try {
    if (!patched) return undefined;
    fd = openSync(file, SAFE_READ_FLAGS);
    // The artifact at index_path may have been replaced since the patch read it: as currentArtifact does.
    if (!patched.written && !cache.artifactIsStored(patched.result, fd)) return undefined;
    let left = patched.written;
    if (left) {
      try {
        unlinkSync(copy);
        left = false;
      } catch {
        // removed on close where an open file cannot be
      }
    }
    const open = fd;
    fd = undefined;
    const result = patched.result;
    const artifact: CurrentArtifact = {
      file: new ArtifactFile(open, result.artifact_size),
      stored: result,
      close: () => {
        closeSync(open);
        if (left) rmSync(copy, { force: true });
      },
    };
    return { artifact, stale: result.artifact_sha256 !== scan.result.artifact_sha256 };
  } catch (error) {
    if (!fromFileSystem(error)) throw error;
    return undefined;
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(copy, { force: true });
    }
    if (!patched?.written) rmSync(copy, { force: true });
  }
}
