import { readlinkSync, readSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { MAX_DOCUMENT_BYTES, withRegularFile } from './read-bytes.js';
import { CONTROL, PATH_SEPARATOR, RING_BYTES, RING_SLOTS, SLOT, type ReadTask, type ReadWorkerData } from './read-ahead.js';

/**
 * The reading thread of ReadAhead: reads each file it is sent, unless the main thread has
 * claimed it first, into the ring both threads share, and marks it read. It loads nothing but
 * node:fs (and node:os, to lower its priority; node:crypto when it hashes).
 */

/**
 * On Linux the thread gives way to every other thread of the process (nice 19; setpriority
 * takes a thread ID there). On 2 CPUs it shares the second one with V8's compiler and garbage
 * collector helpers, which the main thread waits for; the reader runs a window ahead and
 * can be late, since the main thread reads a file itself when the reader has not started it.
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
const states = new Int32Array(data.states);
const meta = new Float64Array(data.meta);
const control = new Int32Array(data.control);
const ring = Buffer.from(data.ring);
const digests = data.digests ? Buffer.from(data.digests) : undefined;
// node:crypto only when the main thread wants digests (index does; check does not).
const digest = data.digests ? (await import('../text/sha256.js')).sha256 : undefined;

/**
 * The ring's reservations, oldest first: a file's bytes stay until the main thread has moved
 * past it (control[CONSUMED] > its sequence number). Reservations are contiguous in this order
 * (a file that does not fit before the end of the ring starts at 0, the skipped end counted
 * with it), so the bytes in use are one span from the oldest reservation to `write`.
 */
const reservedSeq = new Int32Array(RING_SLOTS);
const reservedBytes = new Int32Array(RING_SLOTS);
let oldest = 0;
let newest = 0;
let used = 0;
let write = 0;

function giveBack(): void {
  const consumed = Atomics.load(control, CONTROL.consumed);
  while (oldest < newest && reservedSeq[oldest % RING_SLOTS]! < consumed) {
    used -= reservedBytes[oldest % RING_SLOTS]!;
    oldest++;
  }
  if (oldest === newest) write = 0; // nothing in use: start again at the beginning
}

/** Where `need` bytes can go for file `seq`; undefined when the main thread took the file over (or stopped) while this waited for room. */
function reserve(seq: number, slot: number, need: number): number | undefined {
  for (;;) {
    giveBack();
    const skip = write + need > RING_BYTES ? RING_BYTES - write : 0;
    if (used + skip + need <= RING_BYTES && newest - oldest < RING_SLOTS) {
      const at = skip > 0 ? 0 : write;
      reservedSeq[newest % RING_SLOTS] = seq;
      reservedBytes[newest % RING_SLOTS] = skip + need;
      newest++;
      used += skip + need;
      write = at + need;
      return at;
    }
    if (Atomics.load(states, slot) !== seq * 8 + SLOT.reader || Atomics.load(control, CONTROL.closed) !== 0) return undefined;
    const consumed = Atomics.load(control, CONTROL.consumed);
    Atomics.store(control, CONTROL.waiting, 1);
    Atomics.wait(control, CONTROL.consumed, consumed, 5);
    Atomics.store(control, CONTROL.waiting, 0);
  }
}

/** Reads file `seq` as readRaw would into the ring: done, or pass (the main thread reads it: a failure, too large, grown, or no room). */
function readOne(abs: string, seq: number, slot: number): number {
  try {
    return withRegularFile(abs, (fd, stat) => {
      if (stat.size > MAX_DOCUMENT_BYTES) return SLOT.pass;
      // One byte more than fstat said: a short read is the end (see readBytesSync).
      const at = reserve(seq, slot, stat.size + 1);
      if (at === undefined) return SLOT.pass;
      const n = readSync(fd, ring, at, stat.size + 1, null);
      if (n > stat.size) return SLOT.pass; // it grew: the main thread reads it whole
      meta[slot * 3] = at;
      meta[slot * 3 + 1] = n;
      meta[slot * 3 + 2] = stat.mtimeMs;
      if (digests) digests.write(digest!(ring.subarray(at, at + n)), slot * 64, 64, 'latin1');
      return SLOT.done;
    });
  } catch {
    return SLOT.pass;
  }
}

parentPort!.on('message', (task: ReadTask) => {
  const paths = task.paths.split(PATH_SEPARATOR);
  for (let k = 0; k < paths.length; k++) {
    if (Atomics.load(control, CONTROL.closed) !== 0) return;
    const seq = task.first + k;
    const slot = seq % RING_SLOTS;
    // Skipped when the main thread has read it already (or started to).
    if (Atomics.compareExchange(states, slot, seq * 8 + SLOT.free, seq * 8 + SLOT.reader) !== seq * 8 + SLOT.free) continue;
    const outcome = readOne(paths[k]!, seq, slot);
    Atomics.compareExchange(states, slot, seq * 8 + SLOT.reader, seq * 8 + outcome);
    if (Atomics.load(control, CONTROL.mainWaiting) !== 0) Atomics.notify(states, slot);
  }
});
