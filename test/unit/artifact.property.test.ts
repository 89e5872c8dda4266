import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACT_KEY_ORDER,
  EDGE_KEYS,
  NODE_KEYS,
  visitArtifactText,
  type IndexArtifact,
  type KeyOrder,
} from '../../src/core/index/artifact.js';

/** The pieces as visitArtifactText hands them over. */
const pieces = (a: IndexArtifact, order: KeyOrder = {}) => {
  const out: Buffer[] = [];
  visitArtifactText(a, order, (piece) => out.push(Buffer.from(piece, 'utf8')));
  return out;
};
/** The pieces joined, as they are written. */
const serializeArtifact = (a: IndexArtifact, order?: KeyOrder) => Buffer.concat(pieces(a, order));

/** What serializeArtifact must equal, byte for byte: the text it wrote before it wrote in chunks. */
const reference = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

const text = fc.oneof(fc.string(), fc.constantFrom('', 'a\nb', 'é', '日本', '\u2028', '\ud83d\ude00', '"quoted"', '\\'));
const node = fc.record(
  {
    document_id: text,
    path: text,
    title: fc.option(text, { nil: undefined }),
    keywords: fc.array(text, { maxLength: 3 }),
    related_ids: fc.array(text, { maxLength: 2 }),
    superseded_by: fc.option(text, { nil: null }),
  },
  { requiredKeys: ['document_id', 'path'] },
);
const edge = fc.record({
  source: text,
  target: text,
  type: fc.constantFrom('related', 'supersedes', 'links_to'),
  guaranteed: fc.boolean(),
});
const artifact = fc.record({
  index_version: fc.constant('1.0'),
  node_count: fc.nat(),
  edge_count: fc.nat(),
  namespaces: fc.array(fc.record({ name: text, docs_root: text, repo_prefix: text }), { maxLength: 3 }),
  nodes: fc.array(node, { maxLength: 8 }),
  edges: fc.array(edge, { maxLength: 8 }),
});

describe('the index artifact written in chunks', () => {
  it('is exactly JSON.stringify(artifact, null, 2) and a newline', () => {
    fc.assert(
      fc.property(artifact, (a) => {
        expect(serializeArtifact(a as unknown as IndexArtifact).equals(reference(a))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('on any JSON values and on arrays holding what JSON writes as null', () => {
    const values = fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined)))), {
      maxKeys: 6,
    });
    fc.assert(
      fc.property(values, (v) => {
        expect(serializeArtifact(v as unknown as IndexArtifact).equals(reference(v))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(serializeArtifact({} as IndexArtifact).toString()).toBe('{}\n');
  });

  it("writes the keys of nodes and edges in the artifact's order, whatever order the graph's objects have them in", () => {
    // Keys in reverse (the graph builds nodes with path and namespace last), some absent or undefined.
    const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
    const inOrder = (o: Record<string, unknown>, keys: readonly string[]) =>
      Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
    fc.assert(
      fc.property(artifact, (a) => {
        const graphOrder = { ...a, nodes: a.nodes.map(reversed), edges: a.edges.map(reversed) };
        const expected = { ...a, nodes: a.nodes.map((n) => inOrder(n, NODE_KEYS)), edges: a.edges.map((e) => inOrder(e, EDGE_KEYS)) };
        expect(serializeArtifact(graphOrder as unknown as IndexArtifact, ARTIFACT_KEY_ORDER).equals(reference(expected))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('across chunk boundaries (many large nodes)', () => {
    const big = {
      index_version: '1.0',
      node_count: 3000,
      edge_count: 0,
      namespaces: [],
      nodes: Array.from({ length: 3000 }, (_, i) => ({
        document_id: `X-${i}`,
        path: `docs/${'é'.repeat(i % 300)}.md`,
        keywords: ['a', 'b'],
      })),
      edges: [],
    };
    expect(serializeArtifact(big as unknown as IndexArtifact).equals(reference(big))).toBe(true);
    expect(pieces(big as unknown as IndexArtifact).length).toBeGreaterThan(6); // 3000 nodes: one piece per 128
  });
});
