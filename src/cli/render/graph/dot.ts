import { drawnEdges, labelLines, NodeNames, nodeState, PALETTE, paletteIndex, SUPERSEDED_LOOK, TEXT_COLOUR } from './look.js';
import type { GraphData, GraphNode } from '../../../contract/data/navigate.js';

/**
 * Text for a DOT quoted string: backslashes and quotes escaped (a label's `\n`, `\N`, ...
 * stay literal text), and `&` as an entity, as Graphviz reads entities in every label.
 */
export function dotText(text: string): string {
  return text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/&/g, '&amp;');
}

function nodeAttributes(node: GraphNode): string {
  const label = labelLines(node).map(dotText).join('\\n');
  const state = nodeState(node);
  if (state === 'superseded')
    return `label="${label}", fillcolor="${SUPERSEDED_LOOK.fill}", color="${SUPERSEDED_LOOK.stroke}", fontcolor="${SUPERSEDED_LOOK.text}"`;
  const { fill, stroke } = PALETTE[paletteIndex(node.type)]!;
  return `label="${label}", fillcolor="${fill}", color="${stroke}"${state === 'draft' ? ', style="rounded,filled,dashed"' : ''}`;
}

/** The graph in Graphviz's DOT language: a node per document, an edge per relation, styled by type and status. */
export function renderDot(graph: GraphData): string {
  const lines = [
    'digraph docket {',
    '  graph [rankdir=LR];',
    `  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10, fontcolor="${TEXT_COLOUR}"];`,
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const names = new NodeNames();
  for (const node of graph.nodes) lines.push(`  ${names.of(node.document_id)} [${nodeAttributes(node)}];`);
  for (const e of drawnEdges(graph.edges))
    lines.push(`  ${names.of(e.source)} -> ${names.of(e.target)} [label="${e.type}", ${e.look.dot}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
