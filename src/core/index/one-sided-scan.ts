import { EDGE_ITEM, type ArtifactFile } from './artifact-file.js';
import { EDGE_KEYS } from './artifact.js';
import type { IndexEdge } from './graph.js';

/** How many edges past the last listed one-sided relation are read for the next ones; more build in full. */
const MAX_SCANNED = 4096;

/** A relation, as the one-sided advice names it. */
export interface Pair {
  source: string;
  target: string;
}

export const byPair = (a: Pair, b: Pair) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0);

/**
 * The next `count` one-sided relations after `after` (the last the stored advice listed), in
 * the advice's order, read from the artifact's edges: they are sorted by source, then target,
 * which is that order for the "related" ones. `now` says whether the relation of an edge is
 * one-sided now (true or false), or that the artifact tells (undefined: then it is when the
 * edge is guaranteed and its target does not list its source, as buildGraph decides;
 * `relatedOf` reads the target's related IDs). Fewer when the edges end; undefined when they
 * cannot be read or are too many to read.
 */
export function unlistedOneSided(file: ArtifactFile, after: Pair, count: number, now: (edge: IndexEdge) => boolean | undefined, relatedOf: (id: string) => readonly string[] | undefined): Pair[] | undefined {
  const found: Pair[] = [];
  let scanned = 0;
  for (let item = file.lowerBound(EDGE_ITEM, after.source); item && item.kind === EDGE_ITEM && found.length < count; ) {
    if (++scanned > MAX_SCANNED) return undefined;
    const parsed = file.parsedItem<IndexEdge>(item.at, EDGE_KEYS);
    if (!parsed) return undefined;
    const edge = parsed.item;
    if (edge.type === 'related' && byPair(edge, after) > 0) {
      let oneSided = now(edge);
      if (oneSided === undefined && edge.guaranteed) {
        const list = relatedOf(edge.target);
        if (!list) return undefined;
        oneSided = !list.includes(edge.source);
      }
      if (oneSided) found.push({ source: edge.source, target: edge.target });
    }
    const step = file.after(item, parsed.text);
    if (!step) return undefined;
    item = step.next;
  }
  return found;
}
