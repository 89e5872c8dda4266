import type { RepoConfig } from '../config/types.js';
import { absolutePath } from '../documents/read.js';
import { readRaw } from '../documents/read-bytes.js';
import { READ_WINDOW, ReadAhead, readAheadPolicy } from '../documents/read-ahead.js';
import type { Preparation } from './preparation.js';
import { prepareRaw } from './prepare.js';
import { turn, turnDue } from '../interrupt.js';

/** Documents a describing loop runs between two looks at the event loop (prepare-chunks.ts). */
export const YIELD_EVERY = 64;

/**
 * Where no worker thread describes documents: each document is looked up, read and described
 * as the loop reaches it and handed on at once (cached models waiting for chunks held a whole
 * repository's: 100k documents, 40 MB). Once enough of them had to be read, a reading thread
 * reads ahead (see ReadAhead); lookups then run a window ahead, to tell it which files come
 * next. `early`: a reader started before this run (see EarlyReadAhead).
 */
export async function prepareInline(config: RepoConfig, prep: Preparation, early: ReadAhead | undefined, interrupted: () => void): Promise<void> {
  const { files, total, ctx, run } = prep;
  const policy = readAheadPolicy();
  let reader: ReadAhead | undefined;
  let firstAhead = total;
  let classified = 0;
  let read = 0;
  const pathOf = (i: number) => absolutePath(config.root, files.at(i)!.rel);
  if (early) {
    reader = early;
    reader.pathOf = pathOf;
    firstAhead = 0;
    run.readAhead = true;
    run.earlyReadAhead = true;
    read = -Infinity;
  }
  try {
    for (let i = 0; i < total; i++) {
      if (turnDue(i)) {
        await turn();
        interrupted();
      }
      if (!reader && read >= policy.after && total - i >= policy.left) {
        reader = await ReadAhead.start(total - i, ctx.settings.digest || ctx.settings.memoDigest === true);
        if (reader) {
          firstAhead = classified;
          reader.pathOf = pathOf;
        }
        run.readAhead = reader !== undefined;
        read = -Infinity; // tried once
      }
      const ahead = reader ? Math.min(total, i + READ_WINDOW) : i + 1;
      for (; classified < ahead; classified++) {
        if (prep.classify(classified) && reader) reader.want(classified);
      }
      if (reader && classified === total) reader.end();
      if (prep.unprepared(i)) {
        const file = files.at(i)!;
        let raw = i >= firstAhead ? reader!.next(i) : readRaw(absolutePath(config.root, file.rel));
        if (raw instanceof Promise) raw = await raw;
        prep.store(i, prepareRaw(file, raw, ctx, prep.expected(i)));
        read++;
      }
      prep.flush();
    }
  } finally {
    // An early reader too: its thread and buffers are not needed once every document is read.
    if (reader) run.readWaitMs += reader.waitedMs;
    void reader?.close(); // not awaited: see ReadAhead.close
  }
}
