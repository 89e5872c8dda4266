// The data of the commands that find documents: resolve, identify, link, list, graph.

import type { EdgeType } from './document-index.js';

export interface ResolveData {
  document_id: string;
  path: string;
  title: string | null;
  status: string | null;
}

export type IdentifyData = ResolveData;

export interface LinkData extends ResolveData {
  /** The Markdown link, e.g. `[Use PostgreSQL](../45-adr/adr-001-use-postgres.md)`. */
  link: string;
  /** The link's target as written in it (relative to `from`, or to the root). */
  href: string;
  /** The file or directory the link is relative to (repository-relative); absent: the root. */
  from?: string;
}

export interface ListedDocument {
  document_id: string;
  title: string | null;
  status: string | null;
  /** The document's date (its last_updated field). */
  last_updated: string | null;
  type: string | null;
  path: string;
}

export interface ListData {
  /** The filters applied, as canonical values (null: not filtered). */
  filters: { type: string[] | null; status: string[] | null };
  count: number;
  /** Sorted by ID. */
  documents: ListedDocument[];
}

/** The work queue's relations, as project-state.yaml names its lists: the entry waits for the target. */
export type WorkQueueEdgeKind = 'depends_on' | 'blocked_by';

/** The kinds of edge a graph can draw: the index's, then the work queue's (drawn when the state file exists). */
export type GraphEdgeKind = EdgeType | WorkQueueEdgeKind;

export interface GraphNode {
  document_id: string;
  path: string;
  namespace: string;
  type: string | null;
  title: string | null;
  status: string | null;
  superseded_by: string | null;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** The kind, as the index's edges name it. */
  type: GraphEdgeKind;
}

export interface GraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
}
