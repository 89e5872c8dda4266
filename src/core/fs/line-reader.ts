import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** A line of the file: its text (UTF-8, without the newline) and its bytes [start, end). */
export interface FileLine {
  text: string;
  start: number;
  end: number;
}

const BLOCK = 1 << 16;

/**
 * Reads a file forward, one line at a time, in blocks: each line is a string of its own, so
 * nothing holds the whole file, and `copy` hands byte ranges of it to a writer. Synchronous,
 * like the reads of the documents it sits beside. The file is opened without following a
 * symbolic link.
 */
export class LineReader {
  private buf = Buffer.allocUnsafe(BLOCK);
  /** Bytes of `buf` that hold data, and where the next line starts in it. */
  private len = 0;
  private pos = 0;
  /** File offset of buf[0]. */
  private base = 0;
  private eof = false;
  /** textAt's block (allocated on first use): bytes [atBase, atBase + atLen) of the file. */
  private at: Buffer | undefined;
  private atBase = 0;
  private atLen = 0;

  private constructor(private fd: number | undefined) {}

  /** undefined when the file cannot be opened (absent, a symbolic link, unreadable). */
  static open(file: string): LineReader | undefined {
    try {
      return new LineReader(openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)));
    } catch {
      return undefined;
    }
  }

  /** The next line (a last line without a newline included); undefined at the end or after an error. */
  next(): FileLine | undefined {
    for (;;) {
      const nl = this.buf.indexOf(10, this.pos);
      if (nl !== -1 && nl < this.len) {
        const line = { text: this.buf.toString('utf8', this.pos, nl), start: this.base + this.pos, end: this.base + nl };
        this.pos = nl + 1;
        return line;
      }
      if (this.eof || this.fd === undefined) {
        if (this.pos >= this.len) return undefined;
        const line = { text: this.buf.toString('utf8', this.pos, this.len), start: this.base + this.pos, end: this.base + this.len };
        this.pos = this.len;
        return line;
      }
      this.fill();
    }
  }

  /** Moves the unread bytes to the front (growing the buffer for a long line) and reads more. */
  private fill(): void {
    const rest = this.len - this.pos;
    if (this.pos === 0 && rest === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, rest);
      this.buf = bigger;
    } else if (this.pos > 0) {
      this.buf.copy(this.buf, 0, this.pos, this.len);
      this.base += this.pos;
      this.pos = 0;
      this.len = rest;
    }
    try {
      const n = readSync(this.fd!, this.buf, this.len, this.buf.length - this.len, this.base + this.len);
      if (n === 0) this.eof = true;
      this.len += n;
    } catch {
      this.eof = true;
    }
  }

  /** Bytes [start, end) of the file, read in pieces of at most `piece` bytes; false on a read error. */
  copy(start: number, end: number, write: (bytes: Buffer) => void, piece = 1 << 20): boolean {
    if (this.fd === undefined) return false;
    const chunk = Buffer.allocUnsafe(Math.min(piece, Math.max(1, end - start)));
    try {
      for (let at = start; at < end;) {
        const n = readSync(this.fd, chunk, 0, Math.min(chunk.length, end - at), at);
        if (n === 0) return false;
        write(chunk.subarray(0, n));
        at += n;
      }
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The text of bytes [start, end) (a line `next` returned earlier), read through a block of
   * its own: lines asked for in file order take one read per block, not one each.
   */
  textAt(start: number, end: number): string | undefined {
    if (this.fd === undefined || end < start) return undefined;
    if (!this.at || start < this.atBase || end > this.atBase + this.atLen) {
      if (!this.at || this.at.length < end - start) this.at = Buffer.allocUnsafe(Math.max(BLOCK, end - start));
      try {
        this.atLen = readSync(this.fd, this.at, 0, this.at.length, start);
      } catch {
        return undefined;
      }
      this.atBase = start;
      if (end > start + this.atLen) return undefined;
    }
    return this.at.toString('utf8', start - this.atBase, end - this.atBase);
  }

  /** The open file's modification time (undefined once closed, or when it cannot be read). */
  mtimeMs(): number | undefined {
    if (this.fd === undefined) return undefined;
    try {
      return fstatSync(this.fd).mtimeMs;
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // closed already
    }
    this.fd = undefined;
  }
}
