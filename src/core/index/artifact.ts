import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { compareFile } from '../fs/chunks.js';
import type { IndexEdge, IndexNode } from './graph.js';

export const INDEX_VERSION = '1.0';

export interface IndexArtifact {
  index_version: string;
  node_count: number;
  edge_count: number;
  namespaces: { name: string; docs_root: string; repo_prefix: string }[];
  nodes: IndexNode[];
  edges: IndexEdge[];
}

/** The order of a node's keys in the artifact. */
export const NODE_KEYS = ['document_id', 'path', 'namespace', 'type', 'title', 'status', 'owner', 'version', 'last_updated', 'area', 'description', 'keywords', 'related_ids', 'superseded_by'] as const;

/** The artifact with its fixed key order (the order of the spec, not alphabetical). */
export function buildArtifact(config: RepoConfig, nodes: readonly IndexNode[], edges: readonly IndexEdge[]): IndexArtifact {
  const namespaces = config.namespaces
    .map((ns) => ({ name: ns.name, docs_root: ns.docs_root, repo_prefix: ns.repo_prefix }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    index_version: INDEX_VERSION,
    node_count: nodes.length,
    edge_count: edges.length,
    namespaces,
    // In NODE_KEYS order, field by field.
    nodes: nodes.map((n) => ({
      document_id: n.document_id, path: n.path, namespace: n.namespace, type: n.type, title: n.title, status: n.status, owner: n.owner, version: n.version,
      last_updated: n.last_updated, area: n.area, description: n.description, keywords: n.keywords, related_ids: n.related_ids, superseded_by: n.superseded_by,
    })),
    edges: edges.map((e) => ({ source: e.source, target: e.target, type: e.type, guaranteed: e.guaranteed })),
  };
}

/**
 * Pretty, deterministic bytes: two-space indentation, LF, a final newline; no run ID, no
 * timestamps. Exactly `JSON.stringify(artifact, null, 2)` and a newline, but written a node
 * at a time into bounded chunks: V8 builds one large JSON text as a rope that is copied flat
 * before it can be encoded, so at 100,000 documents (about 90 MB) the whole text existed
 * three times over (rope, flat copy, bytes); now twice (chunks, bytes) and briefly.
 */
export function serializeArtifact(artifact: IndexArtifact): Buffer {
  const out = new ChunkedBytes();
  const fields = Object.entries(artifact).filter(([, value]) => value !== undefined);
  out.write('{');
  fields.forEach(([key, value], i) => {
    out.write(`${i > 0 ? ',' : ''}\n  ${JSON.stringify(key)}: `);
    if (!Array.isArray(value) || value.length === 0) {
      out.write(indented(JSON.stringify(value, null, 2), '\n  '));
      return;
    }
    out.write('[');
    value.forEach((item: unknown, j) => out.write(`${j > 0 ? ',' : ''}\n    ${indented(JSON.stringify(item, null, 2) ?? 'null', '\n    ')}`));
    out.write('\n  ]');
  });
  out.write(fields.length > 0 ? '\n}\n' : '}\n');
  return out.bytes();
}

/** Nested JSON's lines moved right (a JSON text has no raw newline inside a string). */
function indented(json: string, newline: string): string {
  return json.includes('\n') ? json.replaceAll('\n', newline) : json;
}

/** Text gathered into UTF-8 chunks of about 1 MiB, joined once at the end. */
class ChunkedBytes {
  private parts: string[] = [];
  private pending = 0;
  private readonly chunks: Buffer[] = [];

  write(text: string): void {
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending >= 1 << 20) this.flush();
  }

  bytes(): Buffer {
    this.flush();
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    this.chunks.push(Buffer.from(this.parts.join(''), 'utf8'));
    this.parts = [];
    this.pending = 0;
  }
}

/**
 * Whether the artifact on disk has exactly these bytes, compared chunk by chunk (at 100,000
 * documents it is about 90 MB: reading it whole to compare doubled the memory of the run).
 * 'missing': absent, or not a regular file.
 */
export function artifactOnDisk(config: RepoConfig, bytes: Uint8Array): 'missing' | 'same' | 'different' {
  return compareFile(path.join(config.root, config.index_path), bytes);
}

/** Writes the artifact atomically, only when its bytes change. Returns whether it wrote. */
export async function writeArtifact(config: RepoConfig, bytes: Buffer): Promise<boolean> {
  if (artifactOnDisk(config, bytes) === 'same') return false;
  await writeFileAtomic(config.root, path.join(config.root, config.index_path), bytes, { overwrite: true });
  return true;
}
