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

/** How many items of an array are written by one JSON.stringify call. */
const ITEMS_PER_CHUNK = 512;

/**
 * Pretty, deterministic bytes: two-space indentation, LF, a final newline; no run ID, no
 * timestamps. Exactly `JSON.stringify(artifact, null, 2)` and a newline, as consecutive pieces
 * that are hashed, compared and written one after the other and never joined. V8 builds one
 * large JSON text as a rope that is copied flat before it can be encoded: at 100,000
 * documents (about 90 MB) the whole text existed three times over (rope, flat copy, bytes);
 * pieces joined at the end, twice. Each piece is one native JSON.stringify of a slice of an
 * array, wrapped so that its items come out at the depth they have in the artifact: a node at
 * a time, its lines indented again by `replaceAll`, then joined, took three times as long
 * (10k documents in a fresh process: about 330 against 110 ms).
 */
export function serializeArtifact(artifact: IndexArtifact): Buffer[] {
  const pieces: Buffer[] = [];
  const fields = Object.entries(artifact).filter(([, value]) => value !== undefined);
  let text = '{';
  fields.forEach(([key, value], i) => {
    const name = JSON.stringify(key);
    text += `${i > 0 ? ',' : ''}\n  ${name}: `;
    if (!Array.isArray(value) || value.length === 0) {
      // '{\n  "key": ' VALUE '\n}': VALUE's lines indented as in the artifact.
      text += JSON.stringify({ [key]: value }, null, 2).slice(6 + name.length, -2);
      return;
    }
    pieces.push(Buffer.from(`${text}[\n`, 'utf8'));
    for (let from = 0; from < value.length; from += ITEMS_PER_CHUNK) {
      // '{\n  "x": [\n' ITEMS '\n  ]\n}': the items as they are inside "key": [ ... ].
      const items = JSON.stringify({ x: value.slice(from, from + ITEMS_PER_CHUNK) }, null, 2).slice(11, -6);
      if (from > 0) pieces.push(Buffer.from(',\n', 'utf8'));
      pieces.push(Buffer.from(items, 'utf8'));
    }
    text = '\n  ]';
  });
  pieces.push(Buffer.from(`${text}${fields.length > 0 ? '\n}\n' : '}\n'}`, 'utf8'));
  return pieces;
}

/**
 * Whether the artifact on disk has exactly these bytes, compared chunk by chunk (at 100,000
 * documents it is about 90 MB: reading it whole to compare doubled the memory of the run).
 * 'missing': absent, or not a regular file.
 */
export function artifactOnDisk(config: RepoConfig, bytes: readonly Uint8Array[]): 'missing' | 'same' | 'different' {
  return compareFile(path.join(config.root, config.index_path), bytes);
}

/** Writes the artifact atomically, only when its bytes change. Returns whether it wrote. */
export async function writeArtifact(config: RepoConfig, bytes: readonly Buffer[]): Promise<boolean> {
  if (artifactOnDisk(config, bytes) === 'same') return false;
  await writeFileAtomic(config.root, path.join(config.root, config.index_path), bytes, { overwrite: true });
  return true;
}
