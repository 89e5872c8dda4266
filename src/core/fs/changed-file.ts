import { createHash, type Hash } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { checkWriteTarget, fsyncDir, temporaryPathFor, writeFailed } from './atomic-write.js';
import { SAFE_READ_FLAGS } from './chunks.js';

/** How the new bytes compare with the file on disk: 'missing' (absent, or not a regular file), 'same', 'different'. */
export type OnDisk = 'missing' | 'same' | 'different';

export interface ChangedFileOptions {
  /** Replace the file when its bytes change (false: only compare). */
  write: boolean;
  /** Hash the new bytes (SHA-256). */
  hash: boolean;
  /** false: the caller knows the bytes differ from the file's; they are written from the first one on, never compared. */
  compare?: boolean;
  /** false: a scratch file that is deleted afterwards: neither it nor its directory is fsynced. */
  durable?: boolean;
}

/** What a ChangedFile found and did. `sha256` is set when it hashed. */
export interface ChangedFileResult {
  onDisk: OnDisk;
  written: boolean;
  sha256?: string;
}

const COPY_CHUNK = 1 << 20;

/**
 * A file's new content, given piece by piece as text and never held whole (the index artifact
 * of a large repository is tens of megabytes): each piece is encoded into one reused buffer, hashed,
 * and compared with the file on disk at the same offset. Only at the first difference does a
 * temporary file start, with the identical prefix copied from the old file; `finish` fsyncs it
 * and renames it over the target. A file whose bytes do not change is never written, and the
 * checks and errors are writeFileAtomic's (outside the root, symbolic link, not a regular file).
 */
export class ChangedFile {
  private scratch = Buffer.allocUnsafe(0);
  private old: Buffer | undefined;
  private readonly hash: Hash | undefined;
  /** The old file while the bytes so far match it; undefined once they differ (or it is missing). */
  private oldFd: number | undefined;
  private oldSize = 0;
  /** The temporary file, from the first difference on (write mode). */
  private tmpFd: number | undefined;
  private tmp: string | undefined;
  private at = 0;
  private state: OnDisk;
  private readonly mode: number;

  private constructor(
    private readonly root: string,
    private readonly target: string,
    private readonly opts: ChangedFileOptions,
  ) {
    this.mode = opts.write ? checkWriteTarget(root, target, { overwrite: true }) : 0;
    this.hash = opts.hash ? createHash('sha256') : undefined;
    if (opts.compare !== false) this.openOld();
    this.state = opts.compare === false ? 'different' : this.oldFd === undefined ? 'missing' : 'same';
  }

  /** The old file, to compare the new bytes with (absent or not a regular file: every byte is new). */
  private openOld(): void {
    let fd: number | undefined;
    try {
      fd = openSync(this.target, SAFE_READ_FLAGS);
      const stat = fstatSync(fd);
      if (stat.isFile()) {
        this.oldFd = fd;
        this.oldSize = stat.size;
      }
    } catch {
      // absent or unreadable: every byte is new
    }
    if (fd !== undefined && this.oldFd === undefined) closeSync(fd);
  }

  static open(root: string, target: string, opts: ChangedFileOptions): ChangedFile {
    return new ChangedFile(root, target, opts);
  }

  /** Adds the next piece of the content. */
  add(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (this.scratch.length < text.length * 3) this.scratch = Buffer.allocUnsafe(Math.max(text.length * 3, 2 * this.scratch.length));
    this.addBytes(this.scratch.subarray(0, this.scratch.write(text, 'utf8')));
  }

  /** Adds the next piece of the content as bytes (the caller may reuse them afterwards). */
  addBytes(bytes: Uint8Array): void {
    this.hash?.update(bytes);
    if (this.oldFd !== undefined && !this.matches(bytes)) this.differ();
    if (this.oldFd === undefined && this.opts.write) {
      this.startTemporary();
      try {
        this.writeAll(bytes);
      } catch (error) {
        this.abort();
        throw writeFailed(this.root, this.target, error);
      }
    }
    this.at += bytes.length;
  }

