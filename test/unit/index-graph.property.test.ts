import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import type { NodeFields } from '../../src/core/index/facts.js';
import { nodeFields } from '../helpers/node-fields.js';
import { buildGraph, type GraphInput, type IndexEdge } from '../../src/core/index/graph.js';

const ns = { name: 'main' } as NamespaceConfig;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The edges and one-sided relations as the spec defines them, the plain way: every edge of
 * every node, sorted by source, target and type, duplicates dropped. buildGraph groups them by
 * source and merges the sources (supersedes edges start at the successor, which may be an ID
 * no document has, sorting before, between or after the nodes).
 */
function reference(inputs: readonly GraphInput[]): { edges: IndexEdge[]; oneSided: string[] } {
  const nodes = new Map<string, { input: GraphInput; node: NodeFields }>();
  for (const input of inputs) {
    const id = input.facts.node?.document_id;
    if (id !== undefined && !nodes.has(id)) nodes.set(id, { input, node: input.facts.node! });
  }
  const pathToId = new Map([...nodes].map(([id, { input }]) => [input.rel, id]));
  const edges: IndexEdge[] = [];
  const edge = (source: string, target: string, type: IndexEdge['type']) =>
    edges.push({ source, target, type, guaranteed: nodes.has(source) && nodes.has(target) });
  for (const [id, { input, node }] of nodes) {
    for (const related of node.related_ids) if (related !== id) edge(id, related, 'related');
    if (node.superseded_by !== null && node.superseded_by !== id) edge(node.superseded_by, id, 'supersedes');
    for (const link of input.facts.links) {
      const target = pathToId.get(link);
      if (target !== undefined && target !== id) edge(id, target, 'references');
    }
  }
  edges.sort((a, b) => byString(a.source, b.source) || byString(a.target, b.target) || byString(a.type, b.type));
  const unique = edges.filter((e, i) => i === 0 || JSON.stringify(e) !== JSON.stringify(edges[i - 1]));
  const oneSided = unique
    .filter((e) => e.type === 'related' && e.guaranteed && !nodes.get(e.target)!.node.related_ids.includes(e.source))
    .map((e) => `${e.source} lists ${e.target} in related_ids, but ${e.target} does not list ${e.source}.`);
  return { edges: unique, oneSided };
}

// Few IDs, so that relations hit nodes, miss them (dangling successors sorting anywhere among
// the nodes), repeat, and point back; a few paths, some of no document.
const ids = ['A-X-1', 'A-X-2', 'A-X-3', 'B-Y-1', 'B-Y-2', 'C-Z-9'];
const strangers = ['0-N-1', 'A-X-0', 'A-X-25', 'B-Y-10', 'ZZ-Q-1'];
const anyId = fc.constantFrom(...ids, ...strangers);
const paths = Array.from({ length: 8 }, (_, i) => `docs/d${i}.md`);
const doc: fc.Arbitrary<Doc> = fc.record({
  id: fc.option(fc.constantFrom(...ids), { nil: undefined, freq: 6 }),
  related: fc.uniqueArray(anyId, { maxLength: 4 }),
  successor: fc.option(anyId, { nil: null }),
  links: fc.uniqueArray(fc.constantFrom(...paths), { maxLength: 4 }),
});

interface Doc {
  id: string | undefined;
  related: string[];
  successor: string | null;
  links: string[];
}

function inputsOf(docs: readonly Doc[]): GraphInput[] {
  return docs.map(({ id, related, successor, links }, i) => {
    const rel = paths[i] ?? `docs/extra${i}.md`;
    if (id === undefined) return { rel, namespace: ns, facts: { links, skip: { code: 'ID_REGEX', message: 'No ID.' } } };
    const node = nodeFields(id, {
      title: null,
      status: successor === null ? 'Draft' : 'Superseded',
      related_ids: related,
      superseded_by: successor,
    });
    return { rel, namespace: ns, facts: { node, links: [...links].sort() } };
  });
}

describe('buildGraph edges (property)', () => {
  it('are every edge sorted by source, target and type, once; one-sided relations in that order', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 10 }), (docs) => {
        const inputs = inputsOf(docs);
        const graph = buildGraph(inputs);
        const want = reference(inputs);
        // The same objects, keys in the same order (NDJSON prints edges as they are).
        expect(JSON.stringify(graph.edges)).toBe(JSON.stringify(want.edges));
        const listed = graph.advice.filter((a) => a.code === 'INDEX_RELATION_ONE_SIDED').map((a) => a.message);
        expect(listed).toEqual(want.oneSided.slice(0, 20));
      }),
      { numRuns: 3000 },
    );
  });
});
