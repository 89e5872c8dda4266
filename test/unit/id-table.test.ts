import { describe, expect, it } from 'vitest';
import { IdMap } from '../../src/core/check/id-map.js';
import { IdTable } from '../../src/core/check/id-table.js';

/** A seeded sequence in [0, 1) (a 31-bit linear congruential generator): the same on every run. */
function rng(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;
}

/** IDs of every shape a frontmatter can give: usual ones, repeats, empty, non-Latin-1, long, near-equal. */
function pickId(random: () => number): string {
  const r = random();
  const n = Math.floor(random() * 60);
  if (r < 0.5) return `ACME-ADR-${String(n).padStart(3, '0')}`;
  if (r < 0.6) return '';
  if (r < 0.7) return `ÉQUIPE-ADR-${n}`;
  if (r < 0.75) return `日本-${n}`;
  if (r < 0.8) return 'x'.repeat(250 + (n % 10));
  if (r < 0.9) return `acme-adr-${n} `;
  return `ACME-SPEC-${n}\u00ff`;
}

/** What the table must answer, from plain maps. */
function model(ids: (string | undefined)[]) {
  const byId = new Map<string, number[]>();
  ids.forEach((id, pos) => {
    if (id === undefined || id === '') return;
    const list = byId.get(id) ?? [];
    list.push(pos);
    byId.set(id, list);
  });
  return byId;
}

describe.each([['IdTable', (n: number) => new IdTable(n)], ['IdMap', () => new IdMap()]])('%s', (_name, make) => {
  it('answers like a map from ID to positions, for every kind of ID, past its expected size', () => {
    const random = rng(11);
    const table = make(100);
    const ids: (string | undefined)[] = [];
    for (let pos = 0; pos < 3000; pos++) {
      const id = random() < 0.1 ? undefined : pickId(random);
      ids.push(id);
      if (id !== undefined) table.set(pos, id);
    }
    const byId = model(ids);
    ids.forEach((id, pos) => expect(table.idAt(pos)).toBe(id));
    expect(table.idAt(5000)).toBeUndefined();
    for (const [id, positions] of byId) {
      expect(table.positions(id)).toEqual(positions);
      expect(table.count(id)).toBe(positions.length);
    }
    expect(table.positions('')).toEqual([]);
    expect(table.count('')).toBe(0);
    expect(table.count('ACME-ADR-999')).toBe(0);
    expect(table.positions('ACME-ADR-00')).toEqual([]);
    expect([...table.ids()].sort()).toEqual([...byId.keys()].sort());
  });

  it('keeps positions in ascending order whatever order they were set in', () => {
    const table = make(8);
    for (const pos of [7, 2, 5, 0]) table.set(pos, 'ACME-ADR-001');
    table.set(3, 'ACME-ADR-002');
    expect(table.positions('ACME-ADR-001')).toEqual([0, 2, 5, 7]);
    expect(table.idAt(1)).toBeUndefined();
    expect(table.idAt(3)).toBe('ACME-ADR-002');
  });

});

describe('IdTable pages', () => {
  it('never splits an ID across its pages of characters', () => {
    const table = new IdTable();
    // 255-character IDs: a page holds 257 of them, so without care some would straddle two pages.
    const ids = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, '0')}${'y'.repeat(251)}`);
    ids.forEach((id, pos) => table.set(pos, id));
    ids.forEach((id, pos) => {
      expect(table.idAt(pos)).toBe(id);
      expect(table.positions(id)).toEqual([pos]);
    });
  });
});
