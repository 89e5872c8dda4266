import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotText } from '../../src/cli/render/graph/dot.js';
import { drawnEdges, labelLine, nodeIdentifier, paletteIndex, PALETTE } from '../../src/cli/render/graph/look.js';
import { mermaidText, renderMermaid } from '../../src/cli/render/graph/mermaid.js';
import { renderDot } from '../../src/cli/render/graph/dot.js';
import { GRAPH_EDGE_KINDS, selectGraph, type GraphNode } from '../../src/core/graph/select.js';
import type { IndexEdge, IndexNode } from '../../src/core/index/graph.js';
import { nodeFields } from '../helpers/node-fields.js';

/** Issue 44: the pieces of `docket graph` that must hold for any input (every seed). */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const idText = fc.oneof(fc.stringMatching(/^[A-Z]{2,5}-[A-Z]{2,5}-\d{1,4}$/), fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }));

function indexNode(id: string, fields: Partial<IndexNode> = {}): IndexNode {
  const { document_id, ...rest } = nodeFields(id, { status: 'Approved' });
  return { document_id, path: `docs/${id}.md`, namespace: 'main', ...rest, ...fields };
}

describe('graph identifiers and labels', () => {
  it('node identifiers are plain words, one per ID (no two IDs share one)', () => {
    fc.assert(
      fc.property(idText, idText, (a, b) => {
        for (const id of [a, b]) expect(nodeIdentifier(id)).toMatch(/^[nu]_[A-Za-z0-9_]+$/);
        expect(nodeIdentifier(a) === nodeIdentifier(b)).toBe(a === b);
      }),
    );
    expect(nodeIdentifier('ACME-ADR-001')).toBe('n_ACME_ADR_001');
    expect([nodeIdentifier('A_1'), nodeIdentifier('A-1'), nodeIdentifier('A.1')]).toEqual(['u_A_5f_1', 'n_A_1', 'u_A_2e_1']);
  });

  it('a Mermaid label holds only plain characters, non-ASCII ones and entities: nothing that ends the quote or starts syntax', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const out = mermaidText(labelLine(text));
        expect(out).toMatch(/^(?:[A-Za-z0-9 .,:_'()/!?+=@*~-]|[^\x00-\x7f]|#\d+;)*$/u);
        expect(out).not.toMatch(/[\u0000-\u001f\u2028\u2029\u202a-\u202e]/);
      }),
    );
    expect(mermaidText('a "b" <c> %%{x}%% `d` #e;')).toBe('a #34;b#34; #60;c#62; #37;#37;#123;x#125;#37;#37; #96;d#96; #35;e#59;');
  });

  it("a DOT label has no quote that ends it, no backslash that escapes, no entity of the title's own", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const out = dotText(labelLine(text));
        // Read back as DOT reads a quoted string: `\\x` is x; then entities; the title comes back.
        expect(out).not.toMatch(/(^|[^\\])(\\\\)*"/);
        expect(out.replace(/\\(.)/g, '$1').replace(/&amp;/g, '&')).toBe(labelLine(text));
      }),
    );
  });

  it('labels are one line: control, line and bidirectional characters become spaces', () => {
    expect(labelLine(' a\nb\r\n\tc\u2028d\u202ee\u0000 ')).toBe('a b c d e');
  });

  it('a type has one colour, whatever its case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 -]{0,12}$/), (type) => {
        expect(paletteIndex(type.toUpperCase())).toBe(paletteIndex(type.toLowerCase()));
      }),
    );
    expect(paletteIndex(null)).toBeLessThan(PALETTE.length);
    // The built-in types each have their own.
    expect(
      new Set(['GOV', 'PLAN', 'PRD', 'SPEC', 'DESIGN', 'DECISION', 'ADR', 'FDD', 'TEST', 'LOG', 'RUNBOOK', 'devex'].map(paletteIndex)).size,
    ).toBe(PALETTE.length);
  });
});

