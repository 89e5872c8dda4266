import { fstatSync } from 'node:fs';
import path from 'node:path';
import type { DocumentReuse } from '../engine/load.js';
import type { InspectedDocument } from '../engine/model.js';
import type { RepoConfig } from '../config/types.js';
import type { DocumentRecord } from '../engine/documents/read.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import { sha256OfFd, sha256OfFile } from '../fs/chunks.js';
import { ensureCacheDir, fingerprint as fingerprintOf, isSealed } from './cache-dir.js';
import { lstatOrNone } from '../fs/paths.js';
import { absolutePath } from '../engine/documents/read.js';
import type { Issue } from '../issues.js';
import { factsOf, type DocFacts } from '../index/facts.js';
import type { Hashes, HashesFile } from './index-hashes-file.js';
import { positionsOf, stampOf, type Positions, type RemovedFile } from './index-cache-positions.js';
import { describedFiles, parseManifest, type Manifest, type StoredResult } from './index-cache-manifest.js';
import { LOCK, factsHash, readHashes, type AddedFile, type Entry, type FileUpdate } from './index-cache-files.js';
import { entriesOf, readFactsFile, readManifestFile } from './index-cache-read.js';
import { busyWarning, corruptWarning, untrustedWarning, writeFailedWarning } from './index-cache-warnings.js';
import { acquireLock } from './index-cache-lock.js';
import { writeFreshManifest, writeUpdatedManifest } from './index-cache-write.js';

export type { IndexSummary, StoredResult } from './index-cache-manifest.js';
export type { RemovedFile } from './index-cache-positions.js';
export { factsHash, type AddedFile, type FileUpdate } from './index-cache-files.js';
import type { RebuildReason } from '../../contract/data/document-index.js';
export type { RebuildReason };

/**
 * Bump when the files' format, DocFacts or their extraction change: older caches are then
 * rebuilt. 2: the manifest holds only stats (one small read decides "nothing changed"); the
 * facts live in index-facts.json, read only when something did change. 3: the paths and the
 * content and facts hashes moved to index-hashes.json (they were most of the manifest, read
 * by every run); the manifest keeps a digest of the path list. 4: the
 * manifest may carry new facts of a few documents (facts_overlay), which override both files.
 * 5: it may describe files added since those files were written (appended), and list files
 * gone since (removed). 6: frontmatter after leading blank lines or between `----` fences is
 * read (facts of such files changed). 7: one rule for scalars: a value YAML types otherwise
 * than the schema says is read as written (`version: 0x1F` was "31.0"), and only the Python
 * tool's version keys are normalised. 8: the facts file holds columns, links as positions in
 * a list of their targets (see index-facts-file.ts).
 */
const CACHE_VERSION = 8;
/**
 * A file modified this close to (or after) the moment the manifest was written may have
 * changed again within the same mtime tick: its size and mtime are not trusted, its content
 * hash is (git's "racily clean" rule).
 */
const RACY_MS = 2000;

/** More changed files than this are not worth settling one by one: the normal path reads them. */
const MAX_SETTLED = 64;
/**
 * New facts the manifest carries (every run reads it) for documents whose facts changed (see
 * rebuiltFromFacts); past this many, or this many bytes, the next edit rebuilds and rewrites the files.
 */
const MAX_FACTS_OVERLAY = 64;
const MAX_FACTS_OVERLAY_BYTES = 256 * 1024;

export type CacheMode = 'use' | 'rebuild' | 'off';

/**
 * The incremental cache of `index`: document facts keyed by path, size, mtime and content
 * hash, valid for one fingerprint (docket version, config, schemas). Unchanged files are
 * never opened; a file whose stat changed is hashed, and parsed only if its bytes changed.
 * When every file is unchanged and the artifact is the one the last run wrote, the last
 * result is reused as is: nothing is parsed, built or written. A corrupt manifest, one docket
 * did not leave there (its mtime is not its written_ms: see isSealed) or a lock held by a
 * live process degrades to a full build with a warning; the cache never decides what the
 * index says, only what need not be read again.
 */
