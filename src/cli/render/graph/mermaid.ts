import { drawnEdges, labelLines, NodeNames, nodeState, PALETTE, paletteIndex, SUPERSEDED_LOOK, TEXT_COLOUR } from './look.js';
import type { GraphData, GraphNode } from '../../../contract/data/navigate.js';

// Inside a quoted label these stay as they are; every other ASCII character is written as an
// entity (`#35;`), so no title can close the quote, open a Markdown string (a backtick), start
// a directive (`%%{`), or reach the HTML label as markup.
const PLAIN = /^[A-Za-z0-9 .,:_'()/!?+=@*~-]$/;
const ALL_PLAIN = /^[A-Za-z0-9 .,:_'()/!?+=@*~-]*$/;
// Mermaid reads some sequences after decoding entities, where no entity can hide them: `\n`
// breaks a line of a multi-line label, and `ﬂ°` and `¶ß` are the markers it turns entities
// into (a title's `ﬂ°°60¶ß` would come out as `<`). A word joiner, which draws nothing, splits them.
const REREAD = /\\(?=n)|\ufb02(?=\u00b0)|\u00b6(?=\u00df)/g;

/** Text for a Mermaid quoted label. */
export function mermaidText(text: string): string {
  if (ALL_PLAIN.test(text)) return text;
  return Array.from(
    text.replace(REREAD, (c) => `${c}\u2060`),
    (c) => (PLAIN.test(c) || c > '\u007f' ? c : `#${c.codePointAt(0)!};`),
  ).join('');
}

/** The class of a node: `s` when superseded, else `t<colour>` and `d` for a draft. */
function classOf(node: GraphNode): string {
  const state = nodeState(node);
  return state === 'superseded' ? 's' : `t${paletteIndex(node.type)}${state === 'draft' ? 'd' : ''}`;
}

function classDef(name: string): string {
  if (name === 's') return `classDef s fill:${SUPERSEDED_LOOK.fill},stroke:${SUPERSEDED_LOOK.stroke},color:${SUPERSEDED_LOOK.text}`;
  const { fill, stroke } = PALETTE[Number(name.slice(1).replace('d', ''))]!;
  return `classDef ${name} fill:${fill},stroke:${stroke},color:${TEXT_COLOUR}${name.endsWith('d') ? ',stroke-dasharray:5 5' : ''}`;
}

/** Mermaid's defaults: a diagram with more edges (maxEdges) or more text (maxTextSize) is refused. */
export const MERMAID_LIMITS = { edges: 500, text: 50_000 };

/** Whether Mermaid, as configured by default (and on GitHub), refuses to draw this graph. */
export function tooLargeForMermaid(graph: GraphData): boolean {
  return drawnEdges(graph.edges).length > MERMAID_LIMITS.edges || renderMermaid(graph).length > MERMAID_LIMITS.text;
}

/** The graph as a Mermaid flowchart: a node per document, an edge per relation, classes for type and status. */
export function renderMermaid(graph: GraphData): string {
  const lines = ['flowchart LR'];
  const classes = new Map<string, string[]>();
  const names = new NodeNames();
  for (const node of graph.nodes) {
    const id = names.of(node.document_id);
    lines.push(`  ${id}["${labelLines(node).map(mermaidText).join('<br/>')}"]`);
    const name = classOf(node);
    const members = classes.get(name);
    if (members) members.push(id);
    else classes.set(name, [id]);
  }
  for (const e of drawnEdges(graph.edges)) lines.push(`  ${names.of(e.source)} ${e.look.mermaid}|${e.type}| ${names.of(e.target)}`);
  for (const name of [...classes.keys()].sort()) lines.push(`  ${classDef(name)}`, `  class ${classes.get(name)!.join(',')} ${name}`);
  return `${lines.join('\n')}\n`;
}
