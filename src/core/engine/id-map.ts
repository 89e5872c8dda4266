/** The positions in the walk of the loaded documents that use each document_id: what ContextBuilder's ID rules ask. */
export class IdMap {
  /** Positions per ID: the position itself while it is the only one (most IDs), else a list. */
  private readonly byId = new Map<string, number | number[]>();

  /** Records the ID of the document at `pos` (once per position); an empty ID is not indexed. */
  set(pos: number, id: string): void {
    if (id === '') return;
    const known = this.byId.get(id);
    if (known === undefined) this.byId.set(id, pos);
    else if (typeof known === 'number') this.byId.set(id, [known, pos]);
    else known.push(pos);
  }

  /** Forgets that the document at `pos` uses `id` (its ID changed: see ContextBuilder.replace). */
  delete(pos: number, id: string): void {
    const known = this.byId.get(id);
    if (known === pos) this.byId.delete(id);
    else if (Array.isArray(known)) {
      const rest = known.filter((p) => p !== pos);
      if (rest.length === 1) this.byId.set(id, rest[0]!);
      else this.byId.set(id, rest);
    }
  }

  /** Positions of the documents whose ID is `id`, in ascending order (empty: none). */
  positions(id: string): number[] {
    const known = this.byId.get(id);
    return known === undefined ? [] : typeof known === 'number' ? [known] : [...known].sort((a, b) => a - b);
  }

  /** How many documents use `id`. */
  count(id: string): number {
    const known = this.byId.get(id);
    return known === undefined ? 0 : typeof known === 'number' ? 1 : known.length;
  }

  /** Every non-empty ID in use, once each. */
  ids(): Iterable<string> {
    return this.byId.keys();
  }
}
