import type { DocumentRecord } from '../documents/read.js';
import type { FileList } from '../documents/walk.js';
import type { DocumentReuse } from './load.js';
import type { Candidate, CheckCache } from './cache.js';
import type { DocMemo } from './memo.js';
import { prepareFile, prepareRaw, prepareRemembered, type PrepareContext, type Prepared } from './prepare.js';
import { rawOf } from './overlay.js';

/** What a run of prepareAll did, for tests (see lastRun in parallel.ts). */
export interface PipelineRun {
  workers: number;
  chunks: number;
  chunksInWorkers: number;
  remembered: number;
  verified: number;
  readAhead: boolean;
  earlyReadAhead: boolean;
  /** Milliseconds the main thread waited for the reading thread's chunks. */
  readWaitMs: number;
}

const PROGRESS_EVERY = 1000;

/**
 * The bookkeeping of one prepareAll run, whichever path prepares the documents: a slot per
 * file, filled in any order (cache hits, the main thread, workers) and handed on in path
 * order (`flush`), with check's cache recording each document as it goes by.
 */
export class Preparation {
  readonly total: number;
  private readonly results: (Prepared | undefined)[];
  /** How many documents were handed on (`accept`): slots before this one are empty again. */
  accepted = 0;
  /** Documents check's cache knows by digest only (their stat changed): read and hashed, described only if the bytes differ. */
  private readonly candidates = new Map<number, Candidate>();

  constructor(
    readonly files: FileList,
    readonly ctx: PrepareContext,
    private readonly reuse: DocumentReuse | undefined,
    private readonly memos: CheckCache | undefined,
    /** What the run did, for tests (lastRun). */
    readonly run: PipelineRun,
    private readonly accept: (i: number, prepared: Prepared) => void,
    private readonly onProgress: ((done: number, total: number) => void) | undefined,
  ) {
    this.total = files.length;
    this.results = new Array<Prepared | undefined>(this.total);
  }

  /** Hands on every prepared document that is next in path order. */
  flush(): void {
    const { files, memos, results, total } = this;
    while (this.accepted < total && results[this.accepted] !== undefined) {
      const i = this.accepted;
      const prepared = results[i]!;
      if (memos) {
        // In path order: the new cache file is written as documents go by.
        const doc = prepared.doc;
        const described = prepared.memo ? { size: doc.record.size, mtimeMs: doc.record.mtimeMs, ...(prepared.digest ? { digest: prepared.digest } : {}), memo: prepared.memo } : undefined;
        memos.record(files.at(i)!, prepared.cacheRange, described);
        prepared.memo = undefined;
        prepared.digest = undefined;
        prepared.cacheRange = undefined;
      }
      this.accept(i, prepared);
      results[i] = undefined;
      this.accepted++;
      if (this.accepted % PROGRESS_EVERY === 0 && this.accepted < total) this.onProgress?.(this.accepted, total);
    }
  }

  /** The digest a cache expects of file i's bytes (undefined: none). */
  readonly expected = (i: number): string | undefined => this.reuse?.expected?.(this.files.at(i)!) ?? this.candidates.get(i)?.digest;

  /** Fills document i's slot with what was prepared from its bytes. */
  store(i: number, prepared: Prepared): void {
    const candidate = this.candidates.get(i);
    if (candidate) this.candidates.delete(i);
    if (prepared.known) prepared = candidate ? this.verified(i, prepared.known, candidate) : { doc: this.reuse!.byDigest(this.files.at(i)!, prepared.known), inbound: [] };
    else this.reuse?.described(prepared.doc, prepared.facts);
    this.results[i] = prepared;
  }

  /**
   * Whether document i is still to be prepared. flush empties the slot of every document it
   * accepts, and lookups ahead let it accept cached ones before the loop reaches them: an empty
   * slot alone does not say so.
   */
  unprepared(i: number): boolean {
    return i >= this.accepted && this.results[i] === undefined;
  }

  /** Prepares the chunk's documents still to be prepared, on this thread. */
  runLocally(chunk: readonly number[]): void {
    for (const i of chunk) if (this.unprepared(i)) this.store(i, prepareFile(this.files.at(i)!, this.ctx, this.expected(i)));
  }

  /** Takes a document from a cache if one knows it; true when it must be read. */
  classify(i: number): boolean {
    const file = this.files.at(i)!;
    const planned = this.ctx.overlay?.files.get(file.rel);
    if (planned) {
      this.store(i, prepareRaw(file, rawOf(planned), this.ctx));
      return false;
    }
    const hit = this.reuse?.byStat(file);
    const known = hit ? undefined : this.memos?.lookup(file);
    if (hit) this.results[i] = { doc: hit, inbound: [] };
    else if (known && 'memo' in known) {
      const prepared = prepareRemembered(file, known.memo, known.size, known.mtimeMs, this.ctx);
      prepared.cacheRange = known.range;
      this.results[i] = prepared;
      this.run.remembered++;
    } else {
      if (known) this.candidates.set(i, known);
      return true;
    }
    return false;
  }

  /** Bytes with the digest check's cache expected: the remembered memo, with the file's new stat (recorded again). */
  private verified(i: number, known: DocumentRecord, candidate: Candidate): Prepared {
    const file = this.files.at(i)!;
    const memo = this.memos!.recall(file, candidate.range);
    // A line that is not a valid memo: the document is read again and described.
    if (!memo) return prepareFile(file, this.ctx);
    // The memo's findings get the link findings appended: the memo recorded keeps its own list.
    const recorded: DocMemo = [memo[0], memo[1], memo[2], memo[3], memo[4], memo[5], [...memo[6]]];
    const prepared = prepareRemembered(file, memo, known.size, known.mtimeMs, this.ctx);
    prepared.memo = recorded;
    prepared.digest = candidate.digest;
    this.run.remembered++;
    this.run.verified++;
    return prepared;
  }
}
