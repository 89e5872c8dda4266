import { mdCell } from '../md.js';
import type { Style } from '../style.js';
import type { ResolveData } from '../../../contract/commands.js';

/** `resolve` and `identify`: one line, ID first (cut -f1 friendly), then path, status, title. */
export function renderDocumentText(d: ResolveData, style: Style): string {
  return `${style.bold(d.document_id)}  ${d.path}  ${style.dim(d.status ?? '-')}  ${d.title ?? ''}`.trimEnd() + '\n';
}

export function renderDocumentMarkdown(d: ResolveData): string {
  return `- **ID:** ${mdCell(d.document_id)}\n- **Path:** ${mdCell(d.path)}\n- **Title:** ${mdCell(d.title ?? '')}\n- **Status:** ${mdCell(d.status ?? '')}\n`;
}
