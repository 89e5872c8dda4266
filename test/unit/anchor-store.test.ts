import { describe, expect, it } from 'vitest';
import { AnchorStore, hashInto } from '../../src/core/engine/anchor-store.js';
import { includesAnchor } from '../../src/core/engine/probe.js';

/** A seeded sequence in [0, 1) (a 31-bit linear congruential generator): the same on every run. */
function rng(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;
}

const WORDS = [
  'context',
  'decision',
  'details',
  'Consequences',
  'détails',
  'a',
  '',
  'api-v2',
  'status-quo',
  'x'.repeat(300),
  '日本語',
  'details-1',
];

describe('AnchorStore', () => {
  it('answers like the list of anchors it was given, for every document stored so far', () => {
    const random = rng(7);
    const pick = () => WORDS[Math.floor(random() * WORDS.length)]! + (random() < 0.5 ? '' : `-${Math.floor(random() * 20)}`);
    const store = new AnchorStore();
    const docs: { key: number; anchors: string[] }[] = [];
    for (let d = 0; d < 3000; d++) {
      const anchors = Array.from({ length: Math.floor(random() * 8) }, pick);
      const key = store.add(anchors);
      expect(key).toBeDefined();
      docs.push({ key: key!, anchors });
    }
    let present = 0;
    for (let q = 0; q < 20000; q++) {
      const doc = docs[Math.floor(random() * docs.length)]!;
      let fragment = random() < 0.5 && doc.anchors.length > 0 ? doc.anchors[Math.floor(random() * doc.anchors.length)]! : pick();
      if (random() < 0.3) fragment = fragment.toUpperCase();
      const expected = includesAnchor(doc.anchors, fragment);
      if (expected) present++;
      expect(store.has(doc.key, fragment)).toBe(expected);
    }
    // Both answers were asked often.
    expect(present).toBeGreaterThan(5000);
    expect(present).toBeLessThan(15000);
  });

  it('keys are small integers; a document with 64 or more anchors is not stored (its model keeps their text)', () => {
    const store = new AnchorStore();
    expect(store.add(Array.from({ length: 63 }, (_, i) => `h-${i}`))).toBe(63);
    expect(store.add(Array.from({ length: 64 }, (_, i) => `h-${i}`))).toBeUndefined();
    const key = store.add(['next']);
    expect(key).toBe(63 * 64 + 1);
    expect(store.has(key!, 'NEXT')).toBe(true);
    expect(store.has(63, 'h-62')).toBe(true);
    expect(store.has(63, 'next')).toBe(false);
  });

  it('gives 200,000 different anchors 200,000 different 64-bit hashes', () => {
    const seen = new Set<string>();
    const out = new Int32Array(2);
    for (let i = 0; i < 200_000; i++) {
      hashInto(`acme-adr-${i}-${'event-ingestion'.slice(0, i % 16)}`, out, 0);
      seen.add(`${out[0]},${out[1]}`);
    }
    expect(seen.size).toBe(200_000);
  });
  it("keeps every document's anchors whole across its pages (lists near a page's end start the next one)", () => {
    const store = new AnchorStore();
    const docs: { key: number; anchors: string[] }[] = [];
    // 61 anchors a document do not divide a page: some lists would straddle two pages.
    for (let d = 0; d < 2000; d++) {
      const anchors = Array.from({ length: 61 }, (_, i) => `doc-${d}-heading-${i}`);
      docs.push({ key: store.add(anchors)!, anchors });
      if (d % 7 === 0) docs.push({ key: store.add([])!, anchors: [] });
    }
    for (const { key, anchors } of docs) {
      for (const a of anchors) expect(store.has(key, a)).toBe(true);
      expect(store.has(key, 'doc-x-heading-0')).toBe(false);
    }
    expect(new Set(docs.filter((d) => d.anchors.length > 0).map((d) => d.key)).size).toBe(2000);
  });
});
