import { createHash } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeHead, replaceItems } from '../../src/core/index/artifact-items.js';
import { ARTIFACT_KEY_ORDER, itemsText, visitArtifactText, type IndexArtifact } from '../../src/core/index/artifact.js';
import type { IndexNode } from '../../src/core/index/graph.js';
import { tempDir } from '../helpers/fixtures.js';

function node(i: number): IndexNode {
  const id = `ACME-ADR-${String(i).padStart(3, '0')}`;
  return {
    document_id: id, type: 'ADR', title: `Title ${i} "quoted" é ✓ \n    }`, status: 'Approved', owner: null, version: '1.0', last_updated: null, area: null,
    description: i % 3 === 0 ? `${'long '.repeat(i * 7)}` : null, keywords: i % 2 ? ['a', 'b'] : [], related_ids: i > 1 ? [`ACME-ADR-${String(i - 1).padStart(3, '0')}`] : [], superseded_by: null,
    path: `docs/adr/adr-${i}.md`, namespace: 'default',
  };
}

function text(nodes: IndexNode[]): string {
  const artifact: IndexArtifact = { index_version: '1.0', node_count: nodes.length, edge_count: 1, namespaces: [{ name: 'default', docs_root: 'docs', repo_prefix: 'ACME' }], nodes, edges: [{ source: nodes[1]!.document_id, target: nodes[0]!.document_id, type: 'related', guaranteed: true }] };
  let out = '';
  visitArtifactText(artifact, ARTIFACT_KEY_ORDER, (piece) => (out += piece));
  return out;
}

/** Runs replaceItems over `content` with the given replacements and read size; the new text, or undefined. */
function replace(content: string, edits: Record<string, (item: string) => string | undefined>, chunk: number): { out?: string; sha256?: string; size?: number } {
  const file = path.join(tempDir(), 'a.json');
  writeFileSync(file, content);
  const fd = openSync(file, 'r');
  const pieces: Buffer[] = [];
  try {
    const read = replaceItems(fd, new Map(Object.entries(edits).map(([id, f]) => [nodeHead(id), f])), (b) => pieces.push(Buffer.from(typeof b === 'string' ? Buffer.from(b) : Uint8Array.prototype.slice.call(b))), chunk);
    return read ? { out: Buffer.concat(pieces).toString('utf8'), ...read } : {};
  } finally {
    closeSync(fd);
  }
}

describe('replaceItems: node items of the artifact replaced in one streamed read', () => {
  const nodes = Array.from({ length: 12 }, (_, i) => node(i + 1));
  const before = text(nodes);
  const edited = nodes.map((n) => (n.document_id === 'ACME-ADR-002' || n.document_id === 'ACME-ADR-012' ? { ...n, title: `${n.title} (new ✓)` } : n));
  const after = text(edited);
  /** The item of a node as visitArtifactText writes it. */
  const item = (n: IndexNode) => itemsText([n], ARTIFACT_KEY_ORDER.nodes!);

  it('gives exactly the text a full write gives, however the reads cut heads and items, and the old file\'s size and hash', () => {
    for (const chunk of [1, 2, 3, 7, 64, 1000, 1 << 20]) {
      const seen: string[] = [];
      const r = replace(before, {
        'ACME-ADR-002': (old) => (seen.push(old), item(edited[1]!)),
        'ACME-ADR-012': (old) => (seen.push(old), item(edited[11]!)),
      }, chunk);
      expect(r.out, `chunk ${chunk}`).toBe(after);
      expect(seen).toEqual([item(nodes[1]!), item(nodes[11]!)]);
      expect(r.size).toBe(Buffer.byteLength(before));
      expect(r.sha256).toBe(createHash('sha256').update(before).digest('hex'));
    }
  });

  it('refuses a head that is missing or occurs twice, and an item its replacement refuses', () => {
    for (const chunk of [3, 1 << 20]) {
      expect(replace(before, { 'ACME-ADR-099': () => 'x' }, chunk).out).toBeUndefined();
      expect(replace(before, { 'ACME-ADR-002': () => undefined }, chunk).out).toBeUndefined();
      const twice = text([...nodes.slice(0, 3), nodes[1]!, ...nodes.slice(3)]);
      expect(replace(twice, { 'ACME-ADR-002': () => 'x' }, chunk).out).toBeUndefined();
      // An ID that is only a prefix of another's, or that occurs in a string value, is not a head.
      expect(replace(before, { 'ACME-ADR-00': () => 'x' }, chunk).out).toBeUndefined();
      expect(replace(text([{ ...nodes[0]!, title: '\n    {\n      "document_id": "ACME-ADR-777",\n' }, ...nodes.slice(1)]), { 'ACME-ADR-777': () => 'x' }, chunk).out).toBeUndefined();
    }
  });

  it('with nothing to replace, hands on the file as it is', () => {
    expect(replace(before, {}, 5).out).toBe(before);
  });
});
