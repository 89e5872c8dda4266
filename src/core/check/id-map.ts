/** What ContextBuilder asks of its IDs by position: IdMap for a walk of strings, IdTable for a packed walk. */
export interface IdIndex {
  /** Records the ID of the document at `pos` (once per position); an empty ID is kept but not indexed. */
  set(pos: number, id: string): void;
  /** The ID recorded at `pos` (undefined: none). */
  idAt(pos: number): string | undefined;
  /** Positions of the documents whose ID is `id`, in ascending order (empty: none). */
  positions(id: string): number[];
  /** How many documents use `id`. */
  count(id: string): number;
  /** Every non-empty ID in use, once each. */
  ids(): Iterable<string>;
}

/**
 * IDs as strings in a map: quicker than IdTable while the code is cold (a 10k check spent
 * about 15 ms in IdTable's first thousands of calls), for repositories small enough that
 * memory does not matter (see PACK_AFTER in walk.ts).
 */
export class IdMap implements IdIndex {
  private readonly byPos: (string | undefined)[] = [];
  /** Positions per ID: the position itself while it is the only one (most IDs), else a list. */
  private readonly byId = new Map<string, number | number[]>();

  set(pos: number, id: string): void {
    this.byPos[pos] = id;
    if (id === '') return;
    const known = this.byId.get(id);
    if (known === undefined) this.byId.set(id, pos);
    else if (typeof known === 'number') this.byId.set(id, [known, pos]);
    else known.push(pos);
  }

  idAt(pos: number): string | undefined {
    return this.byPos[pos];
  }

  positions(id: string): number[] {
    const known = this.byId.get(id);
    return known === undefined ? [] : typeof known === 'number' ? [known] : [...known].sort((a, b) => a - b);
  }

  count(id: string): number {
    const known = this.byId.get(id);
    return known === undefined ? 0 : typeof known === 'number' ? 1 : known.length;
  }

  ids(): Iterable<string> {
    return this.byId.keys();
  }
}
