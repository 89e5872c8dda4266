import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { packReads } from './read-bytes.js';
import { CLAIM, PATH_SEPARATOR, type ReadReply, type ReadTask, type ReadWorkerData } from './read-ahead.js';

/**
 * The reading thread of ReadAhead: reads each chunk it is sent, unless the main thread has
 * claimed it first, into a buffer the main thread gave back when it has one, and transfers
 * the bytes. It loads nothing but node:fs (and node:os, to lower its priority).
 */

/**
 * On Linux the thread gives way to every other thread of the process (nice 19; setpriority
 * takes a thread ID there). On 2 CPUs it shares the second one with V8's compiler and garbage
 * collector helpers, which the main thread waits for; the reader runs a window ahead and
 * can be late, since the main thread reads a chunk itself when the reader has not started it.
 * Elsewhere (no /proc/thread-self) it keeps its priority.
 */
function yieldToOtherThreads(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // not Linux, or no /proc: normal priority
  }
}

yieldToOtherThreads();
const data = workerData as ReadWorkerData;
const claims = new Int32Array(data.claims);
// node:crypto only when the main thread wants digests (index does; check does not).
const digest = data.hash ? (await import('../text/sha256.js')).sha256 : undefined;
const spare: ArrayBuffer[] = [];
parentPort!.on('message', (task: ReadTask) => {
  if (task.recycled) spare.push(task.recycled);
  if (Atomics.compareExchange(claims, task.id, CLAIM.free, CLAIM.reader) !== CLAIM.free) return;
  const packed = packReads(task.paths.split(PATH_SEPARATOR), spare.pop(), digest);
  const reply: ReadReply = { id: task.id, packed };
  parentPort!.postMessage(reply, [packed.buffer, packed.meta.buffer as ArrayBuffer]);
});
