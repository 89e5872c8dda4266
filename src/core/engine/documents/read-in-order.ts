import { checkpoint } from '../../interrupt.js';
import { absolutePath } from './read.js';
import { readRaw, type RawRead } from './read-bytes.js';

/**
 * Reads repository files in the given order and hands each one's bytes to `visit` (a view,
 * valid until `visit` returns, or the promise it returns settles; false stops the reading).
 * For a scan that needs every document but little of each (its ID, its title), reading is
 * most of the time. An aborted `signal` stops the reading with INTERRUPTED (see checkpoint).
 */
export async function readInOrder(
  root: string,
  rels: readonly string[],
  visit: (i: number, raw: RawRead) => unknown,
  signal?: AbortSignal,
): Promise<void> {
  for (let i = 0; i < rels.length; i++) {
    const wait = checkpoint(i, signal, 'Interrupted while reading documents.');
    if (wait) await wait;
    let done = visit(i, readRaw(absolutePath(root, rels[i]!)));
    if (done instanceof Promise) done = await done;
    if (done === false) return;
  }
}
