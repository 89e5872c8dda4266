import { CharPages } from '../text/char-pages.js';
import type { PendingLink } from './model.js';

/** Int32 words a link takes: target position, line, column, fragment start, fragment length. */
const WORDS = 5;
/** Links per page (320 KiB): a document's links never straddle two pages. */
const PAGE_LINKS = 1 << 14;

/**
 * The links that wait for a later document's anchors (see DocumentRows), by document position,
 * in fixed Int32 pages, with the fragments' characters in CharPages and the target as its
 * position in the walk. As objects (a link, its array and a map entry per document) they were
 * about 130 bytes a link: 10 MB of heap at 100k documents, which V8 let grow by as much again.
 */
export class PendingColumns {
  private readonly pages: Int32Array[] = [];
  /** Links stored so far, counting the unused ends of full pages. */
  private used = 0;
  /** Per document: its first link (-1: none). */
  private readonly starts: Int32Array;
  private readonly counts: Uint16Array;
  private readonly fragments = new CharPages();

  constructor(count: number) {
    this.starts = new Int32Array(count).fill(-1);
    this.counts = new Uint16Array(count);
  }

  /**
   * Stores the links of the document at position `i`; false (nothing stored) when one cannot be:
   * its target is not a position of the walk, its fragment is not Latin-1, or there are too many.
   */
  add(i: number, links: readonly PendingLink[], position: (rel: string) => number | undefined): boolean {
    const n = links.length;
    if (n === 0 || n > 0xffff || n > PAGE_LINKS) return n === 0;
    const targets: number[] = [];
    for (const link of links) {
      const at = link.targetAt ?? position(link.path);
      if (at === undefined) return false;
      targets.push(at);
    }
    const offset = this.used % PAGE_LINKS;
    const start = offset + n > PAGE_LINKS ? this.used + PAGE_LINKS - offset : this.used;
    const fragmentStarts: number[] = [];
    for (const link of links) {
      const at = this.fragments.add(link.fragment);
      if (at === undefined) return false; // the characters stored so far stay unused: rare, and small
      fragmentStarts.push(at);
    }
    if (Math.floor(start / PAGE_LINKS) >= this.pages.length) this.pages.push(new Int32Array(PAGE_LINKS * WORDS));
    const page = this.pages[Math.floor(start / PAGE_LINKS)]!;
    links.forEach((link, k) => {
      const w = ((start % PAGE_LINKS) + k) * WORDS;
      page[w] = targets[k]!;
      page[w + 1] = link.line;
      page[w + 2] = link.column;
      page[w + 3] = fragmentStarts[k]!;
      page[w + 4] = link.fragment.length;
    });
    this.starts[i] = start;
    this.counts[i] = n;
    this.used = start + n;
    return true;
  }

  /** The links stored for position `i` (undefined: none), with each target's path from `pathAt`. */
  take(i: number, pathAt: (pos: number) => string): PendingLink[] | undefined {
    const start = this.starts[i]!;
    if (start === -1) return undefined;
    this.starts[i] = -1;
    const page = this.pages[Math.floor(start / PAGE_LINKS)]!;
    const links: PendingLink[] = [];
    for (let k = 0; k < this.counts[i]!; k++) {
      const w = ((start % PAGE_LINKS) + k) * WORDS;
      links.push({ line: page[w + 1]!, column: page[w + 2]!, path: pathAt(page[w]!), fragment: this.fragments.read(page[w + 3]!, page[w + 4]!) });
    }
    return links;
  }
}
