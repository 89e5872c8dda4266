import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { RepoConfig } from '../config/types.js';
import { absolutePath, type DocumentRecord } from '../documents/read.js';
import { packReads, readRaw } from '../documents/read-bytes.js';
import { READ_WINDOW, ReadAhead, readAheadPolicy } from '../documents/read-ahead.js';
import type { GovernedFile } from '../documents/walk.js';
import { DocketError } from '../../errors/docket-error.js';
import { packagePath } from '../package-root.js';
import type { DocumentReuse } from './load.js';
import type { ChunkFile, WorkerInit, WorkerReply, WorkerTask } from './load-worker.js';
import type { Candidate, CheckCache } from './cache.js';
import type { DocMemo } from './memo.js';
import { prepareFile, prepareRaw, prepareRemembered, type PrepareContext, type Prepared } from './prepare.js';
import { CompactDocument, sharedFragment } from './compact.js';
import type { FsProbe } from './probe.js';

/**
 * Describing documents (decoding, frontmatter, Markdown, their own rules) is most of a
 * check's work and each document is independent, so large repositories share it with worker
 * threads. The main thread reads every file (parallel reads of many small files contend in
 * the kernel and got slower, not faster, on the 2-core machines measured) and passes the
 * bytes of a chunk of files to a worker without copying (a transferred buffer); between
 * chunks it describes documents itself. A worker costs tens of milliseconds to start, so
 * small repositories never use one. Where no worker runs, a thread that only reads (see
 * ReadAhead) takes the reading off the main thread instead. Results do not depend on the number of threads: every
 * document is prepared by the same code from the same bytes, and everything that depends on
 * other documents happens afterwards, in path order.
 */

/** Below this many documents to read, a worker costs more than it saves. */
export const WORKER_THRESHOLD = 2500;
const CHUNK = 256;
/** The event loop gets a turn (signals, worker replies) after this many documents. */
const YIELD_EVERY = 64;
const PROGRESS_EVERY = 1000;

/**
 * How many worker threads to use for `pending` documents. DOCKET_WORKERS=0 turns them off;
 * DOCKET_WORKERS=N uses N whatever the size (tests force the parallel path this way).
 */
export function workerCount(pending: number, env: NodeJS.ProcessEnv = process.env): number {
  const forced = env.DOCKET_WORKERS?.trim();
  if (forced !== undefined && forced !== '') {
    const n = Number(forced);
    return pending > 0 && Number.isInteger(n) && n >= 0 ? Math.min(n, 8) : 0;
  }
  if (pending < WORKER_THRESHOLD) return 0;
  // On the 2-CPU machines measured (DOCKET-SPEC-006), one worker beside the main thread did not
  // pay: the main thread reads every file, and that alone keeps one CPU half busy.
  const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return cpus >= 4 ? Math.min(cpus - 1, 3) : 0;
}

/** Files an early reader can be asked for: a walk that finds more reads them with the reader the policy starts. */
const EARLY_CAPACITY = 1 << 20;

/**
 * A reading thread started while the docs roots are still being walked, for a run that will
 * read every document (no check cache, or none usable): its start, tens of milliseconds on
 * the other CPU, then overlaps the walk instead of the first reads. It starts once the walk has
 * found as many files as the policy would need before starting one (`after + left`), never
 * where worker threads describe documents, and is handed to prepareAll (`readAhead`). The
 * caller closes it (`close`), used or not.
 */
export class EarlyReadAhead {
  reader: ReadAhead | undefined;
  private constructor(
    private readonly WorkerClass: typeof Worker,
    private threshold: number,
    private readonly hash: boolean,
  ) {}

  /**
   * undefined when no reader would start early (turned off, worker threads, or no threads
   * here). `hash`: the reader hashes each file's bytes too (see ReadAhead.start).
   */
  static async prepare(hash: boolean, env: NodeJS.ProcessEnv = process.env): Promise<EarlyReadAhead | undefined> {
    const { after, left } = readAheadPolicy(env);
    if (!Number.isFinite(after) || workerCount(Number.MAX_SAFE_INTEGER, env) !== 0) return undefined;
    try {
      return new EarlyReadAhead((await import('node:worker_threads')).Worker, after + left, hash);
    } catch {
      return undefined;
    }
  }

