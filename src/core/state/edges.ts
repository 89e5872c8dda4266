import type { RepoConfig } from '../config/types.js';
import type { WorkQueueEdgeKind } from '../graph/select.js';
import { stateViews } from './nodes.js';

export interface WorkQueueEdge {
  /** The entry that waits. */
  source: string;
  /** What it waits for. */
  target: string;
  type: WorkQueueEdgeKind;
}

/**
 * The relations project-state.yaml records, an edge from each entry to each ID of its
 * `depends_on` and `blocked_by`, sorted by source, target and kind; none when there is no file,
 * or one the state commands refuse (they and `index` say why).
 */
export async function workQueueEdges(config: RepoConfig): Promise<WorkQueueEdge[]> {
  const state = await stateViews(config);
  if (!state) return [];
  const edges: WorkQueueEdge[] = [];
  for (const [source, entry] of state.entries) {
    for (const target of entry.depends_on) edges.push({ source, target, type: 'depends_on' });
    for (const target of entry.blocked_by) edges.push({ source, target, type: 'blocked_by' });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return edges.sort((a, b) => order(a.source, b.source) || order(a.target, b.target) || order(a.type, b.type));
}