export class IndexCache implements DocumentReuse {
  readonly warnings: Issue[] = [];
  reason?: RebuildReason;
  private manifest?: Manifest;
  /** Entries of the last manifest by path, built on first use (see prev). */
  private previousMap?: Map<string, Entry>;
  /** When this run opened the cache: files and the artifact verified in this run are older. */
  private readonly openedMs = Date.now();
  /** The artifact's stat was too recent to trust, and its bytes were verified by their hash. */
  private artifactHashed = false;
  /** sha256 per path from the last manifest, even an unusable one: for the added/changed/removed counts. */
  private baselineOf: () => Map<string, string> = () => new Map();
  private baselineMap?: Map<string, string>;
  private next = new Map<string, Entry>();
  private facts = new WeakMap<InspectedDocument, DocFacts>();
  private loadedFacts?: DocFacts[] | null;
  private loadedHashes?: HashesFile | null;
  /**
   * By position in the manifest, 1 for the files `unchanged` found with the manifest's size
   * and mtime (and not racily clean): when some file's facts changed after all, the full
   * lookup that follows does not stat them again (a stat per document is a large part of such a run).
   */
  private verified?: Uint8Array;
  private writtenMs = 0;
  private dirty = false;
  private stored: StoredResult | null = null;
  /** Where `unchanged` found each governed file in the manifest (null: in order), for factsOfScanned. */
  private scannedAt?: Int32Array | null;
  /** Files `unchanged` settled (same facts, new stats): only the manifest needs their new stats. */
  private settled?: Map<number, FileUpdate>;
  /** New facts by position, when the result was rebuilt from the cached facts (see rebuiltFromFacts). */
  private overlaidFacts?: Map<number, DocFacts>;
  /** Files the rebuilt result added (see rebuiltFromFacts): appended to the manifest. */
  private addedFiles: readonly AddedFile[] = [];
  /** Files the rebuilt result no longer has (see rebuiltFromFacts): listed in the manifest. */
  private removedFiles: readonly RemovedFile[] = [];
  private fingerprint = '';
  private release?: () => Promise<void>;

  private constructor(
    private readonly config: RepoConfig,
    private writable: boolean,
  ) {}

  /** The last manifest's entries by path (empty without a usable manifest). */
  private get prev(): Map<string, Entry> {
    if (!this.previousMap) {
      const h = this.manifest && this.wholeHashes();
      this.previousMap = this.manifest && h ? entriesOf(this.manifest, h) : new Map();
    }
    return this.previousMap;
  }

  /** sha256 per path of the last manifest, even an unusable one (for the added/changed/removed counts). */
  private get baseline(): Map<string, string> {
    this.baselineMap ??= this.baselineOf();
    return this.baselineMap;
  }

  /** `write: false` reads the cache without taking the lock or writing it (resolve, identify, link). */
  static async open(config: RepoConfig, mode: CacheMode, opts: { write: boolean }): Promise<IndexCache> {
    const cache = new IndexCache(config, opts.write && mode !== 'off');
    if (mode === 'off') {
      cache.reason = 'cache-disabled';
      return cache;
    }
    cache.fingerprint = await fingerprintOf(config, CACHE_VERSION);
    if (cache.writable) {
      const ready = await ensureCacheDir(config.root).catch(() => false);
      cache.release = ready ? await acquireLock(config.root, LOCK) : undefined;
      if (!cache.release) {
        cache.writable = false;
        cache.reason = 'cache-busy';
        cache.warnings.push(busyWarning());
        return cache;
      }
    }
    const read = readManifestFile(config.root);
    if (!read) {
      cache.reason = 'no-cache';
      return cache;
    }
    let parsed: ReturnType<typeof parseManifest>;
    try {
      parsed = parseManifest(read.text);
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      cache.corrupt();
      return cache;
    }
    const m = parsed.manifest;
    // This version's shas are in the hashes file: read only when the counts are asked for.
    cache.baselineOf =
      parsed.shas ??
      (() => {
        const h =
          m && (cache.manifest === m && cache.loadedHashes !== undefined ? cache.loadedHashes : readHashes(config.root, m))?.whole();
        return h ? new Map(describedFiles(m, h).map((f) => [f.rel, f.sha256])) : new Map();
      });
    if (mode === 'rebuild') cache.reason = 'rebuild-requested';
    else if (!m || m.cache_version !== CACHE_VERSION || m.fingerprint !== cache.fingerprint) cache.reason = 'config-changed';
    else if (!isSealed(read.mtimeMs, m.written_ms)) cache.untrusted();
    else {
      cache.manifest = m;
      cache.writtenMs = m.written_ms;
    }
    return cache;
  }

