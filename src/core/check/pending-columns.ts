import { CharPages } from '../text/char-pages.js';
import { Pages } from '../text/pages.js';
import type { PendingLink } from './model.js';

/** Int32 words a link takes: target position, line, column, fragment start, fragment length. */
const WORDS = 5;
/** Fragments remembered for reuse (beyond them, each link's fragment is stored anew). */
const MAX_STORED = 4096;
/** Links per page (320 KiB): a document's links never straddle two pages. */
const PAGE_LINKS = 1 << 14;

/** Where DocumentRows keeps the links that wait for a later document's anchors: PendingMap, or PendingColumns for a packed walk. */
export interface PendingStore {
  /** Stores the links of the document at position `i`; false (nothing stored) when it cannot: the caller keeps them. */
  add(i: number, links: readonly PendingLink[], position: (rel: string) => number | undefined): boolean;
  /** The links stored for position `i` (undefined: none), once. */
  take(i: number, pathAt: (pos: number) => string): PendingLink[] | undefined;
}

/** The links as they are, in a map: for repositories small enough that memory does not matter (see PACK_AFTER in walk.ts). */
export class PendingMap implements PendingStore {
  private readonly byDoc = new Map<number, PendingLink[]>();

  add(i: number, links: readonly PendingLink[]): boolean {
    if (links.length > 0) this.byDoc.set(i, [...links]);
    return true;
  }

  take(i: number): PendingLink[] | undefined {
    const links = this.byDoc.get(i);
    if (links) this.byDoc.delete(i);
    return links;
  }
}

/**
 * The links that wait for a later document's anchors (see DocumentRows), by document position,
 * in fixed Int32 pages, with the fragments' characters in CharPages and the target as its
 * position in the walk. As objects (a link, its array and a map entry per document) they were
 * about 130 bytes a link: 10 MB of heap at 100k documents, which V8 let grow by as much again.
 */
export class PendingColumns implements PendingStore {
  private readonly pages = new Pages(PAGE_LINKS, () => new Int32Array(PAGE_LINKS * WORDS));
  /** Per document: its first link (-1: none). */
  private readonly starts: Int32Array;
  private readonly counts: Uint16Array;
  private readonly fragments = new CharPages();
  /** Where each fragment met so far is stored: fragments repeat (`#context` in thousands of links), while there are few. */
  private readonly stored = new Map<string, number>();

  constructor(count: number) {
    this.starts = new Int32Array(count).fill(-1);
    this.counts = new Uint16Array(count);
  }

  /** False when a link's target is not a position of the walk, its fragment is not Latin-1, or there are too many. */
  add(i: number, links: readonly PendingLink[], position: (rel: string) => number | undefined): boolean {
    const n = links.length;
    if (n === 0 || n > 0xffff || n > PAGE_LINKS) return n === 0;
    const targets: number[] = [];
    for (const link of links) {
      const at = link.targetAt ?? position(link.path);
      if (at === undefined) return false;
      targets.push(at);
    }
    const fragmentStarts: number[] = [];
    for (const link of links) {
      const at = this.fragmentStart(link.fragment);
      if (at === undefined) return false; // the characters stored so far stay unused: rare, and small
      fragmentStarts.push(at);
    }
    const start = this.pages.reserve(n);
    const page = this.pages.page(start);
    links.forEach((link, k) => {
      const w = (this.pages.offset(start) + k) * WORDS;
      page[w] = targets[k]!;
      page[w + 1] = link.line;
      page[w + 2] = link.column;
      page[w + 3] = fragmentStarts[k]!;
      page[w + 4] = link.fragment.length;
    });
    this.starts[i] = start;
    this.counts[i] = n;
    return true;
  }

  private fragmentStart(fragment: string): number | undefined {
    let at = this.stored.get(fragment);
    if (at === undefined) {
      at = this.fragments.add(fragment);
      if (at !== undefined && this.stored.size < MAX_STORED) this.stored.set(fragment, at);
    }
    return at;
  }

  /** Each target's path comes from `pathAt`. */
  take(i: number, pathAt: (pos: number) => string): PendingLink[] | undefined {
    const start = this.starts[i]!;
    if (start === -1) return undefined;
    this.starts[i] = -1;
    const page = this.pages.page(start);
    const links: PendingLink[] = [];
    for (let k = 0; k < this.counts[i]!; k++) {
      const w = (this.pages.offset(start) + k) * WORDS;
      links.push({ line: page[w + 1]!, column: page[w + 2]!, path: pathAt(page[w]!), fragment: this.fragments.read(page[w + 3]!, page[w + 4]!) });
    }
    return links;
  }
}