describe('selectGraph', () => {
  const graphs = fc.uniqueArray(fc.stringMatching(/^D-[0-9]{1,2}$/), { minLength: 1, maxLength: 12 }).chain((ids) =>
    fc.record({
      ids: fc.constant(ids),
      statuses: fc.array(fc.constantFrom('Draft', 'Approved', 'Superseded', null), { minLength: ids.length, maxLength: ids.length }),
      // `both`: listed both ways, as related pairs and mutual links often are.
      edges: fc.array(
        fc.record({
          source: fc.constantFrom(...ids, 'X-1'),
          target: fc.constantFrom(...ids, 'X-2'),
          type: fc.constantFrom(...GRAPH_EDGE_KINDS),
          both: fc.boolean(),
        }),
        { maxLength: 30 },
      ),
      from: fc.option(fc.constantFrom(...ids), { nil: undefined }),
      depth: fc.nat({ max: 4 }),
      kinds: fc.option(fc.subarray([...GRAPH_EDGE_KINDS]), { nil: undefined }),
      status: fc.option(fc.constantFrom('draft', 'APPROVED'), { nil: undefined }),
    }),
  );

  it('nodes sorted and filtered, edges only of the chosen kinds between nodes kept, sorted and unique; the --from node always kept, the rest within depth', () => {
    fc.assert(
      fc.property(graphs, (g) => {
        const nodes = g.ids.map((id, i) => indexNode(id, { status: g.statuses[i] ?? null }));
        const listed = g.edges.flatMap((e) => (e.both ? [e, { ...e, source: e.target, target: e.source }] : [e]));
        const edges = listed.map((e) => ({ source: e.source, target: e.target, type: e.type }));
        const out = selectGraph(
          { nodes, edges },
          {
            ...(g.kinds ? { edges: g.kinds } : {}),
            ...(g.status ? { statuses: [g.status] } : {}),
            ...(g.from ? { from: { id: g.from, depth: g.depth } } : {}),
          },
        );
        const kept = out.nodes.map((n) => n.document_id);
        expect(kept).toEqual([...kept].sort());
        for (const n of out.nodes) if (n.document_id !== g.from && g.status) expect(n.status?.toLowerCase()).toBe(g.status.toLowerCase());
        if (g.from) expect(kept).toContain(g.from);
        if (g.from && g.depth === 0) expect(kept).toEqual([g.from]);
        const keys = out.edges.map((e) => `${e.source} ${e.target} ${e.type}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect(out.edges).toEqual(
          [...out.edges].sort((a, b) =>
            a.source < b.source
              ? -1
              : a.source > b.source
                ? 1
                : a.target < b.target
                  ? -1
                  : a.target > b.target
                    ? 1
                    : a.type < b.type
                      ? -1
                      : a.type > b.type
                        ? 1
                        : 0,
          ),
        );
        for (const e of out.edges) {
          expect(kept).toContain(e.source);
          expect(kept).toContain(e.target);
          expect(e.source).not.toBe(e.target);
          expect(g.kinds ?? GRAPH_EDGE_KINDS).toContain(e.type);
        }
        // Without filters every edge between two documents is kept.
        if (!g.from && !g.status && !g.kinds)
          expect(out.edges.length).toBe(
            new Set(
              listed
                .filter((e) => e.source !== e.target && g.ids.includes(e.source) && g.ids.includes(e.target))
                .map((e) => `${e.source} ${e.target} ${e.type}`),
            ).size,
          );
        // Both diagrams draw each edge once, a pair of related or references edges listed both ways once (a work-queue pair is a cycle: two lines).
        const drawn = drawnEdges(out.edges);
        const mutual = out.edges.filter(
          (e) =>
            (e.type === 'related' || e.type === 'references') &&
            out.edges.some((r) => r.type === e.type && r.source === e.target && r.target === e.source),
        ).length;
        expect(drawn.length).toBe(out.edges.length - mutual / 2);
        expect(
          renderMermaid(out)
            .split('\n')
            .filter((l) => new RegExp(`\\|(?:${GRAPH_EDGE_KINDS.join('|')})\\|`).test(l)),
        ).toHaveLength(drawn.length);
        expect(
          renderDot(out)
            .split('\n')
            .filter((l) => l.includes(' -> ')),
        ).toHaveLength(drawn.length);
      }),
    );
  });

  it('the neighbourhood follows edges both ways, as far as depth', () => {
    const nodes = ['A-1', 'A-2', 'A-3', 'A-4'].map((id) => indexNode(id));
    const edges: IndexEdge[] = [
      { source: 'A-2', target: 'A-1', type: 'supersedes', guaranteed: true },
      { source: 'A-2', target: 'A-3', type: 'references', guaranteed: true },
      { source: 'A-4', target: 'A-3', type: 'related', guaranteed: true },
    ];
    const ids = (depth: number, kinds?: typeof GRAPH_EDGE_KINDS) =>
      selectGraph({ nodes, edges }, { from: { id: 'A-1', depth }, ...(kinds ? { edges: kinds } : {}) }).nodes.map(
        (n: GraphNode) => n.document_id,
      );
    expect([ids(0), ids(1), ids(2), ids(3)]).toEqual([['A-1'], ['A-1', 'A-2'], ['A-1', 'A-2', 'A-3'], ['A-1', 'A-2', 'A-3', 'A-4']]);
    expect(ids(3, ['supersedes', 'related'])).toEqual(['A-1', 'A-2']);
  });
});
