import type { WorkspaceDocument } from '../../../core/workspace/workspace.js';

/**
 * A repository's text in hover Markdown as plain text: every ASCII punctuation character
 * escaped, line breaks as spaces. Titles and paths are untrusted; written raw, one could
 * make a link, an image fetched from the web, or HTML.
 */
export function plain(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** What hover shows of a document: ID and title, then type, status, owner, superseded_by and path. */
export function describeDocument(doc: WorkspaceDocument): string {
  const node = doc.node;
  if (!node) return `${plain(doc.rel)}\n\nA governed document without a valid document_id.`;
  const rows: [string, string | null | undefined][] = [
    ['Type', node.type],
    ['Status', node.status],
    ['Owner', node.owner],
    ['Superseded by', node.superseded_by],
    ['Path', doc.rel],
  ];
  const head = `**${plain(node.document_id)}**${node.title ? `: ${plain(node.title)}` : ''}`;
  const lines = rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${plain(v!)}`);
  return [head, lines.join('  \n')].join('\n\n');
}

/** Hover text for an ID: the document, every document when several share it, or that none has it. */
export function describeId(id: string, docs: readonly WorkspaceDocument[]): string {
  if (docs.length === 0) return `**${plain(id)}**: no governed document has this ID.`;
  if (docs.length === 1) return describeDocument(docs[0]!);
  const all = docs.map(describeDocument).join('\n\n---\n\n');
  return `**${plain(id)}** is the ID of ${docs.length} documents (ID\\_UNIQUE):\n\n---\n\n${all}`;
}
