import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labelLines, nodeIdentifier } from '../../src/cli/render/graph/look.js';
import { MERMAID_LIMITS, renderMermaid as mermaidOf, tooLargeForMermaid } from '../../src/cli/render/graph/mermaid.js';
import type { GraphData } from '../../src/core/graph/select.js';
import { CHROMIUM, NO_CHROMIUM, renderMermaid } from '../helpers/browser.js';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';

/**
 * Issue 44: what `docket graph` prints draws, in Graphviz (`dot -Tsvg`) and in Mermaid (its
 * bundle in headless Chromium), whatever the titles hold: every title comes out as written
 * (on one line), and none can break the diagram, add to it, or run a script.
 */
const DOT = ['/usr/bin/dot', '/usr/local/bin/dot'].find((p) => existsSync(p));
const NO_DOT = "skipped: no Graphviz dot (install Debian's graphviz)";

const HOSTILE_TITLES = [
  "Quote \" and 'single' and `backtick`",
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned=2"> [x] (y) {z}',
  '#quot; #35; &amp; &lt;b&gt; entity look-alikes',
  '%%{init: {"theme":"dark","securityLevel":"loose"}}%% directive',
  'Line one\nLine two\r\nthree\ttab',
  'Café ☕ 日本語 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202eevil\u202c',
  'end --> x ==> y -.- z |pipe| ; semi :::cls',
  '"]; n_ACME_ADR_001 --> evil["x',
  'Back\\slash \\n \\N \\G \\" ﬂ°°60¶ß and ¶ß',
  '`**a Markdown string**`',
  'click n_ACME_ADR_001 call alert(1)',
  'digraph } subgraph { node [label="x"] -> edge <b>',
  '<a href="javascript:alert(1)">link</a> javascript:alert(1)',
];

/** A repository with a document per hostile title (ADRs and PRDs, drafts and superseded ones) related in a chain. */
async function hostileGraph(): Promise<{ root: string; data: GraphData }> {
  const files: Record<string, string> = {};
  HOSTILE_TITLES.forEach((title, i) => {
    const n = String(i + 1).padStart(3, '0');
    const adr = i % 2 === 0;
    const id = `ACME-${adr ? 'ADR' : 'PRD'}-${n}`;
    const next = i + 1 < HOSTILE_TITLES.length ? `ACME-${adr ? 'PRD' : 'ADR'}-${String(i + 2).padStart(3, '0')}` : undefined;
    const status = i % 3 === 0 ? 'Draft' : i % 3 === 1 ? 'Approved' : 'Superseded';
    files[`docs/${adr ? '45-adr/adr' : '10-prd/prd'}-${n}-x.md`] = doc({
      document_id: id,
      type: adr ? 'ADR' : 'PRD',
      title: JSON.stringify(title),
      status,
      ...(next ? { related_ids: `[${next}]` } : {}),
      ...(status === 'Superseded' && next ? { superseded_by: next } : {}),
    });
  });
  // Work-queue relations too (project-state.yaml): their own line ends in both renderers.
  files['docs/01-indices/project-state.yaml'] =
    "state_schema_version: '2.0'\ndocuments:\n  ACME-ADR-001:\n    impl_state: Not Started\n    updated: '2026-01-01T00:00:00+00:00'\n    updated_by: a\n    depends_on:\n    - ACME-ADR-003\n  ACME-PRD-002:\n    impl_state: Blocked\n    updated: '2026-01-01T00:00:00+00:00'\n    updated_by: a\n    blocked_by:\n    - ACME-ADR-001\n";
  const root = repo(files);
  const r = await docket(['graph', '--root', root, '--json']);
  expect(r.exitCode, r.stdout).toBe(0);
  const data = r.json!.data as GraphData;
  expect(data.nodes).toHaveLength(HOSTILE_TITLES.length);
  // The titles reach the graph as written, control characters and all.
  expect(data.nodes.map((n) => n.title).sort()).toEqual([...HOSTILE_TITLES].sort());
  expect(
    data.edges.filter((e) => e.type === 'depends_on' || e.type === 'blocked_by').map((e) => `${e.source} ${e.type} ${e.target}`),
  ).toEqual(['ACME-ADR-001 depends_on ACME-ADR-003', 'ACME-PRD-002 blocked_by ACME-ADR-001']);
  return { root, data };
}

/** Lines a diagram draws besides the related chain (one line per related pair): one per supersedes and work-queue edge. */
const ownLines = (data: GraphData) => data.edges.filter((e) => e.type !== 'related' && e.type !== 'references').length;

