import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
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

/** Pretty, deterministic bytes: two-space indentation, LF, a final newline; no run ID, no timestamps. */
export function serializeArtifact(artifact: IndexArtifact): Buffer {
  return Buffer.from(`${JSON.stringify(artifact, null, 2)}\n`, 'utf8');
}

/** The artifact's current bytes, or undefined when it is missing or not a regular file. */
export async function readArtifactBytes(config: RepoConfig): Promise<Buffer | undefined> {
  const abs = path.join(config.root, config.index_path);
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  return fs.readFile(abs).catch(() => undefined);
}

/** Writes the artifact atomically, only when its bytes change. Returns whether it wrote. */
export async function writeArtifact(config: RepoConfig, bytes: Buffer, current: Buffer | undefined): Promise<boolean> {
  if (current?.equals(bytes)) return false;
  await writeFileAtomic(config.root, path.join(config.root, config.index_path), bytes, { overwrite: true });
  return true;
}