  private corrupt(): void {
    this.reason = 'cache-corrupt';
    this.dirty = true;
    this.previousMap = new Map();
    this.manifest = undefined;
    this.warnings.push(corruptWarning(this.writable));
  }

  /** A manifest docket did not leave where it is (checked out from git, copied without its times): not used, and rewritten. */
  private untrusted(): void {
    this.reason = 'cache-untrusted';
    this.baselineOf = () => new Map();
    this.warnings.push(untrustedWarning(this.writable));
  }

  /** 'incremental' when earlier descriptions could be reused. */
  get mode(): 'full' | 'incremental' {
    return this.reason === undefined ? 'incremental' : 'full';
  }

  private trusted(mtimeMs: number): boolean {
    return mtimeMs < this.writtenMs - RACY_MS;
  }

  /**
   * The last run's result when nothing it depended on changed: the same governed files with
   * the same sizes and mtimes (none racily clean), and the artifact the last run wrote or
   * verified, unchanged. Only stats are read (and the artifact, when its mtime is too recent
   * to trust).
   */
  unchanged(files: readonly GovernedFile[]):
    | {
        result: StoredResult;
        changed: { index: number; file: GovernedFile; sha256: string; facts_hash: string }[];
        added: GovernedFile[];
        removed: RemovedFile[];
      }
    | undefined {
    const m = this.manifest;
    const r = m?.result;
    const found = m && r ? this.positions(files) : undefined;
    if (!m || !r || !found) return undefined;
    this.scannedAt = found.at ?? null;
    const changed = [];
    const verified = (this.verified = new Uint8Array(m.sizes.length));
    for (let k = 0; k < files.length; k++) {
      const i = found.at ? found.at[k]! : k;
      if (i < 0) continue;
      const stat = found.stats ? found.stats.at(k) : stampOf(absolutePath(this.config.root, files[k]!.rel));
      if (stat && stat.size === m.sizes[i] && stat.mtimeMs === m.mtimes[i] && this.trusted(m.mtimes[i])) {
        verified[i] = 1;
        continue;
      }
      // A changed (or too recent) stat: the file may still have the same bytes, or the same facts.
      if (changed.length >= MAX_SETTLED) return undefined;
      const h = this.hashesFile();
      if (!h) return undefined;
      const overlaid = m.facts_overlay?.[i];
      const [sha, facts] = [h.sha256At(i), overlaid ? factsHash(overlaid) : h.factsHashAt(i)];
      if (sha === undefined || facts === undefined) {
        this.corrupt();
        return undefined;
      }
      changed.push({ index: i, file: files[k]!, sha256: sha, facts_hash: facts });
    }
    return { result: r, changed, added: found.added, removed: found.removed };
  }

  /** Where each governed file is in the manifest (see positionsOf). */
  private positions(files: readonly GovernedFile[]): Positions | undefined {
    return positionsOf(this.manifest!, files, {
      root: this.config.root,
      trusted: (ms) => this.trusted(ms),
      paths: () => {
        const paths = this.hashesFile()?.paths() ?? null;
        if (!paths && this.loadedHashes) this.corrupt();
        return paths;
      },
    });
  }

