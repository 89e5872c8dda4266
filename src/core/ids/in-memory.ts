/**
 * Plans document IDs (PREFIX-TYPE-NNN) in memory: the lowest number above the highest one
 * documents use for that prefix and type that no document or claim holds (a claim holds its
 * own number only, as in ./allocate.ts). `fix` and `scan` plan with it, seeded with the IDs in
 * the documents and the claims of `new` (./claim.ts), then claim each ID they write; `new`
 * allocates directly with claims (./allocate.ts).
 */

import { ID_PATTERN } from './document-id.js';

export { ID_PATTERN };
const SEGMENT = /^[A-Z]{3,10}$/;

export class IdAllocator {
  private readonly taken = new Set<string>();
  /** IDs of documents (and of IDs planned here): the highest of them is where new numbers start. */
  private readonly used = new Set<string>();

  constructor(existing: Iterable<string>, claimed: Iterable<string> = []) {
    for (const id of existing) this.used.add(id.trim());
    for (const id of this.used) this.taken.add(id);
    for (const id of claimed) this.taken.add(id.trim());
  }

  has(id: string): boolean {
    return this.taken.has(id);
  }

  /** Marks an ID as used (e.g. one written by a fix). */
  reserve(id: string): void {
    this.taken.add(id);
    this.used.add(id);
  }

  /** The next free ID, reserved; undefined when prefix or type is malformed or 999 is used. */
  next(prefix: string, type: string): string | undefined {
    if (!SEGMENT.test(prefix) || !SEGMENT.test(type)) return undefined;
    const head = `${prefix}-${type}-`;
    let highest = 0;
    for (const id of this.used) {
      if (id.startsWith(head) && ID_PATTERN.test(id)) highest = Math.max(highest, Number(id.slice(head.length)));
    }
    for (let n = highest + 1; n <= 999; n++) {
      const id = `${head}${String(n).padStart(3, '0')}`;
      if (!this.taken.has(id)) {
        this.reserve(id);
        return id;
      }
    }
    return undefined;
  }
}
