import { BUILTIN_TYPE_DIRECTORIES } from '../../../core/config/defaults.js';
import type { GraphEdge, GraphEdgeKind, GraphNode } from '../../../contract/data/navigate.js';

/**
 * What the diagram formats share: a node's identifier and lines, its look by type and status
 * (superseded greyed, drafts dashed), and each edge kind's line. A kind added to
 * GRAPH_EDGE_KINDS adds its line here (the compiler asks for it).
 */

interface EdgeLook {
  /** Mermaid's link between the two node names. */
  mermaid: string;
  /** DOT's attributes after the label. */
  dot: string;
}

/** How an edge kind is drawn. */
const EDGE_LOOK: Readonly<Record<GraphEdgeKind, EdgeLook>> = {
  supersedes: { mermaid: '==>', dot: 'style=bold' },
  related: { mermaid: '-.->', dot: 'style=dashed' },
  references: { mermaid: '-->', dot: 'style=solid' },
  // The work queue's: a circle end for waiting on, a cross end for being blocked (DOT adds a colour).
  depends_on: { mermaid: '--o', dot: 'style=solid, color="#2563eb", fontcolor="#2563eb", arrowhead=odot' },
  blocked_by: { mermaid: '--x', dot: 'style=bold, color="#dc2626", fontcolor="#dc2626", arrowhead=tee' },
};

/** How a pair listed both ways is drawn, for the kinds that can be (a supersession cycle is no graph). */
const MUTUAL_LOOK: Partial<Readonly<Record<GraphEdgeKind, EdgeLook>>> = {
  related: { mermaid: '-.-', dot: 'style=dashed, dir=none' },
  references: { mermaid: '<-->', dot: 'style=solid, dir=both' },
};

/**
 * The edges a diagram draws and how: each as the data has it, but a pair of the same kind
 * listed both ways is one line, from the smaller ID: related without arrowheads, references
 * with one at each end.
 */
export function drawnEdges(edges: readonly GraphEdge[]): (GraphEdge & { look: EdgeLook })[] {
  const keys = new Set(edges.map((e) => `${e.type}\u0000${e.source}\u0000${e.target}`));
  return edges.flatMap((e) => {
    const mutual = MUTUAL_LOOK[e.type];
    if (!mutual || !keys.has(`${e.type}\u0000${e.target}\u0000${e.source}`)) return [{ ...e, look: EDGE_LOOK[e.type] }];
    return e.source < e.target ? [{ ...e, look: mutual }] : [];
  });
}

export type NodeState = 'current' | 'draft' | 'superseded';

const fold = (s: string | null) => s?.trim().toLowerCase() ?? '';

/** Superseded: the status says so or a successor is named; draft: the status Draft. */
export function nodeState(node: GraphNode): NodeState {
  const status = fold(node.status);
  if (status === 'superseded' || node.superseded_by !== null) return 'superseded';
  return status === 'draft' ? 'draft' : 'current';
}

/** Fill and border colours, one per built-in type in their order (GOV, PLAN, PRD, ...): light enough for dark text. */
export const PALETTE: readonly { fill: string; stroke: string }[] = [
  { fill: '#e0e7ff', stroke: '#4f46e5' },
  { fill: '#fef9c3', stroke: '#ca8a04' },
  { fill: '#dcfce7', stroke: '#16a34a' },
  { fill: '#e0f2fe', stroke: '#0284c7' },
  { fill: '#ede9fe', stroke: '#7c3aed' },
  { fill: '#ffe4e6', stroke: '#e11d48' },
  { fill: '#ffedd5', stroke: '#ea580c' },
  { fill: '#ccfbf1', stroke: '#0d9488' },
  { fill: '#ecfccb', stroke: '#65a30d' },
  { fill: '#fef3c7', stroke: '#b45309' },
  { fill: '#fce7f3', stroke: '#db2777' },
  { fill: '#cffafe', stroke: '#0891b2' },
];
const BUILTIN_TYPES = Object.keys(BUILTIN_TYPE_DIRECTORIES).map((t) => t.toLowerCase());
export const SUPERSEDED_LOOK = { fill: '#f3f4f6', stroke: '#9ca3af', text: '#6b7280' };
export const TEXT_COLOUR = '#111827';

/**
 * A type's colour, from its name alone, so it is the same in every repository and run: a
 * built-in type's own, another type's from a hash of its name in lower case (FNV-1a).
 */
export function paletteIndex(type: string | null): number {
  const builtin = BUILTIN_TYPES.indexOf(fold(type));
  if (builtin >= 0 && builtin < PALETTE.length) return builtin;
  let h = 0x811c9dc5;
  for (const ch of fold(type)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % PALETTE.length;
}

/**
 * A node's identifier in Mermaid and DOT, from its ID alone: `n_` and the ID with `-` as `_`
 * when it has only letters, digits and `-` (IDs as docket makes them); otherwise `u_` and the
 * ID with every other character as `_<hex>_`. One-to-one, and a plain word in both languages.
 */
export function nodeIdentifier(id: string): string {
  if (/^[A-Za-z0-9-]+$/.test(id)) return `n_${id.replace(/-/g, '_')}`;
  return `u_${Array.from(id, (c) => (/[A-Za-z0-9]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}_`)).join('')}`;
}

/** nodeIdentifier of each ID, made once per diagram (an ID is named once as a node, then at each of its edges). */
export class NodeNames {
  private readonly names = new Map<string, string>();
  of(id: string): string {
    let name = this.names.get(id);
    if (name === undefined) this.names.set(id, (name = nodeIdentifier(id)));
    return name;
  }
}

// Control, line-breaking and bidirectional characters: none may start a line or reorder the text around a label.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
/** What labelLine changes: an unprintable character, a space at either end, or two whitespace characters in a row. */
const UNPRINTABLE_OR_SPACES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|^\s|\s$|\s\s/;

/** One line of a label: unprintable characters as spaces, runs of spaces as one, trimmed. */
export function labelLine(text: string): string {
  if (!UNPRINTABLE_OR_SPACES.test(text)) return text;
  return text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
}

/** A node's label lines: its ID, its title, its type and status. */
export function labelLines(node: GraphNode): string[] {
  const kind = [node.type, node.status]
    .filter((s): s is string => s !== null && labelLine(s) !== '')
    .map(labelLine)
    .join(' · ');
  return [node.document_id, node.title ?? '', kind].map(labelLine).filter((l) => l !== '');
}
