import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * Reading a document's bytes, apart from decoding them: imports nothing but node:fs, so a
 * thread that only reads (see read-ahead.ts) loads little.
 */

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

// O_NOFOLLOW: a file swapped for a symbolic link after the walk is refused, not followed.
// O_NONBLOCK: a FIFO named *.md cannot hang the run.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** One buffer reused by every synchronous read: documents are decoded before the next read. */
let shared = Buffer.allocUnsafe(64 * 1024);

/**
 * Opens a document the safe way (no symbolic link, no blocking) and hands its descriptor and
 * stat to `use` if it is a regular file (else ENOTFILE); the descriptor is closed afterwards.
 */
export function withRegularFile<T>(abs: string, use: (fd: number, stat: Stats) => T): T {
  const fd = openSync(abs, OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTFILE' });
    return use(fd, stat);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a document's bytes safely: no symlinks, regular files only, bounded size. Synchronous
 * (open, fstat, read, close): for many small files this is several times faster than promise
 * file handles. The bytes are a view of a shared buffer, valid until the next call; `copy`
 * returns a buffer of their own.
 */
export function readBytesSync(abs: string, limit: number, copy = false): { bytes?: Buffer; size: number; mtimeMs: number } {
  return withRegularFile(abs, (fd, stat) => {
    if (stat.size > limit) return { size: stat.size, mtimeMs: stat.mtimeMs };
    let total = 0;
    // Ask for one byte more than fstat reported: a short read of a regular file is its end,
    // so most files take one read call, not two. A file that grew keeps being read below.
    if (stat.size + 1 <= shared.length) {
      const n = readSync(fd, shared, 0, stat.size + 1, null);
      if (n <= stat.size) return { bytes: copy ? Buffer.from(shared.subarray(0, n)) : shared.subarray(0, n), size: n, mtimeMs: stat.mtimeMs };
      total = n;
    }
    for (;;) {
      if (total === shared.length) {
        if (shared.length > limit) return { size: total, mtimeMs: stat.mtimeMs }; // grew past the limit while reading
        const bigger = Buffer.allocUnsafe(Math.min(Math.max(shared.length * 2, stat.size + 1), limit + 1));
        shared.copy(bigger, 0, 0, total);
        shared = bigger;
      }
      const n = readSync(fd, shared, total, shared.length - total, null);
      if (n === 0) break;
      total += n;
      if (total > limit) return { size: total, mtimeMs: stat.mtimeMs };
    }
    const view = shared.subarray(0, total);
    return { bytes: copy ? Buffer.from(view) : view, size: total, mtimeMs: stat.mtimeMs };
  });
}

/** The first `limit` bytes of a file, opened as safely as readBytesSync opens it; undefined when it cannot be read. */
export function readHeadBytes(abs: string, limit: number): Buffer | undefined {
  try {
    return withRegularFile(abs, (fd) => {
      const head = Buffer.alloc(limit);
      return head.subarray(0, readSync(fd, head, 0, limit, 0));
    });
  } catch {
    return undefined;
  }
}

/** Reads a document's bytes safely (see readBytesSync); the bytes are the caller's own. */
export async function readBytes(abs: string, limit: number): Promise<{ bytes?: Buffer; size: number; mtimeMs: number }> {
  return readBytesSync(abs, limit, true);
}

/** The outcome of reading a document's bytes, before anything is decoded (see readRaw). */
export type RawRead =
  /** `digest`: the SHA-256 of the bytes (hex), when the thread that read them hashed them. */
  | { kind: 'bytes'; bytes: Buffer; size: number; mtimeMs: number; digest?: string }
  | { kind: 'too-large'; size: number; mtimeMs: number }
  | { kind: 'error'; code: string };

/**
 * Reads a document's bytes (a view of the shared buffer: use it before the next read); never
 * throws. Split from decoding so that one thread can read while others decode.
 */
export function readRaw(abs: string): RawRead {
  try {
    const { bytes, size, mtimeMs } = readBytesSync(abs, MAX_DOCUMENT_BYTES);
    return bytes ? { kind: 'bytes', bytes, size, mtimeMs } : { kind: 'too-large', size, mtimeMs };
  } catch (error) {
    return { kind: 'error', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
  }
}

/**
 * Files read into one buffer that can be transferred to another thread without copying.
 * `meta` holds four numbers per file: offset and length of its bytes in `buffer`, size and
 * mtime; length is TOO_LARGE or FAILED (`codes[k]` says why) when there are no bytes. Typed
 * arrays, not an object per file: a message of objects costs more to receive than the reads.
 */
export interface Packed {
  buffer: ArrayBuffer;
  meta: Float64Array;
  codes?: Record<number, string>;
}

const TOO_LARGE = -1;
const FAILED = -2;

/**
 * Reads files (absolute paths) into a Packed, reusing `buffer` when it is given (it grows when
 * the files do not fit). Each file is read as readRaw reads it, straight into the buffer.
 */
export function packReads(paths: readonly string[], buffer?: ArrayBuffer): Packed {
  let view = Buffer.from(buffer ?? new ArrayBuffer(Math.max(paths.length, 1) * 8192));
  let used = 0;
  const meta = new Float64Array(paths.length * 4);
  let codes: Record<number, string> | undefined;
  const room = (n: number) => {
    if (used + n <= view.length) return;
    const bigger = Buffer.from(new ArrayBuffer(Math.max(view.length * 2, used + n)));
    view.copy(bigger, 0, 0, used);
    view = bigger;
  };
  paths.forEach((abs, k) => {
    let raw: RawRead | undefined;
    try {
      const done = withRegularFile(abs, (fd, stat) => {
        if (stat.size > MAX_DOCUMENT_BYTES) {
          raw = { kind: 'too-large', size: stat.size, mtimeMs: stat.mtimeMs };
          return false;
        }
        room(stat.size + 1);
        // One byte more than fstat said: a short read is the end (see readBytesSync).
        const n = readSync(fd, view, used, stat.size + 1, null);
        if (n > stat.size) return false;
        meta.set([used, n, n, stat.mtimeMs], k * 4);
        used += n;
        return true;
      });
      if (done) return;
    } catch (error) {
      raw = { kind: 'error', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
    }
    raw ??= readRaw(abs); // the file grew while it was read: read it again, whole
    if (raw.kind === 'bytes') {
      room(raw.bytes.length);
      raw.bytes.copy(view, used);
      meta.set([used, raw.bytes.length, raw.size, raw.mtimeMs], k * 4);
      used += raw.bytes.length;
    } else if (raw.kind === 'too-large') meta.set([0, TOO_LARGE, raw.size, raw.mtimeMs], k * 4);
    else {
      meta.set([0, FAILED, 0, 0], k * 4);
      (codes ??= {})[k] = raw.code;
    }
  });
  return { buffer: view.buffer, meta, ...(codes ? { codes } : {}) };
}

/** The RawRead of the k-th packed file; its bytes are a view of `bytes` (the packed buffer). */
export function unpackRead(packed: Packed, k: number, bytes: Buffer): RawRead {
  const m = packed.meta;
  const offset = m[k * 4]!;
  const length = m[k * 4 + 1]!;
  if (length >= 0) {
    // Built as readRaw builds it: a spread made a second shape of the same object for the code that reads both.
    return { kind: 'bytes', bytes: bytes.subarray(offset, offset + length), size: m[k * 4 + 2]!, mtimeMs: m[k * 4 + 3]! };
  }
  if (length === TOO_LARGE) return { kind: 'too-large', size: m[k * 4 + 2]!, mtimeMs: m[k * 4 + 3]! };
  return { kind: 'error', code: packed.codes?.[k] ?? 'EIO' };
}
