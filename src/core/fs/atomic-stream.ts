import { closeSync, constants, futimesSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { temporaryPathFor } from './atomic-write.js';
import { assertWritable } from './paths.js';

/**
 * Text gathered before one write call. Small on purpose: pieces waiting for a 1 MiB write
 * lived through several young-generation collections, so V8 promoted them and doubled its
 * young generation, which raised the peak memory of a run that rewrote check's cache. A write
 * call per 16 KiB costs next to nothing.
 */
const CHUNK = 1 << 14;

/**
 * A file written piece by piece into a temporary file next to `target`, then renamed over it:
 * for caches too large to build as one string (check's cache holds a line per document).
 * Not fsynced: a cache lost or torn by a crash is detected and rebuilt, never trusted.
 * Refuses (returns undefined) a target outside the root or that is a symbolic link or not a
 * regular file; write errors abort it, and `commit` reports whether the file was replaced.
 */
export class AtomicStream {
  private parts: string[] = [];
  private size = 0;
  private failed = false;

  private constructor(
    private readonly fd: number,
    private readonly tmp: string,
    private readonly target: string,
  ) {}

  static open(root: string, target: string): AtomicStream | undefined {
    try {
      assertWritable(root, target);
    } catch {
      return undefined;
    }
    try {
      const existing = lstatSync(target);
      if (!existing.isFile()) return undefined;
    } catch {
      // absent: created by the rename
    }
    const tmp = temporaryPathFor(target);
    try {
      return new AtomicStream(
        openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644),
        tmp,
        target,
      );
    } catch {
      return undefined;
    }
  }

  write(text: string): void {
    if (this.failed) return;
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK) this.flush();
  }

  /** Writes bytes at once (after the text gathered so far); the caller may reuse them afterwards. */
  writeBytes(bytes: Uint8Array): void {
    this.flush();
    if (this.failed) return;
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(this.fd, bytes, at, bytes.length - at);
    } catch {
      this.failed = true;
    }
  }

  private flush(): void {
    if (this.parts.length === 0 || this.failed) return;
    try {
      const bytes = Buffer.from(this.parts.join(''), 'utf8');
      for (let at = 0; at < bytes.length;) at += writeSync(this.fd, bytes, at, bytes.length - at);
    } catch {
      this.failed = true;
    }
    this.parts = [];
    this.size = 0;
  }

  /**
   * Renames the file over the target; false (and nothing replaced) when any write failed.
   * `mtimeMs`: the modification time to give it (a cache's seal, see isSealed).
   */
  commit(mtimeMs?: number): boolean {
    this.flush();
    try {
      if (mtimeMs !== undefined && !this.failed) futimesSync(this.fd, mtimeMs / 1000, mtimeMs / 1000);
      closeSync(this.fd);
      if (this.failed) throw new Error('write failed');
      renameSync(this.tmp, this.target);
      return true;
    } catch {
      this.abort();
      return false;
    }
  }

  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // closed already
    }
    try {
      unlinkSync(this.tmp);
    } catch {
      // gone already
    }
  }
}
