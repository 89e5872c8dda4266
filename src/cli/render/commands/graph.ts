import { renderMermaid } from '../graph/mermaid.js';
import type { Style } from '../style.js';
import type { GraphData } from '../../../contract/data/navigate.js';

/**
 * Text: each document on a line (ID, type, status, title; superseded ones dimmed), with the
 * relations it is the source of below it. Strings arrive escaped (see escapeEnvelope).
 */
export function renderGraphText(d: GraphData, style: Style): string {
  const bySource = new Map<string, string[]>();
  for (const e of d.edges) {
    const line = `  ${e.type} → ${e.target}`;
    const lines = bySource.get(e.source);
    if (lines) lines.push(line);
    else bySource.set(e.source, [line]);
  }
  let out = `${d.nodes.length} document${d.nodes.length === 1 ? '' : 's'}, ${d.edges.length} relation${d.edges.length === 1 ? '' : 's'}\n`;
  for (const n of d.nodes) {
    const line = `${style.bold(n.document_id)}  ${n.type ?? '-'}  ${n.status ?? '-'}  ${n.title ?? ''}`.trimEnd();
    out += `${n.superseded_by !== null || n.status?.toLowerCase() === 'superseded' ? style.dim(line) : line}\n`;
    for (const edge of bySource.get(n.document_id) ?? []) out += `${style.dim(edge)}\n`;
  }
  return out;
}

/** Markdown: the Mermaid diagram in a fence (GitHub and most viewers draw it; its labels hold no backtick). */
export function renderGraphMarkdown(d: GraphData): string {
  return `## Graph\n\n${d.nodes.length} documents, ${d.edges.length} relations.\n\n\`\`\`mermaid\n${renderMermaid(d)}\`\`\`\n`;
}
