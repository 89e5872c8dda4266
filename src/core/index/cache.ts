import { createHash } from 'node:crypto';
import { constants, readFileSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { DocumentReuse } from '../check/load.js';
import type { InspectedDocument } from '../check/model.js';
import type { RepoConfig } from '../config/types.js';
import type { DocumentRecord } from '../documents/read.js';
import type { GovernedFile } from '../documents/walk.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { isInside, realpathOfExistingAncestor } from '../fs/paths.js';
import { currentHolder, holderLiveness, type Holder } from '../ids/holder.js';
import type { Issue } from '../issues.js';
import { factsOf, type DocFacts } from './facts.js';

export const CACHE_DIR = '.docket/cache';
const MANIFEST = `${CACHE_DIR}/index.json`;
const LOCK = `${CACHE_DIR}/index.lock`;
/** Bump when DocFacts or their extraction change: older caches are then rebuilt. */
const CACHE_VERSION = 1;
/**
 * A file modified this close to (or after) the moment the manifest was written may have
 * changed again within the same mtime tick: its size and mtime are not trusted, its content
 * hash is (git's "racily clean" rule).
 */
const RACY_MS = 2000;
/** A lock file that cannot be parsed is someone's lock being written, unless it is this old. */
const STALE_UNREADABLE_LOCK_MS = 60_000;

interface Entry {
  size: number;
  mtime_ms: number;
  sha256: string;
  facts: DocFacts;
}

interface Manifest {
  cache_version: number;
  fingerprint: string;
  written_ms: number;
  entries: Record<string, Entry>;
}

export type CacheMode = 'use' | 'rebuild' | 'off';
export type RebuildReason = 'no-cache' | 'cache-disabled' | 'rebuild-requested' | 'config-changed' | 'cache-corrupt' | 'cache-busy';

let packageVersion: string | undefined;
function docketVersion(): string {
  packageVersion ??= (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return packageVersion;
}

/** Everything a document's facts depend on besides its bytes: docket, the config, the schemas. */
async function fingerprint(config: RepoConfig): Promise<string> {
  const schemas: [string, string | null][] = [];
  for (const p of [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort()) {
    const bytes = await fs.readFile(path.join(config.root, p)).catch(() => undefined);
    schemas.push([p, bytes ? createHash('sha256').update(bytes).digest('hex') : null]);
  }
  const { root: _root, raw: _raw, ...rest } = config;
  return createHash('sha256').update(JSON.stringify({ cache: CACHE_VERSION, docket: docketVersion(), config: rest, schemas })).digest('hex');
}

function isEntry(v: unknown): v is Entry {
  const e = v as Entry;
  return !!e && typeof e === 'object' && Number.isFinite(e.size) && Number.isFinite(e.mtime_ms) && typeof e.sha256 === 'string' && !!e.facts && typeof e.facts === 'object' && Array.isArray(e.facts.links);
}

function parseManifest(text: string): Manifest | undefined {
  const m = JSON.parse(text) as Manifest;
  if (!m || typeof m !== 'object' || typeof m.fingerprint !== 'string' || !Number.isFinite(m.written_ms) || !m.entries || typeof m.entries !== 'object') return undefined;
  if (!Object.values(m.entries).every(isEntry)) return undefined;
  return m;
}

async function ensureCacheDir(root: string): Promise<boolean> {
  const dir = path.join(root, CACHE_DIR);
  for (const p of [path.join(root, '.docket'), dir]) {
    if ((await fs.lstat(p).catch(() => undefined))?.isSymbolicLink()) return false;
  }
  if (!isInside(root, realpathOfExistingAncestor(dir))) return false;
  await fs.mkdir(dir, { recursive: true });
  // .docket/ ignores itself in git, even where the root .gitignore does not list it.
  await fs.writeFile(path.join(root, '.docket', '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
  return true;
}

/** Takes the cache lock (exclusive create); a lock whose holder died is taken over. */
async function acquireLock(root: string): Promise<(() => Promise<void>) | undefined> {
  const file = path.join(root, LOCK);
  const token = `${JSON.stringify(currentHolder())}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      return async () => {
        // Remove only our own lock: a stale-lock takeover may have replaced it.
        if ((await fs.readFile(file, 'utf8').catch(() => '')) === token) await fs.unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    let holder: Holder | undefined;
    try {
      holder = text ? (JSON.parse(text) as Holder) : undefined;
    } catch {
      holder = undefined;
    }
    const stat = await fs.stat(file).catch(() => undefined);
    const dead = holder ? holderLiveness(holder) === 'dead' : stat !== undefined && Date.now() - stat.mtimeMs > STALE_UNREADABLE_LOCK_MS;
    if (!dead) return undefined;
    await fs.unlink(file).catch(() => undefined);
  }
  return undefined;
}

/**
 * The incremental cache of `index`: document facts keyed by path, size, mtime and content
 * hash, valid for one fingerprint (docket version, config, schemas). Unchanged files are
 * never opened; a file whose stat changed is hashed, and parsed only if its bytes changed.
 * A corrupt manifest or a lock held by a live process degrades to a full build with a
 * warning; the cache never decides what the index says, only what need not be read again.
 */
export class IndexCache implements DocumentReuse {
  readonly warnings: Issue[] = [];
  reason?: RebuildReason;
  private previous = new Map<string, Entry>();
  /** sha256 per path from the last manifest, even an unusable one: for the added/changed/removed counts. */
  private baseline = new Map<string, string>();
  private next = new Map<string, Entry>();
  private facts = new WeakMap<InspectedDocument, DocFacts>();
  private writtenMs = 0;
  private dirty = false;
  private fingerprint = '';
  private release?: () => Promise<void>;

  private constructor(private readonly config: RepoConfig, private writable: boolean) {}

  /** `write: false` reads the cache without taking the lock or writing it (resolve, identify, link). */
  static async open(config: RepoConfig, mode: CacheMode, opts: { write: boolean }): Promise<IndexCache> {
    const cache = new IndexCache(config, opts.write && mode !== 'off');
    if (mode === 'off') {
      cache.reason = 'cache-disabled';
      return cache;
    }
    cache.fingerprint = await fingerprint(config);
    if (cache.writable) {
      const ready = await ensureCacheDir(config.root).catch(() => false);
      cache.release = ready ? await acquireLock(config.root) : undefined;
      if (!cache.release) {
        cache.writable = false;
        cache.reason = 'cache-busy';
        cache.warnings.push({ code: 'INDEX_CACHE_BUSY', severity: 'warning', message: `Another docket process holds ${LOCK} (or it cannot be created); the index was built without the cache.`, path: LOCK, suggestion: 'Nothing to do: the index is complete. A lock left by a dead process is taken over automatically.' });
        return cache;
      }
    }
    const text = await fs.readFile(path.join(config.root, MANIFEST), 'utf8').catch(() => undefined);
    if (text === undefined) {
      cache.reason = 'no-cache';
      return cache;
    }
    let manifest: Manifest | undefined;
    try {
      manifest = parseManifest(text);
    } catch {
      manifest = undefined;
    }
    if (!manifest) {
      cache.reason = 'cache-corrupt';
      cache.dirty = true;
      cache.warnings.push({ code: 'INDEX_CACHE_CORRUPT', severity: 'warning', message: `${MANIFEST} could not be read; the index was built in full${cache.writable ? ' and the cache rewritten' : ''}.`, path: MANIFEST, suggestion: 'Nothing to do: the index is complete. Delete .docket/cache/ if the warning repeats.' });
      return cache;
    }
    for (const [rel, e] of Object.entries(manifest.entries)) cache.baseline.set(rel, e.sha256);
    if (mode === 'rebuild') cache.reason = 'rebuild-requested';
    else if (manifest.cache_version !== CACHE_VERSION || manifest.fingerprint !== cache.fingerprint) cache.reason = 'config-changed';
    else {
      cache.previous = new Map(Object.entries(manifest.entries));
      cache.writtenMs = manifest.written_ms;
    }
    return cache;
  }

  /** 'incremental' when earlier descriptions could be reused. */
  get mode(): 'full' | 'incremental' {
    return this.reason === undefined ? 'incremental' : 'full';
  }

  async byStat(file: GovernedFile): Promise<InspectedDocument | undefined> {
    const entry = this.previous.get(file.rel);
    if (!entry || entry.mtime_ms >= this.writtenMs - RACY_MS) return undefined;
    const stat = await fs.lstat(path.join(this.config.root, file.rel)).catch(() => undefined);
    if (!stat?.isFile() || stat.size !== entry.size || stat.mtimeMs !== entry.mtime_ms) return undefined;
    return this.hit(file, entry, stat.size, stat.mtimeMs);
  }

  knows(file: GovernedFile, digest: string): boolean {
    return this.previous.get(file.rel)?.sha256 === digest;
  }

  byDigest(file: GovernedFile, record: DocumentRecord): InspectedDocument {
    this.dirty = true; // new size or mtime (or a racy entry now verified)
    return this.hit(file, this.previous.get(file.rel)!, record.size, record.mtimeMs);
  }

  described(doc: InspectedDocument): void {
    const facts = factsOf(doc);
    this.facts.set(doc, facts);
    if (doc.record.unreadable || doc.record.digest === undefined) return;
    this.next.set(doc.rel, { size: doc.record.size, mtime_ms: doc.record.mtimeMs, sha256: doc.record.digest, facts });
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

  /** Writes the manifest when something changed (atomically), then releases the lock. */
  async close(commit: boolean): Promise<void> {
    try {
      const removed = [...this.previous.keys()].some((rel) => !this.next.has(rel));
      if (commit && this.writable && (this.dirty || removed || this.reason !== undefined)) {
        const entries: Record<string, Entry> = {};
        for (const rel of [...this.next.keys()].sort()) entries[rel] = this.next.get(rel)!;
        const manifest: Manifest = { cache_version: CACHE_VERSION, fingerprint: this.fingerprint, written_ms: Date.now(), entries };
        await writeFileAtomic(this.config.root, path.join(this.config.root, MANIFEST), JSON.stringify(manifest), { overwrite: true });
      }
    } finally {
      await this.release?.();
    }
  }

  private hit(file: GovernedFile, entry: Entry, size: number, mtimeMs: number): InspectedDocument {
    const record: DocumentRecord = { rel: file.rel, namespace: file.namespace, size, mtimeMs, digest: entry.sha256, bom: false, problems: [], unreadable: false, decoded: false };
    const doc: InspectedDocument = { rel: file.rel, namespace: file.namespace, record, normalized: [], links: [], anchors: [], findings: [], checked: false, ...(entry.facts.node ? { document_id: entry.facts.node.document_id } : {}) };
    this.facts.set(doc, entry.facts);
    this.next.set(file.rel, { ...entry, size, mtime_ms: mtimeMs });
    return doc;
  }
}
