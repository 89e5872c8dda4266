import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;
// O_NOFOLLOW: a symbolic link is not read through; O_NONBLOCK: a FIFO cannot hang the run.
export const SAFE_READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a regular file in chunks of 1 MiB through one reused buffer, so a large file (the
 * index artifact of a large repository) is never held whole. `visit` gets each
 * chunk (valid until it returns), its offset and the size fstat reported; returning false
 * stops the read. 'missing': absent, a symbolic link, not a regular file, or unreadable.
 */
export function readChunks(abs: string, visit: (chunk: Buffer, at: number, size: number) => boolean): 'missing' | 'stopped' | 'done' {
  let fd: number;
  try {
    fd = openSync(abs, SAFE_READ_FLAGS);
  } catch {
    return 'missing';
  }
  try {
    return readChunksOf(fd, visit);
  } finally {
    closeSync(fd);
  }
}

/** readChunks of a file the caller opened (and closes), from its first byte whatever its position. */
function readChunksOf(fd: number, visit: (chunk: Buffer, at: number, size: number) => boolean): 'missing' | 'stopped' | 'done' {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return 'missing';
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK, stat.size + 1)));
    for (let at = 0; ;) {
      const n = readSync(fd, buffer, 0, buffer.length, at);
      if (n === 0) return 'done';
      if (!visit(buffer.subarray(0, n), at, stat.size)) return 'stopped';
      at += n;
    }
  } catch {
    return 'missing';
  }
}

/** SHA-256 (hex) of a file's bytes, read in chunks; undefined when readChunks finds it missing. */
export function sha256OfFile(abs: string): string | undefined {
  const hash = createHash('sha256');
  return readChunks(abs, (chunk) => (hash.update(chunk), true)) === 'done' ? hash.digest('hex') : undefined;
}

/** sha256OfFile of a file the caller opened. */
export function sha256OfFd(fd: number): string | undefined {
  const hash = createHash('sha256');
  return readChunksOf(fd, (chunk) => (hash.update(chunk), true)) === 'done' ? hash.digest('hex') : undefined;
}
