import { describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import type { DocFacts, NodeFields } from '../../src/core/index/facts.js';
import { nodeFields } from '../helpers/node-fields.js';
import { buildGraph, type GraphInput } from '../../src/core/index/graph.js';

const ns = { name: 'main' } as NamespaceConfig;

function doc(id: string, fields: Partial<NodeFields> = {}, links: string[] = []): GraphInput {
  const facts: DocFacts = { node: nodeFields(id, fields), links };
  return { rel: `docs/${id.toLowerCase()}.md`, namespace: ns, facts };
}

describe('buildGraph', () => {
  it('a document superseded by itself is a cycle of one; no self edges', () => {
    const g = buildGraph([doc('ACME-ADR-001', { superseded_by: 'ACME-ADR-001', status: 'Superseded', related_ids: ['ACME-ADR-001'] })]);
    expect(g.violations.map((v) => v.message)).toEqual(['superseded_by forms a cycle: ACME-ADR-001 → ACME-ADR-001.']);
    expect(g.edges).toEqual([]);
  });

  it('a chain into a cycle reports only the cycle members', () => {
    const g = buildGraph([
      doc('ACME-ADR-001', { superseded_by: 'ACME-ADR-002', status: 'Superseded' }),
      doc('ACME-ADR-002', { superseded_by: 'ACME-ADR-003', status: 'Superseded' }),
      doc('ACME-ADR-003', { superseded_by: 'ACME-ADR-002', status: 'Superseded' }),
    ]);
    expect(g.violations.map((v) => v.document_id)).toEqual(['ACME-ADR-002', 'ACME-ADR-003']);
  });

  it('references come from links to indexed paths only, deduplicated and sorted', () => {
    const a = doc('ACME-ADR-002', {}, ['docs/acme-adr-001.md', 'docs/missing.md', 'docs/acme-adr-002.md']);
    const g = buildGraph([doc('ACME-ADR-001'), a]);
    expect(g.edges).toEqual([{ source: 'ACME-ADR-002', target: 'ACME-ADR-001', type: 'references', guaranteed: true }]);
  });

  it('edges are sorted by source, target and type, and each appears once, however many a source has', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `ACME-ADR-${String(100 + ((i * 37) % 50)).padStart(3, '0')}`);
    const hub = doc('ACME-ADR-999', { related_ids: [...ids].reverse() }, [
      ...ids.map((id) => `docs/${id.toLowerCase()}.md`),
      `docs/${ids[3]!.toLowerCase()}.md`,
    ]);
    const few = doc('ACME-ADR-000', { related_ids: ['ACME-ADR-120', 'ACME-ADR-110', 'ACME-ADR-120'] }, [
      'docs/acme-adr-110.md',
      'docs/acme-adr-110.md',
    ]);
    const others = ids.map((id, i) => doc(id, i % 7 === 0 ? { superseded_by: 'ACME-ADR-999', status: 'Superseded' } : {}));
    const g = buildGraph([few, hub, ...others]);
    const key = (e: { source: string; target: string; type: string }) => `${e.source} ${e.target} ${e.type}`;
    const keys = g.edges.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort());
    expect(g.edges.filter((e) => e.source === 'ACME-ADR-999')).toHaveLength(50 * 2 + 8); // related, references, supersedes
    expect(g.edges.filter((e) => e.source === 'ACME-ADR-000').map((e) => `${e.target} ${e.type}`)).toEqual([
      'ACME-ADR-110 references',
      'ACME-ADR-110 related',
      'ACME-ADR-120 related',
    ]);
  });

  it("suggests for a dangling relation the closest other ID, never the document's own", () => {
    const g = buildGraph([
      doc('ACME-ADR-101', { related_ids: ['ACME-ADR-1O1', 'acme-adr-201'], superseded_by: 'ACME-ADR-10' }),
      doc('ACME-ADR-102'),
      doc('ACME-ADR-201'),
      doc('OTHER-PRD-900', { related_ids: ['ZZZZ-QQQ-777'] }),
    ]);
    const byTarget = Object.fromEntries(
      g.warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').map((w) => [w.message.split(' ')[2]!.replace(/,$/, ''), w.suggestion]),
    );
    // ACME-ADR-101 itself is the nearest to each of its own dangling IDs: the next one is suggested.
    expect(byTarget).toEqual({
      'ACME-ADR-1O1': 'Did you mean ACME-ADR-102? Fix the ID or remove it.',
      'acme-adr-201': 'Did you mean ACME-ADR-201? Fix the ID or remove it.',
      'ACME-ADR-10': 'Did you mean ACME-ADR-102? Fix the ID or remove it.',
      'ZZZZ-QQQ-777': 'Fix the ID or remove it.',
    });
  });

  it('suggests within a budget of ID comparisons, in ID order, then points to docket resolve', () => {
    const inputs = Array.from({ length: 10 }, (_, i) =>
      doc(`ACME-ADR-${String(i + 1).padStart(3, '0')}`, { related_ids: [`ACME-ADR-${i + 1}00`] }),
    );
    inputs.push(doc('ACME-ADR-011', { related_ids: ['ACME ADR 1'] }));
    // 11 IDs, 25 comparisons: two questions are answered, the others are not asked.
    const g = buildGraph(inputs, 25);
    const suggestions = g.warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').map((w) => [w.document_id, w.suggestion]);
    expect(suggestions).toHaveLength(11);
    expect(suggestions.slice(0, 3)).toEqual([
      ['ACME-ADR-001', 'Did you mean ACME-ADR-010? Fix the ID or remove it.'],
      ['ACME-ADR-002', 'Did you mean ACME-ADR-001? Fix the ID or remove it.'],
      ['ACME-ADR-003', 'Fix the ID or remove it (`docket resolve ACME-ADR-300` lists close IDs).'],
    ]);
    // An ID that cannot be quoted as it is is not put in a command.
    expect(suggestions.at(-1)).toEqual(['ACME-ADR-011', 'Fix the ID or remove it (`docket resolve` with the ID lists close IDs).']);
    // With the default budget every question is answered.
    expect(buildGraph(inputs).warnings.filter((w) => w.suggestion?.includes('docket resolve'))).toEqual([]);
  });

  it('lists at most 20 one-sided relations, then a count', () => {
    const inputs = [doc('ACME-ADR-100')];
    for (let i = 1; i <= 25; i++) inputs.push(doc(`ACME-ADR-${String(i).padStart(3, '0')}`, { related_ids: ['ACME-ADR-100'] }));
    const g = buildGraph(inputs);
    expect(g.advice).toHaveLength(21);
    expect(g.advice[20]!.message).toBe('5 more one-sided relations are not listed.');
    expect(g.nodes.map((n) => n.document_id)).toEqual([...inputs.map((d) => d.facts.node!.document_id)].sort());
  });
});
