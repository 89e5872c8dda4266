import type { GovernedFile } from './documents/walk.js';
import { checkpoint } from '../interrupt.js';
import type { DocumentReuse } from './load.js';
import type { CheckCache } from '../cache/check-cache.js';
import type { PrepareContext, Prepared } from './prepare-document.js';
import { Preparation, type PipelineRun } from './pipeline-run.js';

/**
 * What the last run did, for tests (which documents a cache answered for). On globalThis:
 * test runners may load their own copy of this module.
 */
export const lastRun: PipelineRun = ((globalThis as Record<symbol, unknown>)[Symbol.for('docket.pipeline.lastRun')] ??= {
  remembered: 0,
  verified: 0,
}) as never;

export interface PipelineOptions {
  signal?: AbortSignal;
  reuse?: DocumentReuse;
  /** check's cache: remembered documents are not read; the others are remembered (settings.memo). */
  memos?: CheckCache;
  onProgress?(done: number, total: number): void;
}

/**
 * Prepares every file (see prepare-document.ts) and hands each result to `accept` in the files' order,
 * one document at a time on this thread: each is looked up in the caches, else read and
 * described, and handed on at once (models held back for a batch would keep a whole
 * repository's). Returns what it did (also kept in `lastRun`).
 */
export async function prepareAll(
  files: readonly GovernedFile[],
  ctx: PrepareContext,
  opts: PipelineOptions,
  accept: (i: number, prepared: Prepared) => void,
): Promise<PipelineRun> {
  const total = files.length;
  Object.assign(lastRun, { remembered: 0, verified: 0 });
  const prep = new Preparation(files, ctx, opts.reuse, opts.memos, lastRun, accept, opts.onProgress);
  for (let i = 0; i < total; i++) {
    const wait = checkpoint(i, opts.signal, 'Interrupted while reading documents.');
    if (wait) await wait;
    prep.hand(i, prep.prepare(i));
  }
  opts.onProgress?.(total, total);
  return lastRun;
}