  /**
   * Reuses the last result: every changed file was settled (same bytes, or same facts) and the
   * artifact is the one it describes. The manifest then only takes the settled files' stats.
   */
  reuseLast(updates: ReadonlyMap<number, FileUpdate>): boolean {
    if (!this.artifactIsStored()) return false;
    this.settled = new Map(updates);
    return true;
  }

  /**
   * Whether the manifest can take these documents' new facts (see rebuiltFromFacts) and stay
   * within MAX_FACTS_OVERLAY entries and bytes (always, when the cache is not written); when
   * not, the index is built in full and the files rewritten, which empties the overlay.
   */
  canOverlay(edits: readonly { index: number; facts: DocFacts }[], added: readonly AddedFile[] = []): boolean {
    if (!this.manifest) return false;
    if (!this.writable) return true;
    const overlay: Record<string, DocFacts> = { ...this.manifest.facts_overlay };
    for (const e of edits) overlay[e.index] = e.facts;
    // Added files take the positions after the last.
    added.forEach((a, j) => (overlay[this.manifest!.sizes.length + j] = a.facts));
    return Object.keys(overlay).length <= MAX_FACTS_OVERLAY && JSON.stringify(overlay).length <= MAX_FACTS_OVERLAY_BYTES;
  }

  /**
   * The facts of each governed file that `unchanged` found, in the order it was given them:
   * the cached ones (the facts file, under the manifest's overlay) with `edits` applied, and
   * undefined for a file the manifest does not describe (a new one). Undefined when the facts
   * file cannot be read (the cache is then corrupt: the caller builds in full).
   */
  factsOfScanned(count: number, edits: readonly { index: number; facts: DocFacts }[]): (DocFacts | undefined)[] | undefined {
    const m = this.manifest;
    const at = this.scannedAt;
    if (!m || at === undefined) return undefined;
    const edited = new Map(edits.map((e) => [e.index, e.facts]));
    const overlay = m.facts_overlay ?? {};
    const out: (DocFacts | undefined)[] = new Array<DocFacts | undefined>(count);
    for (let k = 0; k < count; k++) {
      const i = at ? at[k]! : k;
      if (i < 0) continue;
      const facts = edited.get(i) ?? overlay[i] ?? this.factsFile()?.[i];
      if (!facts) return undefined;
      out[k] = facts;
    }
    return out;
  }

  /**
   * The result was rebuilt from the cached facts with these changes (see buildIndex): the
   * manifest takes the changed files' stats and digests (as reuseLast's settled files do),
   * their new facts in its overlay, the added and removed files, and the new result.
   */
  rebuiltFromFacts(
    updates: ReadonlyMap<number, FileUpdate>,
    edits: readonly { index: number; facts: DocFacts }[],
    result: StoredResult | null,
    added: readonly AddedFile[] = [],
    removed: readonly RemovedFile[] = [],
  ): void {
    this.settled = new Map(updates);
    this.overlaidFacts = new Map(edits.map((e) => [e.index, e.facts]));
    this.addedFiles = added;
    this.removedFiles = removed;
    this.stored = result;
  }

  /**
   * Whether the artifact on disk is the one the stored result describes (stat, or its hash when
   * the stat is too recent); `fd`: the artifact as the caller opened it, to read it afterwards.
   */
  artifactIsStored(r: StoredResult | null | undefined = this.manifest?.result, fd?: number): boolean {
    if (!r) return false;
    const abs = path.join(this.config.root, this.config.index_path);
    const stat = fd === undefined ? lstatOrNone(abs) : fstatSync(fd);
    if (!stat?.isFile() || stat.size !== r.artifact_size || stat.mtimeMs !== r.artifact_mtime_ms) return false;
    if (this.trusted(stat.mtimeMs)) return true;
    this.artifactHashed = (fd === undefined ? sha256OfFile(abs) : sha256OfFd(fd)) === r.artifact_sha256;
    return this.artifactHashed;
  }

