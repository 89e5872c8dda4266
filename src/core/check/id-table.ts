import { CharPages } from '../text/char-pages.js';
import type { IdIndex } from './id-map.js';
import { slotCount, stringHash } from '../text/string-hash.js';
import { grown } from '../text/typed-arrays.js';

/**
 * Every loaded document's document_id by its position in the walk, outside the V8 heap: the
 * characters in CharPages, a start and a length per position, and an
 * open-addressing table from an ID to the first position that uses it. A string and a map
 * entry per document cost about 75 bytes at 100k documents, and V8 let its heap grow by as
 * much again before collecting; here an ID costs its length plus about 13 bytes (SPEC-006).
 * IDs that CharPages cannot hold (a character above U+00FF, more than 255 characters) keep
 * their string in a side map.
 */
export class IdTable implements IdIndex {
  private readonly chars = new CharPages();
  /** Per position: where its ID's characters start in `chars` (-1: no ID, -2: the ID is in `wide`). */
  private starts: Int32Array;
  private lengths: Uint8Array;
  private readonly wide = new Map<number, string>();
  /** Open addressing (linear probing): position + 1 of the first document with an ID; 0: free. */
  private slots: Int32Array;
  private indexed = 0;
  /** The second and later positions of IDs used more than once, by the first position. */
  private readonly more = new Map<number, number[]>();

  constructor(expected = 0) {
    this.starts = new Int32Array(Math.max(expected, 16)).fill(-1);
    this.lengths = new Uint8Array(this.starts.length);
    this.slots = new Int32Array(slotCount(this.starts.length));
  }

  /** Records the ID of the document at `pos` (once per position); an empty ID is kept but not indexed. */
  set(pos: number, id: string): void {
    if (pos >= this.starts.length) this.grow(pos + 1);
    this.store(pos, id);
    if (id === '') return;
    if ((this.indexed + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let s = stringHash(id) & mask; ; s = (s + 1) & mask) {
      const at = this.slots[s]! - 1;
      if (at < 0) {
        this.slots[s] = pos + 1;
        this.indexed++;
        return;
      }
      if (this.equals(at, id)) {
        const list = this.more.get(at);
        if (list) list.push(pos);
        else this.more.set(at, [pos]);
        return;
      }
    }
  }

  /** The ID recorded at `pos` (undefined: none). */
  idAt(pos: number): string | undefined {
    const start = pos < this.starts.length ? this.starts[pos]! : -1;
    if (start === -1) return undefined;
    if (start === -2) return this.wide.get(pos);
    return this.chars.read(start, this.lengths[pos]!);
  }

  /** Positions of the documents whose ID is `id`, in ascending order (empty: none). */
  positions(id: string): number[] {
    const first = this.first(id);
    if (first === undefined) return [];
    const more = this.more.get(first);
    return more ? [first, ...more].sort((a, b) => a - b) : [first];
  }

  /** How many documents use `id`. */
  count(id: string): number {
    const first = this.first(id);
    return first === undefined ? 0 : 1 + (this.more.get(first)?.length ?? 0);
  }

  /** Every non-empty ID in use, once each. */
  *ids(): IterableIterator<string> {
    for (const slot of this.slots) if (slot !== 0) yield this.idAt(slot - 1)!;
  }

  private first(id: string): number | undefined {
    if (id === '') return undefined;
    const mask = this.slots.length - 1;
    for (let s = stringHash(id) & mask; ; s = (s + 1) & mask) {
      const at = this.slots[s]! - 1;
      if (at < 0) return undefined;
      if (this.equals(at, id)) return at;
    }
  }

  private store(pos: number, id: string): void {
    const start = this.chars.add(id);
    if (start === undefined) {
      this.starts[pos] = -2;
      this.wide.set(pos, id);
      return;
    }
    this.starts[pos] = start;
    this.lengths[pos] = id.length;
  }

  private equals(pos: number, id: string): boolean {
    const start = this.starts[pos]!;
    return start === -2 ? this.wide.get(pos) === id : this.chars.equals(start, this.lengths[pos]!, id);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.starts.length * 2);
    this.starts = grown(this.starts, size, -1);
    this.lengths = grown(this.lengths, size);
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size);
    const mask = size - 1;
    for (const slot of old) {
      if (slot === 0) continue;
      let s = stringHash(this.idAt(slot - 1)!) & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = slot;
    }
  }
}
