import type { Worker } from 'node:worker_threads';
import { packagePath } from '../package-root.js';
import { readRaw, unpackRead, type Packed, type RawRead } from './read-bytes.js';

/**
 * Reads documents on a second thread while the main thread describes the ones already read.
 * Opening, stat-ing, reading and closing a file are about a fifth of check's time, spent
 * blocked in the kernel; a thread that does only that overlaps it with the main thread's work
 * and costs little to start (it loads node:fs and nothing else), where a thread that also
 * describes documents must send their models back, which costs what it saves on 2 CPUs.
 *
 * Files are asked for in the order they will be used and sent to the reader a chunk at a
 * time. Each chunk is claimed once, by the reader or by the main thread (an atomic compare and
 * swap): the main thread never waits for a chunk the reader has not started, it reads it
 * itself, so a reader that is slow to start, busy or gone costs nothing but the reads it did.
 * The bytes are the same whoever reads them; results never depend on which thread did.
 */

export const CLAIM = { free: 0, reader: 1, main: 2 } as const;
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

/**
 * A chunk to read: its files' absolute paths as one string, separated by NUL (which no path
 * holds), and maybe a buffer to read the next ones into (the reader allocates none while it
 * has some). A list of 128 strings took about 0.1 ms to post, 8-11 ms of a 10k check's main
 * thread; one string takes a few microseconds (SPEC-006 §2.23).
 */
export interface ReadTask {
  id: number;
  paths: string;
  recycled: ArrayBuffer | undefined;
}

/** The separator of ReadTask.paths. */
export const PATH_SEPARATOR = '\0';

/** What the reading thread is started with: the claims of the chunks, and whether to hash each file's bytes. */
export interface ReadWorkerData {
  claims: SharedArrayBuffer;
  hash: boolean;
}

export interface ReadReply {
  id: number;
  packed: Packed;
}

/** Every field is set when a chunk is made (V8 then sees one shape, and optimised code reading chunks stays valid). */
interface Chunk {
  /** undefined: never sent, the main thread reads it. */
  id: number | undefined;
  /** The positions of its files (the first `count`; arrays are reused, see ReadAhead.spare). */
  positions: Int32Array;
  count: number;
  /** What the reader sent, unpacked a file at a time as `next` reaches it. */
  packed: Packed | undefined;
  bytes: Buffer | undefined;
  pos: number;
}

/** No file is known yet (an early reader, before the walk ends): `pathOf` is set by the run that uses it. */
const NO_PATHS = (i: number): string => {
  throw new Error(`ReadAhead: no path for file ${i} (pathOf is not set)`);
};

export class ReadAhead {
  private readonly queue: Chunk[] = [];
  /**
   * The absolute path of the file at a position. Files are wanted and returned by position:
   * a path string is made only when a chunk is sent or read here, and dies young. Paths kept
   * for the whole read-ahead window (a few hundred strings, renewed all the time) outlived
   * most scavenges, and at 100k documents V8 doubled the young generation for them (SPEC-006
   * §2.23). An early reader (see EarlyReadAhead) starts before the files are known: the run
   * that uses it sets this.
   */
  pathOf: (i: number) => string = NO_PATHS;
  private batch: Int32Array;
  private batchCount = 0;
  /** Position arrays of chunks already read, reused (the window needs a handful). */
  private readonly spare: Int32Array[] = [];
  private nextId = 0;
  /** Milliseconds `next` spent waiting for chunks the reader was still reading (--include-metrics). */
  waitedMs = 0;
  private readonly arrived = new Map<number, Packed>();
  private wake: (() => void) | undefined;
  private failed = false;