  /** Told how many files the walk has found so far (synchronously, from inside the walk). */
  readonly found = (count: number): void => {
    if (this.reader || count < this.threshold) return;
    try {
      this.reader = ReadAhead.startWith(this.WorkerClass, EARLY_CAPACITY, this.hash);
    } catch {
      this.threshold = Infinity; // no thread: prepareAll reads, as without one
    }
  };

  async close(): Promise<void> {
    await this.reader?.close();
  }
}

/**
 * What the last run did, for tests (the parallel path must really run where they force it).
 * On globalThis: test runners may load their own copy of this module.
 */
export const lastRun: { workers: number; chunks: number; chunksInWorkers: number; remembered: number; verified: number; readAhead: boolean; earlyReadAhead: boolean } = ((globalThis as Record<symbol, unknown>)[Symbol.for('docket.pipeline.lastRun')] ??= { workers: 0, chunks: 0, chunksInWorkers: 0, remembered: 0, verified: 0, readAhead: false, earlyReadAhead: false }) as never;

export interface PipelineOptions {
  signal?: AbortSignal;
  reuse?: DocumentReuse;
  /** check's cache: remembered documents are not read; the others are remembered (settings.memo). */
  memos?: CheckCache;
  /** A reading thread already started (see EarlyReadAhead), used from the first document and closed once every document is read; its owner closes it too, in case it was not used. */
  readAhead?: ReadAhead;
  onProgress?(done: number, total: number): void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A worker thread and the chunks it holds. */
interface Helper {
  worker: Worker;
  chunks: Map<number, readonly number[]>;
  failed: boolean;
}

/** Reads a chunk's files into buffers that can be transferred to a worker. */
function packChunk(config: RepoConfig, files: readonly GovernedFile[], chunk: readonly number[], expected: (i: number) => string | undefined): WorkerTask {
  const packed = packReads(chunk.map((i) => absolutePath(config.root, files[i]!.rel)));
  const refs: ChunkFile[] = chunk.map((i) => ({ i, rel: files[i]!.rel, ns: config.namespaces.indexOf(files[i]!.namespace), expected: expected(i) }));
  return { id: 0, files: refs, packed };
}

/**
 * Prepares every file (see prepare.ts) and hands each result to `accept` in the files' order.
 * Cached documents (`reuse.byStat`) are taken on the main thread; the others are prepared by
 * the main thread and by workers, a chunk at a time.
 */
export async function prepareAll(config: RepoConfig, files: readonly GovernedFile[], ctx: PrepareContext, opts: PipelineOptions, accept: (i: number, prepared: Prepared) => void): Promise<void> {
  const reuse = opts.reuse;
  const total = files.length;
  const results: (Prepared | undefined)[] = new Array(total);
  let accepted = 0;
  const memos = opts.memos;
  const flush = () => {
    while (accepted < total && results[accepted] !== undefined) {
      const prepared = results[accepted]!;
      if (memos) {
        // In path order: the new cache file is written as documents go by.
        const doc = prepared.doc;
        const described = prepared.memo ? { size: doc.record.size, mtimeMs: doc.record.mtimeMs, ...(prepared.digest ? { digest: prepared.digest } : {}), memo: prepared.memo } : undefined;
        memos.record(files[accepted]!, prepared.cacheRange, described);
        prepared.memo = undefined;
        prepared.digest = undefined;
        prepared.cacheRange = undefined;
      }
      accept(accepted, prepared);
      results[accepted] = undefined;
      accepted++;
      if (accepted % PROGRESS_EVERY === 0 && accepted < total) opts.onProgress?.(accepted, total);
    }
  };
  /** Documents check's cache knows by digest only (their stat changed): read and hashed, described only if the bytes differ. */
  const candidates = new Map<number, Candidate>();
  const expected = (i: number) => reuse?.expected?.(files[i]!) ?? candidates.get(i)?.digest;
  /** Bytes with the digest check's cache expected: the remembered memo, with the file's new stat (recorded again). */
  const verified = (i: number, known: DocumentRecord, candidate: Candidate): Prepared => {
    const memo = memos!.recall(files[i]!, candidate.range);
    // A line that is not a valid memo: the document is read again and described.
    if (!memo) return prepareFile(files[i]!, ctx);
    // The memo's findings get the link findings appended: the memo recorded keeps its own list.
    const recorded: DocMemo = [memo[0], memo[1], memo[2], memo[3], memo[4], memo[5], [...memo[6]]];
    const prepared = prepareRemembered(files[i]!, memo, known.size, known.mtimeMs, ctx);
    prepared.memo = recorded;
    prepared.digest = candidate.digest;
    lastRun.remembered++;
    lastRun.verified++;
    return prepared;
  };
  const store = (i: number, prepared: Prepared) => {
    const candidate = candidates.get(i);
    if (candidate) candidates.delete(i);
    if (prepared.known) prepared = candidate ? verified(i, prepared.known, candidate) : { doc: reuse!.byDigest(files[i]!, prepared.known), inbound: [] };
    else reuse?.described(prepared.doc, prepared.facts);
    results[i] = prepared;
  };
  /**
   * Whether document i is still to be prepared. flush empties the slot of every document it
   * accepts, and lookups ahead let it accept cached ones before the loop reaches them: an empty
   * slot alone does not say so.
   */
  const unprepared = (i: number) => i >= accepted && results[i] === undefined;
  const runLocally = (chunk: readonly number[]) => {
    for (const i of chunk) if (unprepared(i)) store(i, prepareFile(files[i]!, ctx, expected(i)));
  };
  const interrupted = () => {
    if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while reading documents.');
  };

  // Cached documents first (a stat each), then the rest in chunks shared with workers. When no
  // worker can be used, every document is prepared as the walk reaches it and accepted at once:
  // cached models waiting for the chunks held a whole repository's (100k documents: 40 MB).
  const inline = workerCount(total) === 0;
  const todo: number[] = [];
  lastRun.remembered = 0;
  lastRun.verified = 0;
  lastRun.readAhead = false;
  lastRun.earlyReadAhead = false;
  /** Takes a document from a cache if one knows it; true when it must be read. */
  const classify = (i: number): boolean => {
    const hit = reuse?.byStat(files[i]!);
    const known = hit ? undefined : memos?.lookup(files[i]!);
    if (hit) results[i] = { doc: hit, inbound: [] };
    else if (known && 'memo' in known) {
      const prepared = prepareRemembered(files[i]!, known.memo, known.size, known.mtimeMs, ctx);
      prepared.cacheRange = known.range;
      results[i] = prepared;
      lastRun.remembered++;
    } else {
      if (known) candidates.set(i, known);
      return true;
    }
    return false;
  };
  if (inline) {
    // Documents are looked up, read and described as the walk reaches them. Once enough of
    // them had to be read, a reading thread reads ahead (see ReadAhead): lookups then run a
    // window ahead, to tell it which files come next.
    const policy = readAheadPolicy();
    let reader: ReadAhead | undefined;
    let firstAhead = total;
    let classified = 0;
    let read = 0;
    /** A reader started before this run (opts.readAhead). */
    const early = opts.readAhead && total <= opts.readAhead.capacity ? opts.readAhead : undefined;
    if (early) {
      reader = early;
      firstAhead = 0;
      lastRun.readAhead = true;
      lastRun.earlyReadAhead = true;
      read = -Infinity;
    }
    try {
      for (let i = 0; i < total; i++) {
        if (i % YIELD_EVERY === 0 && i > 0) {
          await turn();
          interrupted();
        }
        if (!reader && read >= policy.after && total - i >= policy.left) {
          reader = await ReadAhead.start(total - i, ctx.settings.digest || ctx.settings.memoDigest === true);
          if (reader) firstAhead = classified;
          lastRun.readAhead = reader !== undefined;
          read = -Infinity; // tried once
        }
        const ahead = reader ? Math.min(total, i + READ_WINDOW) : i + 1;
        for (; classified < ahead; classified++) {
          if (classify(classified) && reader) reader.want(absolutePath(config.root, files[classified]!.rel));
        }
        if (reader && classified === total) reader.end();
        if (unprepared(i)) {
          const abs = absolutePath(config.root, files[i]!.rel);
          let raw = i >= firstAhead ? reader!.next(abs) : readRaw(abs);
          if (raw instanceof Promise) raw = await raw;
          store(i, prepareRaw(files[i]!, raw, ctx, expected(i)));
          read++;
        }
        flush();
      }
    } finally {
      // An early reader too: its thread and buffers are not needed once every document is read.
      await reader?.close();
    }
  } else {
    for (let i = 0; i < total; i++) {
      if (classify(i)) todo.push(i);
      flush();
    }
  }
  const chunks: number[][] = [];
  for (let k = 0; k < todo.length; k += CHUNK) chunks.push(todo.slice(k, k + CHUNK));
  let nextChunk = 0;

  const helpers = await startWorkers(workerCount(todo.length), config, ctx);
  lastRun.workers = helpers.length;
  lastRun.chunks = chunks.length;
  lastRun.chunksInWorkers = 0;
  let wake: (() => void) | undefined;
  const dispatch = (h: Helper) => {
    while (!h.failed && h.chunks.size < 2 && nextChunk < chunks.length) {
      const id = nextChunk++;
      const chunk = chunks[id]!;
      h.chunks.set(id, chunk);
      const task = packChunk(config, files, chunk, expected);
      task.id = id;
      h.worker.postMessage(task, [task.packed.buffer, task.packed.meta.buffer as ArrayBuffer]);
    }
  };
  const fail = (h: Helper) => {
    // A worker that fails hands its chunks back to the main thread: never a partial result.
    h.failed = true;
    void h.worker.terminate();
    wake?.();
  };
  for (const h of helpers) {
    h.worker.on('message', (reply: WorkerReply) => {
      if (h.failed || !h.chunks.delete(reply.id)) return;
      for (const item of reply.docs) store(item.i, revive(item.prepared, files[item.i]!, ctx.probe));
      lastRun.chunksInWorkers++;
      dispatch(h);
      wake?.();
    });
    h.worker.on('error', () => fail(h));
    h.worker.on('exit', () => {
      if (!h.failed && h.chunks.size > 0) fail(h);
    });
    dispatch(h);
  }

  opts.signal?.addEventListener('abort', () => wake?.(), { once: true });
  try {
    while (accepted < total) {
      interrupted();
      for (const h of helpers) dispatch(h);
      if (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++]!;
        for (let k = 0; k < chunk.length; k += YIELD_EVERY) {
          runLocally(chunk.slice(k, k + YIELD_EVERY));
          flush();
          await turn(); // signals and worker replies
          interrupted();
        }
        continue;
      }
      // Every chunk is started: take back those of failed workers, else wait for replies.
      for (const h of helpers) {
        if (!h.failed) continue;
        for (const chunk of h.chunks.values()) runLocally(chunk);
        h.chunks.clear();
      }
      flush();
      if (accepted === total) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    for (const h of helpers) h.failed = true;
    await Promise.all(helpers.map((h) => h.worker.terminate().catch(() => 0)));
  }
  opts.onProgress?.(total, total);
}

/**
 * A prepared document from a worker (always a compact model), with the main thread's namespace
 * object and strings (the copies a message brings would otherwise be kept until the last document).
 */
function revive(prepared: Prepared, file: GovernedFile, probe: FsProbe): Prepared {
  if (prepared.known) {
    prepared.known.namespace = file.namespace;
    return prepared;
  }
  const doc = CompactDocument.revive(prepared.doc as CompactDocument);
  doc.adopt(file.rel, file.namespace, probe);
  if (doc.pendingLinks) for (const link of doc.pendingLinks) {
    link.path = probe.canonical(link.path);
    link.fragment = sharedFragment(link.fragment);
  }
  prepared.doc = doc;
  return prepared;
}

async function startWorkers(count: number, config: RepoConfig, ctx: PrepareContext): Promise<Helper[]> {
  if (count === 0) return [];
  const { Worker } = await import('node:worker_threads');
  const { only, ...settings } = ctx.settings;
  const init: WorkerInit = {
    config,
    settings: { ...settings, ...(only ? { only: [...only] } : {}) },
    governed: ctx.probe.governedPaths(),
    watched: ctx.watched ? [...ctx.watched] : null,
  };
  const helpers: Helper[] = [];
  for (let k = 0; k < count; k++) {
    try {
      // Not relative to this module: bundled, it lives in dist/chunks/ (scripts/bundle.js).
      const worker = new Worker(packagePath('dist/core/check/load-worker.js'), { workerData: init });
      helpers.push({ worker, chunks: new Map(), failed: false });
    } catch {
      break; // no worker threads here: the main thread does everything
    }
  }
  return helpers;
}
