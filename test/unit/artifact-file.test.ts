import { createHash } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ArtifactFile,
  EDGE_ITEM,
  findFirst,
  NAMESPACE_ITEM,
  NODE_ITEM,
  nodeIdsOf,
  nodesOf,
  type ItemKind,
} from '../../src/core/index/artifact-file.js';
import {
  ARTIFACT_KEY_ORDER,
  EDGE_KEYS,
  itemsText,
  NODE_KEYS,
  visitArtifactText,
  type IndexArtifact,
} from '../../src/core/index/artifact.js';
import type { IndexEdge, IndexNode } from '../../src/core/index/graph.js';
import { random } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';

/** Values that look like the artifact's own lines, to show that only raw line feeds count. */
const TRICKY = ['\n    }', '\n    {\n      "source": "ZZZ",\n', '"path": "docs/x.md",', 'é ✓ "quoted"'];

function node(i: number, next: () => number): IndexNode {
  const id = `ACME-ADR-${String(i).padStart(3, '0')}`;
  return {
    document_id: id,
    type: 'ADR',
    title: `Title ${i} ${TRICKY[i % TRICKY.length]}`,
    status: 'Approved',
    owner: null,
    version: '1.0',
    last_updated: null,
    area: null,
    description: next() < 0.2 ? 'long '.repeat(Math.floor(next() * 3000)) : null,
    keywords: i % 2 ? ['a', 'b'] : [],
    related_ids: [],
    superseded_by: null,
    path: `docs/adr/adr-${i} ✓.md`,
    namespace: 'default',
  };
}

/** Edges sorted as the graph sorts them: by source, then target and type. Some sources are not nodes (a dangling superseded_by). */
function edgesOf(ids: readonly string[], next: () => number): IndexEdge[] {
  const sources = [...ids, 'ACME-ADR-0005 "odd" é', 'ZZZ'].filter(() => next() < 0.6).sort();
  const out: IndexEdge[] = [];
  for (const source of sources) {
    const targets = [...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => ids[Math.floor(next() * ids.length)]!))].sort();
    for (const target of targets) out.push({ source, target, type: next() < 0.5 ? 'references' : 'related', guaranteed: next() < 0.8 });
  }
  return out;
}

function artifactText(nodes: readonly IndexNode[], edges: readonly IndexEdge[]): string {
  const artifact: IndexArtifact = {
    index_version: '1.0',
    node_count: nodes.length,
    edge_count: edges.length,
    namespaces: [
      { name: 'default', docs_root: 'docs', repo_prefix: 'ACME' },
      { name: 'x', docs_root: 'x', repo_prefix: 'X' },
    ],
    nodes,
    edges,
  };
  let out = '';
  visitArtifactText(artifact, ARTIFACT_KEY_ORDER, (piece) => (out += piece));
  return out;
}

const fds: number[] = [];
afterEach(() => fds.splice(0).forEach((fd) => closeSync(fd)));
function open(content: string): { fd: number; file: ArtifactFile } {
  const abs = path.join(tempDir(), 'a.json');
  writeFileSync(abs, content);
  const fd = openSync(abs, 'r');
  fds.push(fd);
  return { fd, file: new ArtifactFile(fd, Buffer.byteLength(content)) };
}