  /** The result of the last build when the artifact on disk is still the one it wrote; undefined otherwise. */
  storedIfArtifactIs(): StoredResult | undefined {
    const r = this.manifest?.result;
    return r && this.artifactIsStored(r) ? r : undefined;
  }

  /** The hashes file of the manifest, once; null (and a full build) when it is missing or does not match the manifest. */
  private hashesFile(): HashesFile | null {
    if (this.loadedHashes === undefined) {
      const m = this.manifest;
      if (!m) return null;
      this.loadedHashes = readHashes(this.config.root, m);
      if (this.loadedHashes === null) this.corrupt();
    }
    return this.loadedHashes;
  }

  /** The hashes file parsed whole; null (and a full build) when it is missing or not what the manifest names. */
  private wholeHashes(): Hashes | null {
    const h = this.hashesFile()?.whole() ?? null;
    if (this.loadedHashes && !h) this.corrupt();
    return h;
  }

  /** The facts file of the manifest, once; null when it is missing or does not match the manifest. */
  private factsFile(): DocFacts[] | null {
    if (this.loadedFacts === undefined) {
      this.loadedFacts = this.manifest ? readFactsFile(this.config.root, this.manifest) : null;
      if (this.loadedFacts === null) this.corrupt();
    }
    return this.loadedFacts;
  }

  private factsFor(entry: Entry): DocFacts | undefined {
    if (entry.facts) return entry.facts;
    const all = this.factsFile();
    return all ? all[entry.at] : undefined;
  }

  byStat(file: GovernedFile): InspectedDocument | undefined {
    const entry = this.prev.get(file.rel);
    if (!entry || !this.trusted(entry.mtime_ms)) return undefined;
    if (this.verified?.[entry.at] === 1) {
      // Stat'ed by `unchanged` in this run, and the manifest's: not asked again.
      const facts = this.factsFor(entry);
      return facts ? this.hit(file, entry, facts, entry.size, entry.mtime_ms) : undefined;
    }
    const stat = lstatOrNone(path.join(this.config.root, file.rel));
    if (!stat?.isFile() || stat.size !== entry.size || stat.mtimeMs !== entry.mtime_ms) return undefined;
    const facts = this.factsFor(entry);
    return facts ? this.hit(file, entry, facts, stat.size, stat.mtimeMs) : undefined;
  }

  knows(file: GovernedFile, digest: string): boolean {
    const entry = this.prev.get(file.rel);
    return entry?.sha256 === digest && this.factsFor(entry) !== undefined;
  }

  byDigest(file: GovernedFile, record: DocumentRecord): InspectedDocument {
    this.dirty = true; // new size or mtime (or a racy entry now verified)
    const entry = this.prev.get(file.rel)!;
    return this.hit(file, entry, this.factsFor(entry)!, record.size, record.mtimeMs);
  }

  expected(file: GovernedFile): string | undefined {
    const entry = this.prev.get(file.rel);
    return entry && this.factsFor(entry) !== undefined ? entry.sha256 : undefined;
  }

  described(doc: InspectedDocument, facts: DocFacts = factsOf(doc)): void {
    this.facts.set(doc, facts);
    if (doc.record.unreadable || doc.record.digest === undefined) return;
    // Its facts hash is taken from the JSON written to the facts file (writeFacts), not
    // serialised twice; keeping every document's JSON until then would raise the peak memory
    // by a string per document.
    this.next.set(doc.rel, { size: doc.record.size, mtime_ms: doc.record.mtimeMs, sha256: doc.record.digest, at: -1, facts });
    this.dirty = true;
  }

  /** The facts of a document this run loaded (from the cache or freshly). */
  factsOf(doc: InspectedDocument): DocFacts {
    return this.facts.get(doc) ?? factsOf(doc);
  }

