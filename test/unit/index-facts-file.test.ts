import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts } from '../../src/core/cache/index-facts-file.js';
import { factsHash } from '../../src/core/cache/index-cache-files.js';
import type { DocFacts } from '../../src/core/index/facts.js';
import { nodeFields } from '../helpers/node-fields.js';

/** Facts as factsOf makes them: nodes with null and set fields, skipped documents, shared and unshared link targets, awkward strings. */
const FACTS: DocFacts[] = [
  {
    links: ['docs/b.md', 'docs/c.md'],
    node: nodeFields('A-ADR-001', { title: 'First', keywords: ['x', 'y'], related_ids: ['A-ADR-002'] }),
  },
  { links: [], node: nodeFields('A-ADR-002', { status: 'Draft', superseded_by: 'A-ADR-001', description: 'é ✓ 𝄞 "quoted" \\ \n' }) },
  {
    links: ['docs/c.md', 'missing/__proto__.md', 'docs/a.md'],
    skip: { code: 'FRONTMATTER_MISSING', message: 'The document has no frontmatter.' },
  },
  { links: ['docs/b.md'], skip: { code: '__proto__', message: 'constructor' } },
  { links: ['docs/"targets":[0].md'], node: nodeFields('A-ADR-005', { type: null, title: null, keywords: ['__proto__'] }) },
];

function encode(facts: readonly DocFacts[]): string {
  let text = '';
  encodeFacts(facts, (t) => (text += t));
  return text;
}

/** The encoded columns, to be altered by a test, and encoded again. */
const columns = (): Record<string, unknown[]> => JSON.parse(encode(FACTS)) as Record<string, unknown[]>;

describe('the index facts file: columns, links as positions in their targets', () => {
  it('decodes what it encodes, with the same facts hashes (keys in factsOf order)', () => {
    for (const n of [0, 1, FACTS.length]) {
      const facts = FACTS.slice(0, n);
      const decoded = decodeFacts(encode(facts), n)!;
      expect(decoded).toEqual(facts);
      expect(decoded.map(factsHash)).toEqual(facts.map(factsHash));
    }
  });

  it('stores each link target once, and the links of all documents in one list', () => {
    const text = encode(FACTS);
    expect(text.split('docs/c.md').length - 1).toBe(1);
    const c = JSON.parse(text) as { targets: string[]; links: number[]; link_counts: number[] };
    expect(c.targets).toHaveLength(5);
    expect(c.link_counts).toEqual([2, 0, 3, 1, 1]);
    expect(c.links).toEqual([0, 1, 1, 2, 3, 0, 4]);
  });

  it('a file of another count, an old (one object per document) or torn one, or one of the wrong shape is a miss', () => {
    const n = FACTS.length;
    const text = encode(FACTS);
    expect(decodeFacts(text, n + 1)).toBeNull();
    expect(decodeFacts(JSON.stringify(FACTS), n)).toBeNull();
    expect(() => decodeFacts(text.slice(0, 40), n)).toThrow(); // JSON.parse: readFactsFile turns it into a miss
    const altered = (change: (c: Record<string, unknown[]>) => void): string => {
      const c = columns();
      change(c);
      return JSON.stringify(c);
    };
    const misses = [
      altered((c) => (c.links![0] = 5)), // past the targets
      altered((c) => (c.links![0] = -1)),
      altered((c) => (c.links![0] = 0.5)),
      altered((c) => (c.links![0] = '0')),
      altered((c) => c.links!.pop()),
      altered((c) => (c.links = null as unknown as unknown[])),
      altered((c) => (c.link_counts![0] = 3)), // more links than there are
      altered((c) => ([c.link_counts![0], c.link_counts![1]] = [-1, 3])), // the same total
      altered((c) => (c.link_counts![0] = '2')),
      altered((c) => (c.targets = [1, 2, 3, 4, 5])),
      altered((c) => delete c.area),
      altered((c) => c.title!.pop()),
      altered((c) => (c.skip![0] = ['X', 'both a node and skipped'])),
      altered((c) => (c.skip![2] = null)), // neither a node nor skipped
      altered((c) => (c.skip![2] = ['X'])),
      altered((c) => (c.document_id![0] = 7)),
      altered((c) => (c.title![0] = { toString: 'x' })),
      altered((c) => (c.keywords![0] = 'x,y')),
      altered((c) => (c.related_ids![0] = [1])),
      altered((c) => (c.superseded_by![0] = [])),
      '[]',
      'null',
      '{}',
    ];
    for (const m of misses) expect(decodeFacts(m, n)).toBeNull();
  });

  it('a `__proto__` key in the file is an own property, never read, and pollutes nothing', () => {
    const text = encode(FACTS).replace(/^\{/, '{"__proto__":{"polluted":true},');
    expect(decodeFacts(text, FACTS.length)).toEqual(FACTS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
