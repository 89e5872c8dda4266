import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance, Suggester } from '../../src/core/text/suggest.js';

describe('suggestions', () => {
  it('computes bounded edit distances', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('suggests the nearest candidates, case-insensitively and deterministically', () => {
    expect(didYouMean('schema_paht', ['schema_path', 'docs_root', 'index_path'])).toBe('schema_path');
    expect(didYouMean('CONTXT', ['context', 'check'])).toBe('context');
    expect(didYouMean('zzzzzz', ['context', 'check'])).toBeUndefined();
    expect(closest('chek', ['check', 'cheek', 'chuck'], 3)).toEqual(['check', 'cheek']);
  });
});

/** The textbook table, every cell: what the bounded, banded editDistance must agree with. */
function reference(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance against the full table', () => {
  it('is the distance when it is at most max, and max+1 otherwise, for any strings', () => {
    // A small alphabet makes matches, transpositions and near misses common.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '-', 'é'), maxLength: 14 });
    fc.assert(
      fc.property(word, word, fc.option(fc.nat({ max: 16 }), { nil: undefined }), (a, b, max) => {
        const d = reference(a, b);
        if (max === undefined) expect(editDistance(a, b)).toBe(d);
        else expect(editDistance(a, b, max)).toBe(d <= max ? d : max + 1);
      }),
      { numRuns: 5000 },
    );
    // Long names after short ones: the reused rows grow.
    const long = 'docs/20-specs/spec-156-shipment-dashboard-replay-ingestion.md';
    expect(editDistance(long, long.replace('replay', 'rpelay'), 20)).toBe(reference(long, long.replace('replay', 'rpelay')));
    expect(editDistance(long, `${long}x`.repeat(3))).toBe(reference(long, `${long}x`.repeat(3)));
  });
});

describe('Suggester', () => {
  /** closest as first written: every candidate through the distance, no shortcut. */
  function plainClosest(input: string, candidates: string[], limit: number): string[] {
    const needle = input.toLowerCase();
    const scored: { value: string; score: number }[] = [];
    for (const value of new Set(candidates)) {
      const hay = value.toLowerCase();
      const max = Math.max(1, Math.floor(Math.max(hay.length, needle.length) / 3));
      let score = reference(needle, hay);
      if (score > max && needle.length >= 3 && (hay.includes(needle) || needle.includes(hay))) score = max;
      if (score <= max) scored.push({ value, score });
    }
    scored.sort((a, b) => a.score - b.score || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    return scored.slice(0, limit).map((s) => s.value);
  }

  it('answers what comparing every candidate in full answers, for IDs, paths and anything else', () => {
    const id = fc
      .tuple(fc.constantFrom('ACME', 'SVAB', 'Bench', 'a'), fc.constantFrom('ADR', 'SPEC', 'PRD'), fc.nat({ max: 130 }))
      .map(([p, t, n]) => `${p}-${t}-${String(n).padStart(3, '0')}`);
    const any = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '-', '0', '1', '.', 'é', '~'), maxLength: 12 });
    const word = fc.oneof(id, any);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), word, fc.integer({ min: 1, max: 4 }), (candidates, input, limit) => {
        expect(new Suggester(candidates).closest(input, limit)).toEqual(plainClosest(input, candidates, limit));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers as comparing in full among a repository's worth of IDs, where the best fill up at distance 1 early", () => {
    const types = ['ADR', 'SPEC', 'PRD', 'PLAN', 'TEST'];
    const ids: string[] = [];
    for (const prefix of ['BENCH', 'SVAB'])
      for (const type of types) for (let n = 0; n < 120; n += 1 + (n % 3)) ids.push(`${prefix}-${type}-${String(n).padStart(3, '0')}`);
    const suggester = new Suggester(ids);
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.nat({ max: 12 }),
        fc.constantFrom('', '1', 'X', '-'),
        fc.integer({ min: 1, max: 3 }),
        (id, at, insert, limit) => {
          // A misspelling: a character replaced, dropped or added somewhere in a real ID.
          const input = `${id.slice(0, at)}${insert}${id.slice(at + (insert === '-' ? 0 : 1))}`;
          expect(suggester.closest(input, limit)).toEqual(plainClosest(input, ids, limit));
        },
      ),
      { numRuns: 100 },
    );
  });
});
