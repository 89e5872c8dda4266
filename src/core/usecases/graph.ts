import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { selectGraph, WORK_QUEUE_EDGE_KINDS, type GraphData, type GraphEdgeKind } from '../graph/select.js';
import { workQueueEdges } from '../state/edges.js';
import { findById, loadIndex } from '../index/lookup.js';
import { answer, plainCmd, type Cmd, type NavigateResult } from './navigate.js';

export type { GraphData } from '../graph/select.js';

export interface GraphOptions {
  types?: readonly string[];
  statuses?: readonly string[];
  edges?: readonly GraphEdgeKind[];
  /** An ID as typed: matched as `resolve` matches it (ID_NOT_FOUND with the closest IDs). */
  from?: string;
  /** Edges away from `from` (default 1). */
  depth?: number;
  signal?: AbortSignal;
  cmd?: Cmd;
  fallback?: ConfigFallback;
}

/** `docket graph`: the documents and their relations (the index's and the work queue's), filtered (see selectGraph); from the artifact when current, else built in memory. */
export async function runGraph(root: string, opts: GraphOptions = {}): Promise<NavigateResult<GraphData>> {
  const { config, warnings } = await loadConfigOrDefaults(root, opts.fallback);
  // The work queue's relations join the index's only when a kind of theirs is asked for (all are, by default).
  const queue =
    !opts.edges || opts.edges.some((k) => (WORK_QUEUE_EDGE_KINDS as readonly string[]).includes(k))
      ? await workQueueEdges(config)
      : { edges: [], warnings: [] };
  const index = await loadIndex(config, opts.signal);
  return answer([...warnings, ...queue.warnings], index, opts.cmd ?? plainCmd, async () => {
    const from = opts.from === undefined ? undefined : { id: (await findById(index, opts.from)).document_id, depth: opts.depth ?? 1 };
    const whole = await index.graph();
    return selectGraph(
      { nodes: whole.nodes, edges: [...whole.edges, ...queue.edges] },
      { types: opts.types, statuses: opts.statuses, edges: opts.edges, from },
    );
  });
}
