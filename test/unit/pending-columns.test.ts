import { describe, expect, it } from 'vitest';
import type { PendingLink } from '../../src/core/check/model.js';
import { PendingColumns, PendingMap } from '../../src/core/check/pending-columns.js';

const paths = Array.from({ length: 50 }, (_, i) => `docs/doc-${i}.md`);
const position = (rel: string) => {
  const i = paths.indexOf(rel);
  return i < 0 ? undefined : i;
};
const pathAt = (i: number) => paths[i]!;
const link = (k: number, fragment = `heading-${k}`): PendingLink => ({ line: k + 1, column: (k % 7) + 1, path: paths[k % paths.length]!, fragment });

describe('PendingColumns', () => {
  it('gives back each document\'s links once, across its pages', () => {
    const columns = new PendingColumns(3000);
    const stored: PendingLink[][] = [];
    // 11 links a document do not divide a page (16,384 links): some lists would straddle two.
    for (let i = 0; i < 3000; i++) {
      const links = i % 5 === 0 ? [] : Array.from({ length: 11 }, (_, k) => link(i + k));
      expect(columns.add(i, links, position)).toBe(true);
      stored.push(links);
    }
    for (let i = 0; i < 3000; i++) {
      const back = columns.take(i, pathAt);
      if (stored[i]!.length === 0) expect(back).toBeUndefined();
      else expect(back).toEqual(stored[i]!.map((l) => ({ line: l.line, column: l.column, path: l.path, fragment: l.fragment })));
      expect(columns.take(i, pathAt)).toBeUndefined();
    }
  });

  it('refuses what it cannot hold, so the caller keeps the links: a target outside the walk, a fragment that is not Latin-1 or too long', () => {
    const columns = new PendingColumns(4);
    expect(columns.add(0, [link(1), { ...link(2), path: 'elsewhere.md' }], position)).toBe(false);
    expect(columns.add(1, [link(1, '日本')], position)).toBe(false);
    expect(columns.add(2, [link(1, 'x'.repeat(300))], position)).toBe(false);
    expect(columns.add(3, [link(1, 'Décision')], position)).toBe(true);
    expect(columns.take(0, pathAt)).toBeUndefined();
    expect(columns.take(1, pathAt)).toBeUndefined();
    expect(columns.take(3, pathAt)![0]!.fragment).toBe('Décision');
  });

  it('uses a link\'s known target position instead of searching for its path', () => {
    const columns = new PendingColumns(1);
    expect(columns.add(0, [{ ...link(1), path: 'not/searched.md', targetAt: 7 }], () => undefined)).toBe(true);
    expect(columns.take(0, pathAt)![0]!.path).toBe(paths[7]);
  });
});

describe('PendingMap', () => {
  it('gives back each document\'s links once', () => {
    const map = new PendingMap();
    expect(map.add(4, [link(1)])).toBe(true);
    expect(map.add(5, [])).toBe(true);
    expect(map.take(4)).toEqual([link(1)]);
    expect(map.take(4)).toBeUndefined();
    expect(map.take(5)).toBeUndefined();
  });
});