  private constructor(
    private readonly worker: Worker,
    private readonly claims: Int32Array,
    /** How many files it can be asked for (the size of `claims`). */
    readonly capacity: number,
  ) {
    this.batch = new Int32Array(READ_CHUNK);
    worker.on('message', (reply: ReadReply) => {
      this.arrived.set(reply.id, reply.packed);
      this.wake?.();
    });
    const fail = () => {
      this.failed = true;
      this.wake?.();
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
    const claims = new SharedArrayBuffer(4 * (Math.ceil(files / READ_CHUNK) + 1));
    const data: ReadWorkerData = { claims, hash };
    // Not relative to this module: bundled, it lives in dist/chunks/ (scripts/bundle.js).
    const worker = new WorkerClass(packagePath('dist/core/documents/read-worker.js'), { workerData: data });
    return new ReadAhead(worker, new Int32Array(claims), files);
  }

  /** The next file to read (its position, see pathOf), in the order `next` will return them. */
  want(position: number): void {
    this.batch[this.batchCount++] = position;
    if (this.batchCount === READ_CHUNK) this.send();
  }

  /** Every file is wanted: the last chunk goes to the reader too. */
  end(): void {
    if (this.batchCount > 0) this.send();
  }

  /** The buffer of the chunk whose last file `next` returned: its bytes are in use until `next` is called again. */
  private lastBuffer: ArrayBuffer | undefined;
  /** A buffer no longer in use, given back to the reader with the next chunk. */
  private recycle: ArrayBuffer | undefined;

  /** The wanted positions so far as a chunk (sent to the reader when `send`), and a fresh batch. */
  private takeBatch(id: number | undefined): Chunk {
    const chunk: Chunk = { id, positions: this.batch, count: this.batchCount, packed: undefined, bytes: undefined, pos: 0 };
    this.batch = this.spare.pop() ?? new Int32Array(READ_CHUNK);
    this.batchCount = 0;
    this.queue.push(chunk);
    return chunk;
  }

  private send(): void {
    const id = this.nextId++;
    const recycled = this.recycle;
    this.recycle = undefined;
    const chunk = this.takeBatch(id);
    if (this.failed) return;
    let paths = this.pathOf(chunk.positions[0]!);
    for (let k = 1; k < chunk.count; k++) paths += PATH_SEPARATOR + this.pathOf(chunk.positions[k]!);
    const task: ReadTask = { id, paths, recycled };
    this.worker.postMessage(task, recycled ? [recycled] : []);
  }

  /**
   * The bytes of the next wanted file, which the caller names (its position, as it was
   * wanted); a promise only while the reader is reading its chunk. As with readRaw, the bytes
   * are a view valid until the next call of `next`. Asking for another file than the next
   * wanted one is a bug that would give every later document the bytes of another file: it
   * throws instead.
   */
  next(position: number): RawRead | Promise<RawRead> {
    if (this.lastBuffer) {
      this.recycle = this.lastBuffer;
      this.lastBuffer = undefined;
    }
    // Not sent yet (the files wanted after it are too few so far): read here.
    const head = this.queue[0] ?? (this.batchCount > 0 ? this.takeBatch(undefined) : undefined);
    if (!head) throw new Error(`ReadAhead: asked for file ${position}, but no file is wanted`);
    if (!head.packed && head.id !== undefined) {
      const packed = this.arrived.get(head.id);
      if (packed) {
        this.arrived.delete(head.id);
        head.packed = packed;
        head.bytes = Buffer.from(packed.buffer);
      } else if (this.failed || Atomics.compareExchange(this.claims, head.id, CLAIM.free, CLAIM.main) !== CLAIM.reader) {
        head.id = undefined; // claimed here, or the reader is gone
      } else return this.wait(head.id, position);
    }
    const wanted = head.positions[head.pos]!;
    if (wanted !== position) throw new Error(`ReadAhead: asked for file ${position}, but the next file wanted is ${wanted}`);
    const raw = head.packed ? unpackRead(head.packed, head.pos, head.bytes!) : readRaw(this.pathOf(position));
    if (++head.pos === head.count) {
      this.queue.shift();
      this.spare.push(head.positions);
      this.lastBuffer = head.packed?.buffer;
    }
    return raw;
  }

  private async wait(id: number, position: number): Promise<RawRead> {
    const from = performance.now();
    await this.arrival(id);
    this.waitedMs += performance.now() - from;
    return this.next(position);
  }
  private arrival(id: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        if (this.arrived.has(id) || this.failed) {
          this.wake = undefined;
          resolve();
        }
      };
    });
  }

  private stopped: Promise<void> | undefined;

  /**
   * Stops the thread; the promise resolves once it is gone. The main thread need not wait for
   * that: tearing the thread down took it 2.5-5 ms of idling at 10k documents (SPEC-006
   * §2.23), and the process still waits for the thread before it exits.
   */
  close(): Promise<void> {
    this.failed = true;
    return (this.stopped ??= this.worker.terminate().then(
      () => undefined,
      () => undefined,
    ));
  }
}
