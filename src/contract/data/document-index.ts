// The data of `docket index`: the artifact's nodes and edges (with a filter), how it was rebuilt, its views.

import type { EntryView } from './state.js';

/** A node's fields that come from the document itself (path and namespace are added by the graph). */
export interface NodeFields {
  document_id: string;
  type: string | null;
  title: string | null;
  status: string | null;
  owner: string | null;
  version: string | null;
  last_updated: string | null;
  area: string | null;
  description: string | null;
  keywords: string[];
  related_ids: string[];
  superseded_by: string | null;
}

/** A document of the index artifact: its own fields, where it is and its namespace. */
export interface IndexNode extends NodeFields {
  path: string;
  namespace: string;
}

export type EdgeType = 'related' | 'supersedes' | 'references';

/** `guaranteed`: both ends are documents of this index (false: the target or source is dangling). */
export interface IndexEdge {
  source: string;
  target: string;
  type: EdgeType;
  guaranteed: boolean;
}

export type RebuildReason =
  'no-cache' | 'cache-disabled' | 'rebuild-requested' | 'config-changed' | 'cache-corrupt' | 'cache-untrusted' | 'cache-busy';

export interface RebuildInfo {
  mode: 'full' | 'incremental';
  /** Why the build was full (absent when incremental). */
  reason?: RebuildReason;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

/** The work-queue fields of a node: those of its entry, or (no entry) never ready, no blockers, unblocks nothing. */
export type NodeState = Omit<Partial<EntryView>, 'document_id'> & Pick<EntryView, 'ready' | 'open_blockers' | 'unblocks'>;

export type StatefulNode = IndexNode & NodeState;

/** A view file and whether its bytes changed and were written (false: unchanged, or not written at all). */
export interface ViewFile {
  view: 'catalog' | 'kanban' | 'kanban_css';
  path: string;
  written: boolean;
}

export interface IndexData {
  index_path: string;
  node_count: number;
  edge_count: number;
  /** Whether the artifact's bytes changed and were written (false: unchanged, or integrity failed). */
  written: boolean;
  /** --check: whether the artifact is what `docket index` would write now. */
  current?: boolean;
  rebuild: RebuildInfo;
  /** With --status or --impl-state: the nodes they keep, with their work-queue fields (the artifact is never filtered). */
  filtered?: boolean;
  nodes?: StatefulNode[];
  /** With a filter: the edges between two nodes it keeps. */
  edges?: IndexEdge[];
  /** With --output-catalog / --output-kanban: each view file and whether its bytes changed and were written. */
  views?: ViewFile[];
}
