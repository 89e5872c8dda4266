/**
 * Short strings of Latin-1 characters packed one byte a character in fixed pages, outside the
 * V8 heap: tables that live until the last of 100k documents is read keep their texts here
 * instead of as strings (16 bytes of header each, and heap V8 grows by as much again before
 * collecting). A text never straddles two pages, so pages are never copied or merged.
 */
export class CharPages {
  private readonly pages: Uint8Array[] = [];
  /** Characters stored so far, counting the unused ends of full pages. */
  private used = 0;

  /** Where `text` was stored (read it back with its length); undefined when it does not fit: a character above U+00FF, or longer than MAX_TEXT. */
  add(text: string): number | undefined {
    const n = text.length;
    if (n > MAX_TEXT) return undefined;
    for (let k = 0; k < n; k++) if (text.charCodeAt(k) > 0xff) return undefined;
    if ((this.used % PAGE) + n > PAGE) this.used += PAGE - (this.used % PAGE);
    const start = this.used;
    if (n > 0 && Math.floor(start / PAGE) >= this.pages.length) this.pages.push(new Uint8Array(PAGE));
    const page = this.pages[Math.floor(start / PAGE)]!;
    for (let k = 0, at = start % PAGE; k < n; k++) page[at + k] = text.charCodeAt(k);
    this.used += n;
    return start;
  }

  /** The text stored at `start` with `length` characters. */
  read(start: number, length: number): string {
    if (length === 0) return '';
    const from = start % PAGE;
    return String.fromCharCode.apply(null, this.pages[Math.floor(start / PAGE)]!.subarray(from, from + length) as unknown as number[]);
  }

  /** Whether the text stored at `start` with `length` characters is `text`. */
  equals(start: number, length: number, text: string): boolean {
    if (length !== text.length) return false;
    if (length === 0) return true;
    const page = this.pages[Math.floor(start / PAGE)]!;
    for (let k = 0, at = start % PAGE; k < length; k++) if (page[at + k] !== text.charCodeAt(k)) return false;
    return true;
  }
}

/** The longest text stored (its length must fit the callers' one-byte or two-byte columns). */
export const MAX_TEXT = 255;

/** Characters per page (64 KiB). */
const PAGE = 1 << 16;
