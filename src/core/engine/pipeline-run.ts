import type { DocumentRecord } from './documents/read.js';
import type { GovernedFile } from './documents/walk.js';
import type { DocumentReuse } from './load.js';
import type { Candidate, CheckCache } from '../cache/check-cache.js';
import { copyMemo } from '../cache/check-memo.js';
import { prepareFile, prepareRaw, prepareRemembered, type PrepareContext, type Prepared } from './prepare-document.js';
import { rawOf } from './overlay.js';

/** What a run of prepareAll did, for tests (see lastRun in pipeline.ts). */
export interface PipelineRun {
  /** Documents check's cache answered for (their memo), read or not. */
  remembered: number;
  /** Of those, documents read and hashed because their stat changed, whose bytes had the remembered digest. */
  verified: number;
}

const PROGRESS_EVERY = 1000;

/**
 * One prepareAll run, a document at a time in path order: each is taken from a cache that
 * knows it, else read and described (`prepare`), then handed on (`hand`), check's cache
 * recording it as it goes by.
 */
export class Preparation {
  readonly total: number;

  constructor(
    readonly files: readonly GovernedFile[],
    readonly ctx: PrepareContext,
    private readonly reuse: DocumentReuse | undefined,
    private readonly memos: CheckCache | undefined,
    /** What the run did, for tests (lastRun). */
    readonly run: PipelineRun,
    private readonly accept: (i: number, prepared: Prepared) => void,
    private readonly onProgress: ((done: number, total: number) => void) | undefined,
  ) {
    this.total = files.length;
  }

  /** Document i, from a cache that knows it or from its bytes. */
  prepare(i: number): Prepared {
    const file = this.files.at(i)!;
    const planned = this.ctx.overlay?.files.get(file.rel);
    if (planned) {
      const prepared = this.described(prepareRaw(file, rawOf(planned), this.ctx));
      // Bytes that are not (or not yet) the file's: check's cache remembers only what is on disk.
      prepared.memo = undefined;
      prepared.digest = undefined;
      return prepared;
    }
    const hit = this.reuse?.byStat(file);
    if (hit) return { doc: hit };
    // check's cache: a memo for the same stat, or (their stat changed) a digest the bytes may still have.
    const entry = this.memos?.lookup(file);
    if (entry && 'memo' in entry) {
      const prepared = prepareRemembered(file, entry.memo, entry.size, entry.mtimeMs, this.ctx);
      prepared.cacheRange = entry.range;
      this.run.remembered++;
      return prepared;
    }
    const prepared = prepareFile(file, this.ctx, this.reuse?.expected?.(file) ?? entry?.digest);
    if (!prepared.known) return this.described(prepared);
    return entry ? this.verified(i, prepared.known, entry) : { doc: this.reuse!.byDigest(file, prepared.known) };
  }

  /** Hands document i on (documents come in path order: the new cache file is written as they go by). */
  hand(i: number, prepared: Prepared): void {
    if (this.memos) {
      const doc = prepared.doc;
      const described = prepared.memo
        ? {
            size: doc.record.size,
            mtimeMs: doc.record.mtimeMs,
            ...(prepared.digest ? { digest: prepared.digest } : {}),
            memo: prepared.memo,
          }
        : undefined;
      this.memos.record(this.files.at(i)!, prepared.cacheRange, described);
      prepared.memo = undefined;
      prepared.digest = undefined;
      prepared.cacheRange = undefined;
    }
    this.accept(i, prepared);
    const done = i + 1;
    if (done % PROGRESS_EVERY === 0 && done < this.total) this.onProgress?.(done, this.total);
  }

  /** A document described from its bytes: the index's cache learns it. */
  private described(prepared: Prepared): Prepared {
    this.reuse?.described(prepared.doc, prepared.facts);
    return prepared;
  }

  /** Bytes with the digest check's cache expected: the remembered memo, with the file's new stat (recorded again). */
  private verified(i: number, known: DocumentRecord, candidate: Candidate): Prepared {
    const file = this.files.at(i)!;
    const memo = this.memos!.recall(file, candidate.range);
    // A line that is not a valid memo: the document is read again and described.
    if (!memo) return prepareFile(file, this.ctx);
    // The memo's findings get the link findings appended: the memo recorded keeps its own list.
    const recorded = copyMemo(memo);
    const prepared = prepareRemembered(file, memo, known.size, known.mtimeMs, this.ctx);
    prepared.memo = recorded;
    prepared.digest = candidate.digest;
    this.run.remembered++;
    this.run.verified++;
    return prepared;
  }
}