describe('ArtifactFile: items found by bisecting the file, never read whole', () => {
  it.each([[1], [2], [3]])('finds the first item at or after any (kind, key), and its exact text (seed %i)', (seed) => {
    const next = random(seed);
    const nodes = Array.from({ length: 40 }, (_, i) => node(2 * i + 1, next));
    const edges = edgesOf(
      nodes.map((n) => n.document_id),
      next,
    );
    const { file } = open(artifactText(nodes, edges));
    const items: { kind: ItemKind; key: string; text: string }[] = [
      ...['default', 'x'].map((key) => ({ kind: NAMESPACE_ITEM as ItemKind, key, text: '' })),
      ...nodes.map((n) => ({ kind: NODE_ITEM as ItemKind, key: n.document_id, text: itemsText([n], NODE_KEYS) })),
      ...edges.map((e) => ({ kind: EDGE_ITEM as ItemKind, key: e.source, text: itemsText([e], EDGE_KEYS) })),
    ];
    const probes: [ItemKind, string][] = [
      [NODE_ITEM, ''],
      [EDGE_ITEM, ''],
      [EDGE_ITEM, '\uffff'],
      [NAMESPACE_ITEM, 'y'],
    ];
    for (let i = 0; i <= 82; i++)
      probes.push([NODE_ITEM, `ACME-ADR-${String(i).padStart(3, '0')}`], [EDGE_ITEM, `ACME-ADR-${String(i).padStart(3, '0')}`]);
    probes.push([EDGE_ITEM, 'ACME-ADR-0005 "odd" é'], [EDGE_ITEM, 'ZZZ'], [EDGE_ITEM, 'ZZ']);
    for (const [kind, key] of probes) {
      const want = items.find((it) => it.kind > kind || (it.kind === kind && it.key >= key));
      const got = file.lowerBound(kind, key);
      expect(got && { kind: got.kind, key: got.key }, `${kind} ${key}`).toEqual(want && { kind: want.kind, key: want.key });
      if (got && want && kind !== NAMESPACE_ITEM) {
        // The first of its key: the item before it is of a smaller key.
        expect(file.itemText(got.at)).toBe(want.text);
      }
    }
  });

  it("findFirst: the first offset of each pattern and the file's hash, however reads cut them", () => {
    const next = random(9);
    const text = artifactText(
      Array.from({ length: 12 }, (_, i) => node(i + 1, next)),
      [],
    );
    const { fd } = open(text);
    const bytes = Buffer.from(text);
    const patterns = ['\n      "path": "docs/adr/adr-3 ✓.md",\n', '\n  "edges": [', 'not there', '"document_id"'];
    for (const chunk of [1, 2, 5, 64, 4096, 1 << 20]) {
      const r = findFirst(fd, patterns, chunk);
      expect(r.at, `chunk ${chunk}`).toEqual(patterns.map((p) => bytes.indexOf(p)));
      expect([r.size, r.sha256]).toEqual([bytes.length, createHash('sha256').update(bytes).digest('hex')]);
    }
  });

  it("nodeIdsOf: every node ID in order, and the file's hash, however reads cut the lines", () => {
    const next = random(4);
    const nodes = Array.from({ length: 30 }, (_, i) => node(i + 1, next));
    const text = artifactText(
      nodes,
      edgesOf(
        nodes.map((n) => n.document_id),
        next,
      ),
    );
    const { fd } = open(text);
    for (const chunk of [1, 2, 7, 33, 4096, 1 << 20]) {
      const r = nodeIdsOf(fd, chunk);
      expect(r.ids, `chunk ${chunk}`).toEqual(nodes.map((n) => n.document_id));
      expect(r.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    }
    // A first line that is not a string: no IDs to trust.
    const { fd: odd } = open(text.replace('"document_id": "ACME-ADR-003"', '"document_id": 3'));
    expect(nodeIdsOf(odd).ids).toBeUndefined();
  });

  it('nodesOf: every node, equal to what was written, however reads cut the items', () => {
    const next = random(6);
    const nodes = Array.from({ length: 30 }, (_, i) => node(i + 1, next));
    const text = artifactText(
      nodes,
      edgesOf(
        nodes.map((n) => n.document_id),
        next,
      ),
    );
    const { fd } = open(text);
    for (const chunk of [1, 2, 7, 33, 4096, 1 << 20]) {
      const r = nodesOf(fd, chunk);
      expect(r.nodes, `chunk ${chunk}`).toEqual(nodes);
      expect([r.size, r.sha256]).toEqual([Buffer.byteLength(text), createHash('sha256').update(text).digest('hex')]);
    }
    // An item that is not JSON: no nodes to trust.
    const { fd: broken } = open(text.replace('"status": "Approved",', '"status": Approved,'));
    expect(nodesOf(broken).nodes).toBeUndefined();
  });
});
