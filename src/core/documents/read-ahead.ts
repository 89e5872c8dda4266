import type { Worker } from 'node:worker_threads';
import { packagePath } from '../package-root.js';
import { readRaw, type RawRead } from './read-bytes.js';

/**
 * Reads documents on a second thread while the main thread describes the ones already read.
 * Opening, stat-ing, reading and closing a file are about a fifth of check's time, spent
 * blocked in the kernel; a thread that does only that overlaps it with the main thread's work
 * and costs little to start (it loads node:fs and nothing else), where a thread that also
 * describes documents must send their models back, which costs what it saves on 2 CPUs.
 *
 * Files are asked for in the order they will be used; their paths go to the reader a batch
 * at a time, and their bytes come back through memory both threads share: each file is
 * claimed once, by the reader or by the main thread (an atomic compare and swap on its slot),
 * and the main thread never waits for a file the reader has not started, it reads it itself,
 * so a reader that is slow to start, busy or gone costs nothing but the reads it did. (Chunks
 * of 128 files sent back as messages made the main thread read or wait for whole chunks: a
 * cold 10k check was 10-11 ms slower, SPEC-006 §2.24.) The bytes are the same whoever reads
 * them; results never depend on which thread did.
 */

/** Paths sent to the reader in one message (a message per file cost more than the reads it saved). */
export const READ_CHUNK = 128;
/** How far ahead of the document being described files are looked up and handed to the reader. */
export const READ_WINDOW = 4 * READ_CHUNK;

/**
 * When a reading thread starts (see ReadAhead): once `after` files were read on the main
 * thread, if `left` more documents remain. A warm cache that leaves a few files to read never
 * starts one, nor does a small repository (at 1,000 documents, starting it at once cost more
 * than it saved; `left` is larger where each document costs the main thread less). DOCKET_READ_AHEAD=0
 * (or DOCKET_WORKERS=0) turns it off, 1 starts it at once whatever the size (tests force it this way).
 */
export function readAheadPolicy(env: NodeJS.ProcessEnv = process.env, left = 2000): { after: number; left: number } {
  const forced = env.DOCKET_READ_AHEAD?.trim();
  if (forced === '0' || env.DOCKET_WORKERS?.trim() === '0') return { after: Infinity, left: Infinity };
  return forced === '1' ? { after: 0, left: 1 } : { after: 500, left };
}

/** A batch of files to read: the sequence number of the first, and their absolute paths joined by NUL (which no path holds). */
export interface ReadTask {
  first: number;
  paths: string;
}

/** The separator of ReadTask.paths. */
export const PATH_SEPARATOR = '\0';

/**
 * The memory the two threads share. Each wanted file gets a sequence number and a slot
 * (`seq % RING_SLOTS`) whose state word is `seq * 8 + state`: a compare and swap then checks
 * the file and its state at once, so nothing done for an earlier file of the same slot can
 * touch a later one. The reader reads a file's bytes into the byte ring and records where
 * they are (`meta`: offset, length, mtime); the main thread publishes the sequence number of
 * the file it is using (`control[CONSUMED]`): every file before it has given its bytes back.
 */
export interface ReadWorkerData {
  states: SharedArrayBuffer;
  meta: SharedArrayBuffer;
  ring: SharedArrayBuffer;
  control: SharedArrayBuffer;
  /** The SHA-256 of each slot's bytes (64 hex characters), when the reader hashes. */
  digests: SharedArrayBuffer | undefined;
}

export const SLOT = { free: 0, reader: 1, done: 2, pass: 3, main: 4 } as const;
/** Slots: the window of wanted files never comes near it. */
export const RING_SLOTS = 4096;
/** Bytes of the ring: the window's files, with room to spare (a document is at most 2 MiB). */
export const RING_BYTES = 4 * 1024 * 1024;
/** Words of `control`: the file the main thread uses; the reader waits for room; closed; the main thread waits for a file. */
export const CONTROL = { consumed: 0, waiting: 1, closed: 2, mainWaiting: 3 } as const;
/** Sequence numbers stay below this, so `seq * 8 + state` is a 32-bit integer. */
const MAX_SEQ = 2 ** 28;