  /** Whether the old file has `bytes` at the current offset. */
  private matches(bytes: Uint8Array): boolean {
    if (this.at + bytes.length > this.oldSize) return false;
    if (!this.old || this.old.length < bytes.length) this.old = Buffer.allocUnsafe(Math.max(bytes.length, COPY_CHUNK));
    let got = 0;
    try {
      while (got < bytes.length) {
        const n = readSync(this.oldFd!, this.old, got, bytes.length - got, this.at + got);
        if (n === 0) return false;
        got += n;
      }
    } catch {
      return false;
    }
    return this.old.subarray(0, got).equals(bytes);
  }

  /** The bytes so far were the old file's first `at` bytes; the next ones are not. */
  private differ(): void {
    this.state = 'different';
    if (this.opts.write) this.startTemporary();
    this.closeOld();
  }

  /** Opens the temporary file (once), with the old file's first `at` bytes: the same as the new ones so far. */
  private startTemporary(): void {
    if (this.tmpFd !== undefined) return;
    const tmp = temporaryPathFor(this.target);
    try {
      mkdirSync(path.dirname(this.target), { recursive: true });
      this.tmpFd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), this.mode);
      this.tmp = tmp;
      if (this.oldFd !== undefined) this.copyPrefix();
    } catch (error) {
      this.abort();
      throw writeFailed(this.root, this.target, error);
    }
  }

  private copyPrefix(): void {
    if (this.at === 0) return;
    const buffer = this.old && this.old.length >= COPY_CHUNK ? this.old : (this.old = Buffer.allocUnsafe(COPY_CHUNK));
    for (let from = 0; from < this.at;) {
      const n = readSync(this.oldFd!, buffer, 0, Math.min(COPY_CHUNK, this.at - from), from);
      if (n === 0) throw Object.assign(new Error('the old file shrank while it was copied'), { code: 'EIO' });
      this.writeAll(buffer.subarray(0, n));
      from += n;
    }
  }

  private writeAll(bytes: Uint8Array): void {
    for (let done = 0; done < bytes.length;) done += writeSync(this.tmpFd!, bytes, done, bytes.length - done);
  }

  private closeOld(): void {
    if (this.oldFd !== undefined) closeSync(this.oldFd);
    this.oldFd = undefined;
  }

  /** Ends the content: a changed file is fsynced and renamed over the target. */
  async finish(): Promise<ChangedFileResult> {
    // Every byte so far matched, but the old file goes on.
    if (this.oldFd !== undefined && this.at !== this.oldSize) this.differ();
    // No content at all, and no file: an empty one is written.
    if (this.oldFd === undefined && this.opts.write) this.startTemporary();
    this.closeOld();
    const sha256 = this.hash?.digest('hex');
    const result = (written: boolean): ChangedFileResult => ({ onDisk: this.state, written, ...(sha256 !== undefined ? { sha256 } : {}) });
    if (this.tmpFd === undefined) return result(false);
    try {
      fchmodSync(this.tmpFd, this.mode);
      if (this.opts.durable !== false) fsyncSync(this.tmpFd);
      closeSync(this.tmpFd);
      this.tmpFd = undefined;
      renameSync(this.tmp!, this.target);
      this.tmp = undefined;
    } catch (error) {
      this.abort();
      throw writeFailed(this.root, this.target, error);
    }
    if (this.opts.durable !== false) await fsyncDir(path.dirname(this.target));
    return result(true);
  }

  /** Leaves the target as it was and removes the temporary file. */
  abort(): void {
    this.closeOld();
    if (this.tmpFd !== undefined) {
      try {
        closeSync(this.tmpFd);
      } catch {
        // already unusable
      }
      this.tmpFd = undefined;
    }
    if (this.tmp !== undefined) {
      try {
        unlinkSync(this.tmp);
      } catch {
        // already gone
      }
      this.tmp = undefined;
    }
  }
}
