import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import { ArtifactFile } from '../../src/core/index/artifact-file.js';
import { ARTIFACT_KEY_ORDER, visitArtifactText } from '../../src/core/index/artifact.js';
import type { DocFacts } from '../../src/core/index/facts.js';
import { buildGraph, nearestId, nodeOf, type Graph, type GraphInput } from '../../src/core/index/graph.js';
import { relate, supersede } from '../../src/core/index/relate.js';
import { sortIssues } from '../../src/core/issues.js';
import { Suggester } from '../../src/core/text/suggest.js';
import { random } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * relate and supersede against buildGraph itself: random graphs, random edits of related_ids
 * and superseded_by, and a small suggestions' budget, so that questions past it occur. Each
 * answer they give must be the full build's (warnings and advice); where the stored result
 * does not say enough they must refuse (undefined), and the test counts that both happen.
 */
const NAMESPACE = { name: 'default' } as NamespaceConfig;
const ID = (i: number) => `ACME-ADR-${String(i).padStart(3, '0')}`;

interface Doc {
  related: string[];
  successor: string | null;
}

function inputs(docs: ReadonlyMap<string, Doc>): GraphInput[] {
  return [...docs].map(([id, d]) => {
    // A status that agrees with superseded_by: status warnings are the patch draft's (withStatusWarning), not relate's or supersede's.
    const status = d.successor === null ? 'Approved' : 'Superseded';
    const facts: DocFacts = { links: [], node: { document_id: id, type: 'ADR', title: id, status, owner: null, version: null, last_updated: null, area: null, description: null, keywords: [], related_ids: d.related, superseded_by: d.successor } };
    return { rel: `docs/${id}.md`, namespace: NAMESPACE, facts };
  });
}

const fds: number[] = [];
afterEach(() => fds.splice(0).forEach((fd) => closeSync(fd)));
function artifactOf(graph: Graph): ArtifactFile {
  let text = '';
  const artifact = { index_version: '1.0', node_count: graph.nodes.length, edge_count: graph.edges.length, namespaces: [{ name: 'default', docs_root: 'docs', repo_prefix: 'ACME' }], nodes: graph.nodes, edges: graph.edges };
  visitArtifactText(artifact, ARTIFACT_KEY_ORDER, (piece) => (text += piece));
  const abs = path.join(tempDir(), 'index.json');
  writeFileSync(abs, text);
  const fd = openSync(abs, 'r');
  fds.push(fd);
  return new ArtifactFile(fd, Buffer.byteLength(text));
}

describe('relate and supersede give the full build\'s warnings and advice, or refuse', () => {
  it('over seeded graphs and edits', () => {
    let [answered, refused] = [0, 0];
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const n = 6 + Math.floor(next() * 20);
      const ids = Array.from({ length: n }, (_, i) => ID(2 * i + 1));
      // Dangling IDs, some close to a node's (so that they get suggestions).
      const pool = [...ids, 'NOPE-ADR-999', ID(4), ID(900), `${ids[0]}X`];
      const pick = () => pool[Math.floor(next() * pool.length)]!;
      const docs = new Map(ids.map((id): [string, Doc] => [id, { related: [...new Set(Array.from({ length: Math.floor(next() * 4) }, pick))], successor: next() < 0.2 ? pick() : null }]));
      // A budget that answers a few questions only, or all of them.
      const budget = n * (next() < 0.5 ? 2 + Math.floor(next() * 6) : 1000);
      const graph = buildGraph(inputs(docs), budget);
      // Patching starts from a sound build only.
      if (graph.violations.length > 0) continue;
      const file = artifactOf(graph);
      const stored = { node_count: n, warnings: graph.warnings, advice: graph.advice, budget };
      const sorted = [...ids].sort();
      const suggest = (id: string, own: string) => nearestId(new Suggester(sorted), id, own);
      const after = new Map([...docs].map(([id, d]) => [id, { ...d }]));
      const edited = [...new Set(Array.from({ length: 1 + Math.floor(next() * 2) }, () => ids[Math.floor(next() * n)]!))];
      const bySuccessor = next() < 0.3;
      if (bySuccessor) for (const id of edited) after.get(id)!.successor = next() < 0.3 ? null : pick();
      else for (const id of edited) after.get(id)!.related = [...new Set(Array.from({ length: Math.floor(next() * 5) }, pick))];
      const want = buildGraph(inputs(after), budget);
      const nodeFor = (id: string) => nodeOf(inputs(after).find((x) => x.facts.node!.document_id === id)!.facts.node!, `docs/${id}.md`, 'default');
      const got = bySuccessor
        ? supersede(file, stored, edited.map((id) => ({ node: nodeFor(id), before: docs.get(id)!.successor })), suggest)
        : relate(file, stored, edited.map((id) => ({ node: nodeFor(id), before: docs.get(id)!.related })), suggest);
      // A cycle (the full build's violations) must be refused: the patch cannot report it.
      if (want.violations.length > 0) expect(got, `seed ${seed}: a cycle answered`).toBeUndefined();
      if (!got) {
        refused++;
        continue;
      }
      answered++;
      expect(sortIssues(got.warnings), `seed ${seed}`).toEqual(sortIssues(want.warnings));
      if ('advice' in got) expect(got.advice, `seed ${seed}`).toEqual(want.advice);
      // Which IDs a relation names are nodes (a relation to itself makes no edge).
      if ('nodes' in got) for (const id of edited) for (const r of after.get(id)!.related.filter((x) => x !== id)) expect(got.nodes.has(r), `seed ${seed} ${r}`).toBe(docs.has(r));
    }
    // Both paths are taken: answers that must match, and refusals where the result does not say enough.
    expect(answered).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(5);
  });
});
