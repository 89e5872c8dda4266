import { Pages } from '../text/pages.js';

/**
 * The anchors of every loaded document as 64-bit hashes of their lower-cased text, in fixed
 * pages: a link to a document's #anchor is answered from them however long ago the
 * document was read. In a large repository the anchors' text was the largest table a check
 * kept; their hashes take 8 bytes an anchor. A missing anchor is certain
 * (no hash matches); the text needed for a suggestion is read from the file again. A present
 * one is trusted when both 32-bit halves match: a fragment that is not among a document's n
 * anchors matches one of their hashes with a probability of about n * 2^-64 (see SPEC-006).
 */
export class AnchorStore {
  /** Two Int32 words an anchor, in fixed pages (see Pages): at 100k documents a doubled array kept its old copy and an unused half. */
  private readonly pages = new Pages(PAGE_ANCHORS, () => new Int32Array(PAGE_ANCHORS * 2));

  /** Stores a document's anchors; returns its key (see `has`), or undefined when the key would not fit a small integer. */
  add(anchors: readonly string[]): number | undefined {
    const count = anchors.length;
    if (count >= KEY_COUNTS) return undefined;
    const start = this.pages.reserve(count);
    if (start > MAX_START) return undefined;
    if (count > 0) {
      const page = this.pages.page(start);
      let at = this.pages.offset(start) * 2;
      for (const anchor of anchors) {
        hashInto(anchor.toLowerCase(), page, at);
        at += 2;
      }
    }
    return start * KEY_COUNTS + count;
  }

  /** Whether the anchors stored under `key` include `fragment` (letter case ignored, as links do). */
  has(key: number, fragment: string): boolean {
    const count = key % KEY_COUNTS;
    if (count === 0) return false;
    const start = (key - count) / KEY_COUNTS;
    hashInto(fragment.toLowerCase(), scratch, 0);
    const a = scratch[0]!;
    const b = scratch[1]!;
    const words = this.pages.page(start);
    const first = this.pages.offset(start) * 2;
    for (let i = first, end = first + count * 2; i < end; i += 2) if (words[i] === a && words[i + 1] === b) return true;
    return false;
  }
}

/** Anchors per page (256 KiB of hashes): small beside a large repository's tables, few pages for a small one. */
const PAGE_ANCHORS = 1 << 15;

/** A key holds the start (in anchors) and the count: `start * KEY_COUNTS + count`, below 2^31 so it stays a small integer. */
const KEY_COUNTS = 64;
const MAX_START = Math.floor(0x7fffffff / KEY_COUNTS);

const scratch = new Int32Array(2);

/** Two independent 32-bit hashes of a string (FNV-1a, and a multiply-xorshift with another seed). */
export function hashInto(text: string, out: Int32Array, at: number): void {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x3c6ef372 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 13;
  }
  h2 = Math.imul(h2 ^ (h2 >>> 15), 0x27d4eb2d);
  out[at] = h1 ^ (h1 >>> 16);
  out[at + 1] = h2 ^ (h2 >>> 16);
}
