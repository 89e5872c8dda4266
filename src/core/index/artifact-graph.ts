import { createHash } from 'node:crypto';
import type { CurrentArtifact } from './current.js';
import type { EdgeType, IndexEdge, IndexNode } from './graph.js';

/** Every node and edge of the index: what `docket graph` draws. */
export interface WholeGraph {
  nodes: IndexNode[];
  edges: IndexEdge[];
}

/** The edge kinds the index makes (docket's artifact names them in `type`, the Python DocOps CLI's in `edge_type`). */
export const INDEX_EDGE_TYPES: readonly EdgeType[] = ['references', 'related', 'supersedes'];

const isEdgeType = (v: unknown): v is EdgeType => typeof v === 'string' && (INDEX_EDGE_TYPES as readonly string[]).includes(v);

/** The whole artifact, read through its open descriptor; undefined unless its bytes hash to `sha256` (changed in place since the build). */
export function artifactBytes(file: CurrentArtifact['file'], sha256?: string): Buffer | undefined {
  const buf = file.read(0, file.size);
  if (buf.length !== file.size) return undefined;
  if (sha256 !== undefined && createHash('sha256').update(buf).digest('hex') !== sha256) return undefined;
  return buf;
}

/** The edges of parsed artifact items, each kind named under `key`; undefined when one is not an edge. */
export function edgesOf(items: unknown, key: 'type' | 'edge_type'): IndexEdge[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const edges: IndexEdge[] = [];
  for (const e of items as Record<string, unknown>[]) {
    if (typeof e?.source !== 'string' || typeof e.target !== 'string') return undefined;
    // A kind this version does not know (a newer writer's) is not drawn.
    if (!isEdgeType(e[key])) continue;
    edges.push({ source: e.source, target: e.target, type: e[key], guaranteed: e.guaranteed === true });
  }
  return edges;
}

/**
 * Every node and edge of docket's current artifact (see currentArtifact), read whole; undefined
 * when its bytes are not those the last build wrote or it does not read as an artifact: the
 * caller then builds the index in memory.
 */
export function readArtifactGraph(current: CurrentArtifact): WholeGraph | undefined {
  const buf = artifactBytes(current.file, current.stored.artifact_sha256);
  if (!buf) return undefined;
  let parsed: { nodes?: unknown; edges?: unknown } | null;
  try {
    parsed = JSON.parse(buf.toString('utf8')) as typeof parsed;
  } catch {
    return undefined;
  }
  const nodes = parsed?.nodes;
  if (
    !Array.isArray(nodes) ||
    !nodes.every(
      (n: Partial<IndexNode> | null) => typeof n?.document_id === 'string' && typeof n.path === 'string' && Array.isArray(n.related_ids),
    )
  )
    return undefined;
  const edges = edgesOf(parsed!.edges, 'type');
  return edges && { nodes: nodes as IndexNode[], edges };
}
