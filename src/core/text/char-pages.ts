import { Pages } from './pages.js';

/**
 * Short strings of Latin-1 characters packed one byte a character in fixed pages, outside the
 * V8 heap: tables that live until the last of 100k documents is read keep their texts here
 * instead of as strings (16 bytes of header each, and heap V8 grows by as much again before
 * collecting). A text never straddles two pages, so pages are never copied or merged.
 */
export class CharPages {
  /** Buffers: Node reads and writes Latin-1 natively (a loop of our own ran interpreted for most of a short run). */
  private readonly pages = new Pages(PAGE, () => Buffer.alloc(PAGE));

  /** Where `text` was stored (read it back with its length); undefined when it does not fit: a character above U+00FF, or longer than MAX_TEXT. */
  add(text: string): number | undefined {
    const n = text.length;
    if (n > MAX_TEXT || NOT_LATIN1.test(text)) return undefined;
    const start = this.pages.reserve(n);
    if (n > 0) this.pages.page(start).write(text, this.pages.offset(start), n, 'latin1');
    return start;
  }

  /** The text stored at `start` with `length` characters. */
  read(start: number, length: number): string {
    if (length === 0) return '';
    const from = this.pages.offset(start);
    return this.pages.page(start).toString('latin1', from, from + length);
  }

  /** Whether the text stored at `start` with `length` characters is `text`. */
  equals(start: number, length: number, text: string): boolean {
    return length === text.length && this.read(start, length) === text;
  }
}

/** The longest text stored (its length must fit the callers' one-byte or two-byte columns). */
const MAX_TEXT = 255;

/** A character a byte cannot hold. */
const NOT_LATIN1 = /[^\x00-\xff]/;

/** Characters per page (64 KiB). */
const PAGE = 1 << 16;
