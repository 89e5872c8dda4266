import { describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import { ListedPaths, PathTableBuilder } from '../../src/core/documents/path-table.js';
import type { GovernedFile } from '../../src/core/documents/walk.js';

/** A seeded sequence in [0, 1) (a 31-bit linear congruential generator): the same on every run. */
function rng(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;
}

const PARTS = ['docs', 'docs-old', 'a', 'a-b', 'a.b', 'ADR', 'adr', 'spéc', '日本', 'x y', '20-specs', 'e\u0301'];
const nsA = { name: 'a' } as NamespaceConfig;
const nsB = { name: 'b' } as NamespaceConfig;

/** Sorted, distinct governed files with directory names that are prefixes of each other, at every depth. */
function files(random: () => number, count: number): GovernedFile[] {
  const rels = new Set<string>();
  while (rels.size < count) {
    const depth = Math.floor(random() * 4);
    const dirs = Array.from({ length: depth }, () => PARTS[Math.floor(random() * PARTS.length)]!);
    rels.add([...dirs, `${PARTS[Math.floor(random() * PARTS.length)]}-${Math.floor(random() * 50)}.md`].join('/'));
  }
  return [...rels].sort().map((rel) => ({ rel, namespace: rel.startsWith('docs') ? nsA : nsB }));
}

/** The files packed as the walk packs them; undefined when they cannot be (not strictly sorted). */
function pack(files: readonly GovernedFile[]) {
  const builder = new PathTableBuilder();
  for (const f of files) builder.add(f.rel, f.namespace);
  return builder.finish();
}

describe('PathTable', () => {
  it('gives back every file, and finds every path and no other, like the list it packed', () => {
    const random = rng(3);
    const list = files(random, 2000);
    const table = pack(list)!;
    const listed = new ListedPaths(list.map((f) => f.rel));
    expect(table.length).toBe(list.length);
    list.forEach((f, i) => {
      expect(table.pathAt(i)).toBe(f.rel);
      expect(table.at(i)).toEqual(f);
      expect(table.at(i)!.namespace).toBe(f.namespace);
      expect(table.position(f.rel)).toBe(i);
      expect(table.is(i, f.rel)).toBe(true);
      expect(table.is(i, `${f.rel}x`)).toBe(false);
    });
    expect(table.at(-1)).toBeUndefined();
    expect(table.at(list.length)).toBeUndefined();
    // Near misses: prefixes, extensions, other letter case, a directory's path, the empty path.
    const probes = list.flatMap((f) => [f.rel.slice(0, -1), `${f.rel}/x.md`, f.rel.toUpperCase(), f.rel.slice(0, f.rel.lastIndexOf('/') + 1), `${f.rel.slice(0, -3)}-1.md`]).concat(['', '/', 'docs/']);
    for (const rel of probes) expect(table.position(rel)).toBe(listed.position(rel));
  });

  it.each([
    ['only ASCII names', ''],
    ['one name that is not ASCII', 'spéc-日本'],
  ])('keeps names across many pages of bytes whole, with %s, and names longer than a page', (_, odd) => {
    const names = Array.from({ length: 20_000 }, (_, i) => `document-${String(i).padStart(6, '0')}-title.md`);
    if (odd) names[12_345] = `document-012345-${odd}.md`;
    names.push(`${'z'.repeat(40_000)}.md`, `${'\u00e9'.repeat(30_000)}.md`);
    const list = names.map((name, i) => ({ rel: `d${Math.floor(i / 1000)}/${name}`, namespace: nsA })).sort((a, b) => (a.rel < b.rel ? -1 : 1));
    const table = pack(list)!;
    list.forEach((f, i) => {
      expect(table.pathAt(i)).toBe(f.rel);
      expect(table.position(f.rel)).toBe(i);
    });
  });

  it('packs only files in strictly sorted order (its positions are the walk\'s)', () => {
    const list = files(rng(5), 10);
    expect(pack([...list].reverse())).toBeUndefined();
    expect(pack([list[0]!, list[0]!])).toBeUndefined();
    expect(pack([])!.length).toBe(0);
    expect(pack([])!.position('a.md')).toBeUndefined();
  });
});

describe('ListedPaths', () => {
  it('finds paths in unsorted lists too', () => {
    const listed = new ListedPaths(['b.md', 'a.md', 'c/d.md']);
    expect(listed.position('a.md')).toBe(1);
    expect(listed.position('c/d.md')).toBe(2);
    expect(listed.position('d.md')).toBeUndefined();
    expect(listed.pathAt(0)).toBe('b.md');
    expect(listed.is(0, 'b.md')).toBe(true);
  });
});
