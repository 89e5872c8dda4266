import { parentPort, workerData } from 'node:worker_threads';
import { packReads } from './read-bytes.js';
import { CLAIM, type ReadReply, type ReadTask } from './read-ahead.js';

/**
 * The reading thread of ReadAhead: reads each chunk it is sent, unless the main thread has
 * claimed it first, into a buffer the main thread gave back when it has one, and transfers
 * the bytes. It loads nothing but node:fs.
 */
const claims = new Int32Array(workerData as SharedArrayBuffer);
const spare: ArrayBuffer[] = [];
parentPort!.on('message', (task: ReadTask) => {
  if ('recycled' in task) {
    spare.push(task.recycled);
    return;
  }
  if (Atomics.compareExchange(claims, task.id, CLAIM.free, CLAIM.reader) !== CLAIM.free) return;
  const packed = packReads(task.paths, spare.pop());
  const reply: ReadReply = { id: task.id, packed };
  parentPort!.postMessage(reply, [packed.buffer, packed.meta.buffer as ArrayBuffer]);
});