/** No file is known yet (an early reader, before the walk ends): `pathOf` is set by the run that uses it. */
const NO_PATHS = (i: number): string => {
  throw new Error(`ReadAhead: no path for file ${i} (pathOf is not set)`);
};

/** How long `next` waits for a file the reader is in the middle of before it reads the file itself. */
const MAX_WAIT_MS = 0.25;

export class ReadAhead {
  /**
   * The absolute path of the file at a position. Files are wanted and returned by position:
   * a path string is made only when a batch is sent or a file read here, and dies young.
   * An early reader (see EarlyReadAhead) starts before the files are known: the run that
   * uses it sets this.
   */
  pathOf: (i: number) => string = NO_PATHS;
  /** The position of each wanted file, by slot. */
  private readonly positions = new Int32Array(RING_SLOTS);
  private wanted = 0;
  private consumed = 0;
  /** Wanted files not yet sent to the reader: from `sentUpTo` to `wanted`. */
  private sentUpTo = 0;
  /** Milliseconds `next` spent waiting for files the reader was reading (--include-metrics). */
  waitedMs = 0;
  private failed = false;
  private readonly states: Int32Array;
  private readonly meta: Float64Array;
  private readonly control: Int32Array;
  private readonly ring: Buffer;
  private readonly digests: Buffer | undefined;

  private constructor(
    private readonly worker: Worker,
    data: ReadWorkerData,
    /** How many files it can be asked for. */
    readonly capacity: number,
  ) {
    this.states = new Int32Array(data.states);
    this.meta = new Float64Array(data.meta);
    this.control = new Int32Array(data.control);
    this.ring = Buffer.from(data.ring);
    this.digests = data.digests ? Buffer.from(data.digests) : undefined;
    const fail = () => {
      this.failed = true;
    };
    worker.on('error', fail);
    worker.on('exit', fail);
  }

  /**
   * A reader for at most `files` files; undefined when no thread can be started (the caller
   * reads). `hash`: it also hashes each file's bytes (RawRead.digest), which the main thread
   * would otherwise do (10k documents, 55 MB: 40-90 ms of a cold index).
   */
  static async start(files: number, hash: boolean): Promise<ReadAhead | undefined> {
    try {
      return ReadAhead.startWith((await import('node:worker_threads')).Worker, files, hash);
    } catch {
      return undefined;
    }
  }

  /** start, synchronously, given node:worker_threads' Worker (so a synchronous walk can start one); throws when no thread can be started. */
  static startWith(WorkerClass: typeof Worker, files: number, hash: boolean): ReadAhead {
    const data: ReadWorkerData = {
      states: new SharedArrayBuffer(4 * RING_SLOTS),
      meta: new SharedArrayBuffer(8 * 3 * RING_SLOTS),
      ring: new SharedArrayBuffer(RING_BYTES),
      control: new SharedArrayBuffer(4 * 4),
      digests: hash ? new SharedArrayBuffer(64 * RING_SLOTS) : undefined,
    };
    // Not relative to this module: bundled, it lives in dist/chunks/ (scripts/bundle.js).
    const worker = new WorkerClass(packagePath('dist/core/documents/read-worker.js'), { workerData: data });
    return new ReadAhead(worker, data, files);
  }

  /** The next file to read (its position, see pathOf), in the order `next` will return them. */
  want(position: number): void {
    const seq = this.wanted;
    if (seq - this.consumed >= RING_SLOTS - 1 || seq >= MAX_SEQ) throw new Error('ReadAhead: too many files wanted ahead');
    const slot = seq % RING_SLOTS;
    this.positions[slot] = position;
    Atomics.store(this.states, slot, seq * 8 + SLOT.free);
    this.wanted++;
    if (this.wanted - this.sentUpTo === READ_CHUNK) this.send();
  }

