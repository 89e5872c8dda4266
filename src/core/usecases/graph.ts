import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { selectGraph, type GraphData, type GraphEdgeKind } from '../graph/select.js';
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

/** `docket graph`: the documents and their relations, filtered (see selectGraph); from the artifact when current, else built in memory. */
export async function runGraph(root: string, opts: GraphOptions = {}): Promise<NavigateResult<GraphData>> {
  const { config, warnings } = await loadConfigOrDefaults(root, opts.fallback);
  const index = await loadIndex(config, opts.signal);
  return answer(warnings, index, opts.cmd ?? plainCmd, async () => {
    const from = opts.from === undefined ? undefined : { id: (await findById(index, opts.from)).document_id, depth: opts.depth ?? 1 };
    return selectGraph(await index.graph(), { types: opts.types, statuses: opts.statuses, edges: opts.edges, from });
  });
}
