import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { ChangedFile } from '../fs/changed-file.js';
import { stampArtifact } from './artifact.js';
import { copyWithSplices, findFirst, type Splice } from './artifact-file.js';
import type { StoredResult } from './cache.js';
import type { PatchFiles, Patched, Removal } from './patch-types.js';

/** The result of a removal (see removal), its splices applied to the artifact. */
export function applyRemoval(config: RepoConfig, fd: number, stored: StoredResult, gone: Removal, io: PatchFiles): Promise<Patched | undefined> {
  const { node_count, edge_count, first_id, warnings, advice } = gone;
  return applied(config, fd, stored, [...gone.splices].sort((a, b) => a.from - b.from), io, { node_count, edge_count, first_id, violations: stored.violations, warnings, advice });
}

/** The splices applied (see rewrite), and the result stamped with the file that then holds the artifact. */
export async function applied(config: RepoConfig, fd: number, stored: StoredResult, splices: readonly Splice[], io: PatchFiles, result: Parameters<typeof stampArtifact>[2]): Promise<Patched | undefined> {
  const done = await rewrite(config, fd, stored, splices, io);
  if (done === null) return undefined;
  const written = splices.length > 0 || io.always;
  const stamped = stampArtifact(config, done, result, written ? io.to : io.from);
  return stamped ? { result: stamped, written } : undefined;
}

/**
 * The artifact with the splices applied, written to `io.to` when there are any (or always):
 * its new SHA-256; null when the old file is not the stored artifact.
 */
async function rewrite(config: RepoConfig, fd: number, stored: StoredResult, splices: readonly Splice[], io: PatchFiles): Promise<string | undefined | null> {
  const sameAsStored = (read: { size: number; sha256: string }) => read.size === stored.artifact_size && read.sha256 === stored.artifact_sha256;
  if (splices.length === 0 && !io.always) return sameAsStored(findFirst(fd, [])) ? stored.artifact_sha256 : null;
  // A pass's file before the last is deleted afterwards (see patch-stages.ts): it need not reach the disk.
  const file = ChangedFile.open(config.root, io.to, { write: true, hash: true, compare: false, durable: io.to === path.join(config.root, config.index_path) });
  try {
    const read = copyWithSplices(fd, splices, (bytes) => (typeof bytes === 'string' ? file.add(bytes) : file.addBytes(bytes)));
    // The old file must be the artifact the stored result describes, byte for byte.
    if (!sameAsStored(read)) {
      file.abort();
      return null;
    }
  } catch (error) {
    file.abort();
    throw error;
  }
  return (await file.finish()).sha256;
}
