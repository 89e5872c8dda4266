/**
 * Fixed-size pages that runs of items are reserved in, a run never straddling two pages: a
 * table that grows page by page never copies what it holds nor keeps an unused half (as an
 * array doubled to grow does), which matters for the tables a 100k-document check keeps.
 */
export class Pages<T> {
  private readonly list: T[] = [];
  /** Items reserved so far, counting the unused ends of full pages. */
  private used = 0;

  /** `size`: items a page holds; `make`: a new, empty page. */
  constructor(
    readonly size: number,
    private readonly make: () => T,
  ) {}

  /** Reserves `count` consecutive items (at most `size`); returns the index of the first. */
  reserve(count: number): number {
    const offset = this.used % this.size;
    if (count > 0 && offset + count > this.size) this.used += this.size - offset;
    const start = this.used;
    if (count > 0 && Math.floor(start / this.size) >= this.list.length) this.list.push(this.make());
    this.used += count;
    return start;
  }

  /** The page that holds item `index`. */
  page(index: number): T {
    return this.list[Math.floor(index / this.size)]!;
  }

  /** Where item `index` is in its page. */
  offset(index: number): number {
    return index % this.size;
  }
}
