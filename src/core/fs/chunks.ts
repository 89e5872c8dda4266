import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;
// O_NOFOLLOW: a symbolic link is not read through; O_NONBLOCK: a FIFO cannot hang the run.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a regular file in chunks of 1 MiB through one reused buffer, so a large file (the
 * index artifact of 100,000 documents is about 90 MB) is never held whole. `visit` gets each
 * chunk (valid until it returns), its offset and the size fstat reported; returning false
 * stops the read. 'missing': absent, a symbolic link, not a regular file, or unreadable.
 */
export function readChunks(abs: string, visit: (chunk: Buffer, at: number, size: number) => boolean): 'missing' | 'stopped' | 'done' {
  let fd: number;
  try {
    fd = openSync(abs, OPEN_FLAGS);
  } catch {
    return 'missing';
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return 'missing';
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK, stat.size + 1)));
    for (let at = 0; ; ) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return 'done';
      if (!visit(buffer.subarray(0, n), at, stat.size)) return 'stopped';
      at += n;
    }
  } catch {
    return 'missing';
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a file holds exactly `bytes`, given whole or as consecutive pieces (the index
 * artifact, never joined), compared chunk by chunk; 'missing' as readChunks says.
 */
export function compareFile(abs: string, bytes: Uint8Array | readonly Uint8Array[]): 'missing' | 'same' | 'different' {
  const pieces = bytes instanceof Uint8Array ? [bytes] : bytes;
  let total = 0;
  for (const p of pieces) total += p.length;
  // Where the next byte to compare is: a piece and an offset in it.
  let k = 0;
  let off = 0;
  let matched = 0;
  const result = readChunks(abs, (chunk, at, size) => {
    if (size !== total || at + chunk.length > total) return false;
    for (let pos = 0; pos < chunk.length; ) {
      while (off === pieces[k]!.length) (k++, (off = 0));
      const n = Math.min(chunk.length - pos, pieces[k]!.length - off);
      if (Buffer.compare(chunk.subarray(pos, pos + n), pieces[k]!.subarray(off, off + n)) !== 0) return false;
      pos += n;
      off += n;
    }
    matched = at + chunk.length;
    return true;
  });
  if (result === 'missing') return 'missing';
  return result === 'done' && matched === total ? 'same' : 'different';
}

/** SHA-256 (hex) of a file's bytes, read in chunks; undefined when readChunks finds it missing. */
export function sha256OfFile(abs: string): string | undefined {
  const hash = createHash('sha256');
  return readChunks(abs, (chunk) => (hash.update(chunk), true)) === 'done' ? hash.digest('hex') : undefined;
}