  /** Every file is wanted: the last ones go to the reader too. */
  end(): void {
    if (this.wanted > this.sentUpTo) this.send();
  }

  private send(): void {
    const first = this.sentUpTo;
    this.sentUpTo = this.wanted;
    if (this.failed) return;
    let paths = this.pathOf(this.positions[first % RING_SLOTS]!);
    for (let seq = first + 1; seq < this.wanted; seq++) paths += PATH_SEPARATOR + this.pathOf(this.positions[seq % RING_SLOTS]!);
    const task: ReadTask = { first, paths };
    this.worker.postMessage(task);
  }

  /**
   * The bytes of the next wanted file, which the caller names (its position, as it was
   * wanted). As with readRaw, the bytes are a view valid until the next call of `next`.
   * Asking for another file than the next wanted one is a bug that would give every later
   * document the bytes of another file: it throws instead. The main thread never waits for
   * a file the reader has not started (it reads it itself) and only briefly for one it is
   * reading.
   */
  next(position: number): RawRead | Promise<RawRead> {
    const seq = this.consumed;
    if (seq >= this.wanted) throw new Error(`ReadAhead: asked for file ${position}, but no file is wanted`);
    const slot = seq % RING_SLOTS;
    const wanted = this.positions[slot]!;
    if (wanted !== position) throw new Error(`ReadAhead: asked for file ${position}, but the next file wanted is ${wanted}`);
    this.consumed++;
    // Every earlier file's bytes are given back.
    Atomics.store(this.control, CONTROL.consumed, seq);
    if (Atomics.load(this.control, CONTROL.waiting) !== 0) Atomics.notify(this.control, CONTROL.consumed);
    const tag = seq * 8;
    let waited = 0;
    for (;;) {
      const state = Atomics.load(this.states, slot) - tag;
      if (state === SLOT.done) return this.fromRing(slot);
      if (state === SLOT.pass) return readRaw(this.pathOf(position));
      if (state !== SLOT.free && state !== SLOT.reader) throw new Error(`ReadAhead: file ${position} is in state ${state}`);
      if (state === SLOT.free || this.failed || waited >= MAX_WAIT_MS) {
        if (Atomics.compareExchange(this.states, slot, tag + state, tag + SLOT.main) === tag + state) return readRaw(this.pathOf(position));
        continue;
      }
      const from = performance.now();
      Atomics.store(this.control, CONTROL.mainWaiting, 1);
      Atomics.wait(this.states, slot, tag + SLOT.reader, MAX_WAIT_MS);
      Atomics.store(this.control, CONTROL.mainWaiting, 0);
      const ms = performance.now() - from;
      waited += ms;
      this.waitedMs += ms;
    }
  }

  private fromRing(slot: number): RawRead {
    const m = this.meta;
    const offset = m[slot * 3]!;
    const length = m[slot * 3 + 1]!;
    const raw: RawRead = { kind: 'bytes', bytes: this.ring.subarray(offset, offset + length), size: length, mtimeMs: m[slot * 3 + 2]! };
    if (this.digests) raw.digest = this.digests.toString('latin1', slot * 64, slot * 64 + 64);
    return raw;
  }

  private stopped: Promise<void> | undefined;

  /**
   * Stops the thread; the promise resolves once it is gone. The main thread need not wait for
   * that: tearing the thread down took it 2.5-5 ms of idling at 10k documents (SPEC-006
   * §2.23), and the process still waits for the thread before it exits.
   */
  close(): Promise<void> {
    this.failed = true;
    Atomics.store(this.control, CONTROL.closed, 1);
    Atomics.notify(this.control, CONTROL.consumed);
    return (this.stopped ??= this.worker.terminate().then(
      () => undefined,
      () => undefined,
    ));
  }
}
