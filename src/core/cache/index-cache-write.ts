import { createHash } from 'node:crypto';
import path from 'node:path';
import { AtomicStream } from '../fs/atomic-stream.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { CACHE_DIR } from './cache-dir.js';
import { sha256 } from '../text/sha256.js';
import { DocketError } from '../../errors/docket-error.js';
import type { DocFacts } from '../index/facts.js';
import { encodeFacts } from './index-facts-file.js';
import type { Hashes, HashesFile } from './index-hashes-file.js';
import { baseCount, pathsDigest, type RemovedFile } from './index-cache-positions.js';
import type { Manifest, StoredResult } from './index-cache-manifest.js';
import { FACTS, HASHES, MANIFEST, factsHash, type AddedFile, type Entry, type FileUpdate } from './index-cache-files.js';

/** Settled digests the manifest carries before they are written into the hashes file. */
const MAX_OVERLAY = 256;

/** What a run that reused the last result, or rebuilt it from the cached facts, changes in its manifest (see IndexCache.reuseLast and rebuiltFromFacts). */
export interface ManifestUpdate {
  /** When the run started: every file it found unchanged was verified after it. */
  writtenMs: number;
  /** New stats and digests by position. */
  settled: ReadonlyMap<number, FileUpdate>;
  /** New facts by position, when the result was rebuilt from the facts; then `result` is the new result. */
  overlaidFacts?: ReadonlyMap<number, DocFacts>;
  result: StoredResult | null;
  added: readonly AddedFile[];
  removed: readonly RemovedFile[];
}

/**
 * Writes the last manifest with a run's changes: the settled files' stats, the new facts
 * (in the overlay), the added files after the last position and the removed ones listed. The
 * facts file stays; the hashes file is rewritten only when the overlay of digests outgrows
 * MAX_OVERLAY. `hashes`: the hashes file, read when files were settled (they were compared
 * with it).
 */
export async function writeUpdatedManifest(root: string, m: Manifest, u: ManifestUpdate, hashes: () => HashesFile | null): Promise<void> {
  const manifest: Manifest = {
    ...m,
    written_ms: u.writtenMs,
    sizes: [...m.sizes],
    mtimes: [...m.mtimes],
    ...(u.overlaidFacts ? { result: u.result } : {}),
  };
  if (u.overlaidFacts) manifest.facts_overlay = { ...m.facts_overlay, ...Object.fromEntries(u.overlaidFacts) };
  const h = u.settled.size > 0 ? hashes() : null;
  const overlay: Record<string, string> = { ...m.hashes_overlay };
  for (const [i, s] of u.settled) {
    manifest.sizes[i] = s.size;
    manifest.mtimes[i] = s.mtime_ms;
    if (h && h.sha256At(i) !== s.sha256) overlay[i] = s.sha256;
  }
  if (u.removed.length > 0) {
    manifest.removed = { ...m.removed };
    for (const r of u.removed) {
      manifest.removed[r.index] = r.rel;
      delete overlay[r.index];
      delete manifest.facts_overlay![r.index];
    }
  }
  if (u.added.length > 0) {
    // After the last position, with their digests and facts in the overlays (see Manifest.appended).
    manifest.appended = [...(m.appended ?? [])];
    for (const a of u.added) {
      const i = manifest.sizes.length;
      manifest.sizes.push(a.update.size);
      manifest.mtimes.push(a.update.mtime_ms);
      overlay[i] = a.update.sha256;
      manifest.facts_overlay![i] = a.facts;
      manifest.appended.push(a.file.rel);
    }
  }
  const base = baseCount(manifest);
  const inFile = Object.keys(overlay).filter((k) => Number(k) < base);
  const whole = h && inFile.length > MAX_OVERLAY ? h.whole() : null;
  if (whole) {
    // Written into the hashes file (first: the manifest never names hashes that are not on disk); appended files keep theirs.
    const sha256s = [...whole.sha256];
    for (const k of inFile) sha256s[Number(k)] = overlay[k]!;
    manifest.hashes_sha256 = await writeHashes(root, { paths: whole.paths, sha256: sha256s, facts_hashes: whole.facts_hashes });
    for (const k of inFile) delete overlay[k];
  }
  if (Object.keys(overlay).length > 0) manifest.hashes_overlay = overlay;
  else delete manifest.hashes_overlay;
  await writeFileAtomic(root, path.join(root, MANIFEST), JSON.stringify(manifest), {
    overwrite: true,
    mtimeMs: manifest.written_ms,
    durable: false,
  });
}

/**
 * Writes the three files anew from the entries this run described, by path: facts and hashes
 * first (a manifest never names files that are not on disk). None is fsynced: after a crash,
 * which may keep any of them and lose another, the manifest's digests tell, and a manifest
 * that names files not there is rebuilt (see readHashes, readFactsFile).
 */
export async function writeFreshManifest(
  root: string,
  head: Pick<Manifest, 'cache_version' | 'fingerprint'>,
  described: ReadonlyMap<string, Entry>,
  result: StoredResult | null,
): Promise<void> {
  const paths = [...described.keys()].sort();
  const entries = paths.map((rel) => described.get(rel)!);
  const factsSha = writeFacts(root, entries);
  const hashesSha = await writeHashes(root, {
    paths,
    sha256: entries.map((e) => e.sha256),
    facts_hashes: entries.map((e) => e.factsHash ?? factsHash(e.facts!)),
  });
  const manifest: Manifest = {
    ...head,
    written_ms: Date.now(),
    facts_sha256: factsSha,
    hashes_sha256: hashesSha,
    paths_sha256: pathsDigest(paths),
    sizes: entries.map((e) => e.size),
    mtimes: entries.map((e) => e.mtime_ms),
    result,
  };
  await writeFileAtomic(root, path.join(root, MANIFEST), JSON.stringify(manifest), {
    overwrite: true,
    mtimeMs: manifest.written_ms,
    durable: false,
  });
}

/** Writes the hashes file (atomically) and returns its SHA-256, which the manifest records. */
async function writeHashes(root: string, hashes: Hashes): Promise<string> {
  const text = JSON.stringify(hashes);
  await writeFileAtomic(root, path.join(root, HASHES), text, { overwrite: true, durable: false });
  return sha256(text);
}

/**
 * Writes the facts file piece by piece (see encodeFacts) and returns its SHA-256; fills in the
 * facts hash of the entries that have none. In a large repository it is megabytes: built as
 * one string and then as bytes, it added twice its size to the run's peak memory.
 */
function writeFacts(root: string, entries: readonly Entry[]): string {
  const refused = () =>
    new DocketError('WRITE_FAILED', `Could not write ${FACTS}: the file system refused it.`, {
      suggestion: `Check permissions and free space in ${CACHE_DIR}/, or delete it and run again.`,
      details: { path: FACTS },
    });
  const stream = AtomicStream.open(root, path.join(root, FACTS));
  if (!stream) throw refused();
  const hash = createHash('sha256');
  const facts = entries.map((e) => {
    // A described entry always has its facts (see IndexCache.described and hit).
    e.factsHash ??= factsHash(e.facts!);
    return e.facts!;
  });
  encodeFacts(facts, (text) => {
    hash.update(text);
    stream.write(text);
  });
  if (!stream.commit()) throw refused();
  return hash.digest('hex');
}