/** Graphviz's SVG text, entities decoded. */
const xmlText = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

describe('docket graph output draws', () => {
  it.skipIf(!DOT)(
    `DOT renders with Graphviz: a node per document with its label lines as written, an edge per relation (${DOT ? 'dot found' : NO_DOT})`,
    async () => {
      const { root, data } = await hostileGraph();
      const text = (await docket(['graph', '--root', root, '--format', 'dot'])).stdout;
      const svg = spawnSync(DOT!, ['-Tsvg'], { input: text, encoding: 'utf8' });
      expect(svg.stderr).toBe('');
      expect(svg.status).toBe(0);
      const groups = svg.stdout
        .split('<g id="node')
        .slice(1)
        .map((g) => g.slice(0, g.indexOf('</g>')));
      const drawn = new Map(
        groups.map((g) => [
          xmlText(/<title>(.*?)<\/title>/.exec(g)![1]!),
          [...g.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((m) => xmlText(m[1]!)),
        ]),
      );
      expect(drawn.size).toBe(data.nodes.length);
      for (const node of data.nodes) expect(drawn.get(nodeIdentifier(node.document_id)), node.document_id).toEqual(labelLines(node));
      // A related pair is one line; each superseded document adds its supersedes edge, each work-queue relation its own.
      expect((svg.stdout.match(/<g id="edge\d+" class="edge">/g) ?? []).length).toBe(HOSTILE_TITLES.length - 1 + ownLines(data));
    },
  );

  it.skipIf(!CHROMIUM)(
    `Mermaid renders in headless Chromium: every node with its label as written, every edge, no script, no console error (${CHROMIUM ? 'chromium found' : NO_CHROMIUM})`,
    async () => {
      const { root, data } = await hostileGraph();
      const text = (await docket(['graph', '--root', root, '--format', 'mermaid'])).stdout;
      const md = (await docket(['graph', '--root', root, '--format', 'md'])).stdout;
      const fenced = /```mermaid\n([\s\S]*?)```/.exec(md)![1]!;
      // One edge past Mermaid's default limit: refused, as the advice of `graph` says (tooLargeForMermaid).
      const chain = (edges: number): GraphData => ({
        nodes: Array.from({ length: edges + 1 }, (_, i) => ({
          document_id: `L-${i}`,
          path: `l${i}.md`,
          namespace: 'main',
          type: 'ADR',
          title: null,
          status: null,
          superseded_by: null,
        })),
        edges: Array.from({ length: edges }, (_, i) => ({ source: `L-${i}`, target: `L-${i + 1}`, type: 'references' as const })),
      });
      expect([tooLargeForMermaid(chain(MERMAID_LIMITS.edges)), tooLargeForMermaid(chain(MERMAID_LIMITS.edges + 1))]).toEqual([false, true]);
      const [drawn, fromMarkdown, atLimit, pastLimit] = await renderMermaid([
        text,
        fenced,
        mermaidOf(chain(MERMAID_LIMITS.edges)),
        mermaidOf(chain(MERMAID_LIMITS.edges + 1)),
      ]);
      expect(atLimit!.error).toBeUndefined();
      expect(pastLimit!.error).toMatch(/edges/i);
      for (const result of [drawn!, fromMarkdown!]) {
        expect(result.error).toBeUndefined();
        expect(result.consoleErrors).toEqual([]);
        expect(result.pwned).toBe(false);
        expect(result.activeElements).toBe(0);
        expect(result.nodes).toHaveLength(data.nodes.length);
      }
      for (const node of data.nodes) {
        // Mermaid names a node's element `<diagram>-flowchart-<node name>-<n>`.
        const rendered = drawn!.nodes.find((n) => new RegExp(`^graph-flowchart-${nodeIdentifier(node.document_id)}-\\d+$`).test(n.id));
        expect(rendered, node.document_id).toBeDefined();
        // Word joiners (which draw nothing) split the sequences Mermaid would read as its own (mermaid.ts).
        expect(rendered!.text.replace(/\u2060/g, ''), node.document_id).toBe(labelLines(node).join(''));
        // Superseded greyed, drafts dashed, as drawn.
        const status = node.status!.toLowerCase();
        expect(rendered!.fill === 'rgb(243, 244, 246)', node.document_id).toBe(status === 'superseded');
        expect(/\d/.test(rendered!.dashes), node.document_id).toBe(status === 'draft');
      }
      expect(drawn!.edgePaths).toBe(HOSTILE_TITLES.length - 1 + ownLines(data));
    },
  );
});
