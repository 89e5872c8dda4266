import { INDEX_EDGE_TYPES } from '../index/artifact-graph.js';
import type { IndexNode } from '../index/graph.js';
import type { WorkQueueEdgeKind, GraphEdgeKind, GraphNode, GraphEdge, GraphData } from '../../contract/data/navigate.js';
export type { WorkQueueEdgeKind, GraphEdgeKind, GraphNode, GraphData };

export const WORK_QUEUE_EDGE_KINDS: readonly WorkQueueEdgeKind[] = ['depends_on', 'blocked_by'];

export const GRAPH_EDGE_KINDS: readonly GraphEdgeKind[] = [...INDEX_EDGE_TYPES, ...WORK_QUEUE_EDGE_KINDS];

/** What a graph is drawn from: the index's nodes, and its edges with the work queue's. */
export interface GraphSource {
  nodes: readonly IndexNode[];
  edges: readonly { source: string; target: string; type: GraphEdgeKind }[];
}

export interface GraphFilters {
  /** Document types to keep (any case); empty or absent: all. */
  types?: readonly string[];
  /** Statuses to keep (any case); empty or absent: all. */
  statuses?: readonly string[];
  /** Edge kinds to draw; absent: all. */
  edges?: readonly GraphEdgeKind[];
  /** The neighbourhood of this document: the nodes at most `depth` edges away from it, in either direction. */
  from?: { id: string; depth: number };
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const fold = (s: string) => s.trim().toLowerCase();

/** A value matches a filter list when the list is empty or names it in any case. */
function matcher(list: readonly string[] | undefined): (value: string | null) => boolean {
  if (!list || list.length === 0) return () => true;
  const wanted = new Set(list.map(fold));
  return (value) => value !== null && wanted.has(fold(value));
}

/** The IDs within `depth` edges of `start`, following edges both ways. */
function neighbourhood(start: string, depth: number, edges: readonly { source: string; target: string }[]): Set<string> {
  const adjacent = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = adjacent.get(a);
    if (list) list.push(b);
    else adjacent.set(a, [b]);
  };
  for (const e of edges) {
    link(e.source, e.target);
    link(e.target, e.source);
  }
  const seen = new Set([start]);
  let frontier = [start];
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const other of adjacent.get(id) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        next.push(other);
      }
    }
    frontier = next;
  }
  return seen;
}

const nodeOf = (n: IndexNode): GraphNode => ({
  document_id: n.document_id,
  path: n.path,
  namespace: n.namespace,
  type: n.type,
  title: n.title,
  status: n.status,
  superseded_by: n.superseded_by,
});

/**
 * The graph to draw: edges of the chosen kinds between documents (a relation naming an ID no
 * document has is not drawn: `check` reports it); with `from`, its neighbourhood through those
 * edges; then the documents of the chosen types and statuses (the `from` document always
 * stays), and the edges between those. Nodes sorted by ID, edges by source, target and kind.
 */
export function selectGraph(whole: GraphSource, filters: GraphFilters = {}): GraphData {
  const ids = new Set(whole.nodes.map((n) => n.document_id));
  const kinds = new Set<string>(filters.edges ?? GRAPH_EDGE_KINDS);
  const drawn = whole.edges.filter((e) => kinds.has(e.type) && e.source !== e.target && ids.has(e.source) && ids.has(e.target));
  const near = filters.from ? neighbourhood(filters.from.id, filters.from.depth, drawn) : undefined;
  const [typeOk, statusOk] = [matcher(filters.types), matcher(filters.statuses)];
  const kept = whole.nodes.filter(
    (n) => n.document_id === filters.from?.id || ((!near || near.has(n.document_id)) && typeOk(n.type) && statusOk(n.status)),
  );
  const keptIds = new Set(kept.map((n) => n.document_id));
  const nodes = kept.map(nodeOf).sort((a, b) => byString(a.document_id, b.document_id));
  const seen = new Set<string>();
  const edges: GraphEdge[] = [];
  for (const e of drawn) {
    const key = `${e.source}\u0000${e.target}\u0000${e.type}`;
    if (!keptIds.has(e.source) || !keptIds.has(e.target) || seen.has(key)) continue;
    seen.add(key);
    edges.push({ source: e.source, target: e.target, type: e.type });
  }
  edges.sort((a, b) => byString(a.source, b.source) || byString(a.target, b.target) || byString(a.type, b.type));
  return { nodes, edges };
}