  /** Compared with the previous manifest: how the set of documents changed. */
  changes(docs: readonly InspectedDocument[]): { added: number; changed: number; removed: number; unchanged: number } {
    const counts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
    const seen = new Set<string>();
    for (const doc of docs) {
      seen.add(doc.rel);
      const before = this.baseline.get(doc.rel);
      if (before === undefined) counts.added++;
      else if (before === (this.next.get(doc.rel)?.sha256 ?? doc.record.digest)) counts.unchanged++;
      else counts.changed++;
    }
    for (const rel of this.baseline.keys()) if (!seen.has(rel)) counts.removed++;
    return counts;
  }

  /** How the last run ended, for the next run to reuse when nothing changes (see `unchanged`). */
  remember(result: StoredResult | null): void {
    const before = this.manifest?.result ?? null;
    if (JSON.stringify(before) !== JSON.stringify(result)) this.dirty = true;
    this.stored = result;
  }

  /**
   * Writes the facts and the manifest when something changed (atomically), then releases the
   * lock. The cache is an optimisation: a file of it that cannot be written (read-only
   * checkout, no space, a directory in its place) is the warning INDEX_CACHE_WRITE_FAILED,
   * never a failed index. The previous manifest stays as it was (a manifest that no longer
   * matches its facts file makes the next run build in full).
   */
  async close(commit: boolean): Promise<void> {
    try {
      await this.write(commit);
    } catch (error) {
      this.warnings.push(writeFailedWarning(error)); // rethrows what is a bug, not the file system
    } finally {
      await this.release?.();
    }
  }

  private async write(commit: boolean): Promise<void> {
    const m = this.manifest;
    if (this.settled && m) {
      // The last result was reused: only the settled files' stats change (the facts file stays).
      // Also once the artifact had to be hashed but is older than the racy margin now: the
      // manifest's new time lets the next runs trust its stat instead of hashing it again.
      const settleArtifact = this.artifactHashed && m.result !== null && m.result.artifact_mtime_ms < this.openedMs - RACY_MS;
      if (this.writable && (this.settled.size > 0 || settleArtifact || this.overlaidFacts !== undefined)) {
        const update = {
          writtenMs: this.openedMs,
          settled: this.settled,
          result: this.stored,
          added: this.addedFiles,
          removed: this.removedFiles,
        };
        await writeUpdatedManifest(
          this.config.root,
          m,
          this.overlaidFacts ? { ...update, overlaidFacts: this.overlaidFacts } : update,
          () => this.hashesFile(),
        );
      }
      return;
    }
    // Whether a file was removed is asked last: it reads the whole hashes file, the costliest question.
    const removed = () => [...this.prev.keys()].some((rel) => !this.next.has(rel));
    if (commit && this.writable && (this.dirty || this.reason !== undefined || removed())) {
      await writeFreshManifest(this.config.root, { cache_version: CACHE_VERSION, fingerprint: this.fingerprint }, this.next, this.stored);
    }
  }

  private hit(file: GovernedFile, entry: Entry, facts: DocFacts, size: number, mtimeMs: number): InspectedDocument {
    const record: DocumentRecord = {
      rel: file.rel,
      namespace: file.namespace,
      size,
      mtimeMs,
      digest: entry.sha256,
      bom: false,
      problems: [],
      unreadable: false,
      decoded: false,
    };
    const doc: InspectedDocument = {
      rel: file.rel,
      namespace: file.namespace,
      record,
      normalized: [],
      links: [],
      anchors: [],
      readable: false,
      findings: [],
      checked: false,
      ...(facts.node ? { document_id: facts.node.document_id } : {}),
    };
    this.facts.set(doc, facts);
    this.next.set(file.rel, {
      size,
      mtime_ms: mtimeMs,
      sha256: entry.sha256,
      at: -1,
      facts,
      factsHash: entry.factsHash ?? factsHash(facts),
    });
    return doc;
  }
}
