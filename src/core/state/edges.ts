import type { RepoConfig } from '../config/types.js';
import type { WorkQueueEdgeKind } from '../graph/select.js';
import type { Issue } from '../issues.js';
import { readWorkQueue } from './nodes.js';

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
 * and none with a STATE_FILE_IGNORED warning when the file is one the state commands refuse.
 */
export async function workQueueEdges(config: RepoConfig): Promise<{ edges: WorkQueueEdge[]; warnings: Issue[] }> {
  const { state, warnings } = await readWorkQueue(config, 'The graph has no depends_on or blocked_by edges.');
  if (!state) return { edges: [], warnings };
  const edges: WorkQueueEdge[] = [];
  for (const [source, entry] of state.entries) {
    for (const target of entry.depends_on) edges.push({ source, target, type: 'depends_on' });
    for (const target of entry.blocked_by) edges.push({ source, target, type: 'blocked_by' });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { edges: edges.sort((a, b) => order(a.source, b.source) || order(a.target, b.target) || order(a.type, b.type)), warnings };
}
