import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { RepoConfig } from '../config/types.js';
import { ReadAhead, readAheadPolicy } from '../documents/read-ahead.js';
import type { GovernedFile } from '../documents/walk.js';
import { DocketError } from '../../errors/docket-error.js';
import type { DocumentReuse } from './load.js';
import type { CheckCache } from './cache.js';
import type { PrepareContext, Prepared } from './prepare.js';
import { Preparation, type PipelineRun } from './preparation.js';
import { prepareInline } from './prepare-inline.js';
import { prepareInChunks } from './prepare-chunks.js';

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

  /** Stops the thread if one started, without waiting for it to be gone (see ReadAhead.close). */
  close(): void {
    void this.reader?.close();
  }
}

/**
 * What the last run did, for tests (the parallel path must really run where they force it).
 * On globalThis: test runners may load their own copy of this module.
 */
export const lastRun: PipelineRun = ((globalThis as Record<symbol, unknown>)[Symbol.for('docket.pipeline.lastRun')] ??= { workers: 0, chunks: 0, chunksInWorkers: 0, remembered: 0, verified: 0, readAhead: false, earlyReadAhead: false, readWaitMs: 0 }) as never;

export interface PipelineOptions {
  signal?: AbortSignal;
  reuse?: DocumentReuse;
  /** check's cache: remembered documents are not read; the others are remembered (settings.memo). */
  memos?: CheckCache;
  /** A reading thread already started (see EarlyReadAhead), used from the first document and closed once every document is read; its owner closes it too, in case it was not used. */
  readAhead?: ReadAhead;
  onProgress?(done: number, total: number): void;
}

/**
 * Prepares every file (see prepare.ts) and hands each result to `accept` in the files' order.
 * Cached documents (`reuse.byStat`, check's memos) are taken on the main thread; the others
 * are prepared as the loop reaches them (prepare-inline.ts) or, where worker threads pay, by
 * the main thread and the workers a chunk at a time (prepare-chunks.ts). Returns what it did
 * (also kept in `lastRun`).
 */
export async function prepareAll(config: RepoConfig, files: readonly GovernedFile[], ctx: PrepareContext, opts: PipelineOptions, accept: (i: number, prepared: Prepared) => void): Promise<PipelineRun> {
  const total = files.length;
  Object.assign(lastRun, { workers: 0, chunks: 0, chunksInWorkers: 0, remembered: 0, verified: 0, readAhead: false, earlyReadAhead: false, readWaitMs: 0 });
  const prep = new Preparation(files, ctx, opts.reuse, opts.memos, lastRun, accept, opts.onProgress);
  const interrupted = () => {
    if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while reading documents.');
  };
  // A dry run's overlay (predicted files, renamed-away paths) lives in this thread: worker
  // threads would read and probe the disk as it is, not as the changes would leave it.
  if (ctx.overlay || workerCount(total) === 0) {
    const early = opts.readAhead && total <= opts.readAhead.capacity ? opts.readAhead : undefined;
    await prepareInline(config, prep, early, interrupted);
  } else {
    await prepareInChunks(config, prep, workerCount, opts.signal, interrupted);
  }
  opts.onProgress?.(total, total);
  return lastRun;
}
