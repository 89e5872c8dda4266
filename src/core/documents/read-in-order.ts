import { checkpoint } from '../interrupt.js';
import { absolutePath } from './read.js';
import { readRaw, type RawRead } from './read-bytes.js';
import { READ_WINDOW, ReadAhead, readAheadPolicy } from './read-ahead.js';

/**
 * Past this many files left to read, a reading thread pays for a scan that does little with
 * each document: measured for the ID scan of `new` (2 CPUs), at 10k documents it cost 40 ms
 * more than it saved (0.72 against 0.68 s), at 100k it saved 0.7 s (2.5 against 3.25 s).
 */
const SCAN_READ_AHEAD_LEFT = 20_000;

/**
 * Reads repository files in the given order and hands each one's bytes to `visit` (a view,
 * valid until `visit` returns, or the promise it returns settles; false stops the reading). Once the policy's number of files was read here and enough
 * remain, a reading thread reads ahead, a window of files at a time (see ReadAhead), as
 * check does; the bytes are the same whoever reads them. For a scan that needs every
 * document but little of each (its ID, its title), reading is most of the time. An aborted
 * `signal` stops the reading with INTERRUPTED (see checkpoint).
 */
export async function readInOrder(root: string, rels: readonly string[], visit: (i: number, raw: RawRead) => unknown, signal?: AbortSignal): Promise<void> {
  const policy = readAheadPolicy(process.env, SCAN_READ_AHEAD_LEFT);
  let reader: ReadAhead | undefined;
  let [firstAhead, wanted, tried] = [rels.length, 0, false];
  try {
    for (let i = 0; i < rels.length; i++) {
      const wait = checkpoint(i, signal, 'Interrupted while reading documents.');
      if (wait) await wait;
      if (!tried && i >= policy.after && rels.length - i >= policy.left) {
        tried = true;
        reader = await ReadAhead.start(rels.length - i, false);
        if (reader) {
          [firstAhead, wanted] = [i, i];
          reader.pathOf = (k) => absolutePath(root, rels[k]!);
        }
      }
      if (reader && wanted < rels.length) {
        for (const until = Math.min(rels.length, i + READ_WINDOW); wanted < until; wanted++) reader.want(wanted);
        if (wanted === rels.length) reader.end();
      }
      let raw = i >= firstAhead ? reader!.next(i) : readRaw(absolutePath(root, rels[i]!));
      if (raw instanceof Promise) raw = await raw;
      let done = visit(i, raw);
      if (done instanceof Promise) done = await done;
      if (done === false) return;
    }
  } finally {
    void reader?.close(); // not awaited: see ReadAhead.close
  }
}
