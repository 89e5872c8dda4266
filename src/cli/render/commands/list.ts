import { mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import type { ListData } from '../../../contract/commands.js';

function filtersText(d: ListData): string {
  const parts = [
    ...(d.filters.type ? [`--type ${d.filters.type.join(',')}`] : []),
    ...(d.filters.status ? [`--status ${d.filters.status.join(',')}`] : []),
  ];
  return parts.length > 0 ? ` match ${parts.join(' ')}` : '';
}

/**
 * `list`: an aligned table, ID first (cut and awk friendly). The title is the last column: its
 * width on a terminal (wide or combining characters) would misalign any column after it.
 */
export function renderListText(d: ListData, style: Style): string {
  if (d.documents.length === 0) return `${style.dim(`No documents${filtersText(d)}.`)}\n`;
  const rows = d.documents.map((doc) => [doc.document_id, safeText(doc.status ?? '-'), doc.last_updated ?? '-', safeText(doc.title ?? '')]);
  const head = ['ID', 'STATUS', 'DATE', 'TITLE'];
  const widths = [0, 1, 2].map((i) => Math.max(head[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    `${r
      .slice(0, 3)
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')}  ${r[3]}`.trimEnd();
  return `${style.bold(line(head))}\n${rows.map(line).join('\n')}\n`;
}

export function renderListMarkdown(d: ListData): string {
  if (d.documents.length === 0) return `_No documents${filtersText(d)}._\n`;
  return mdTable(
    ['ID', 'Title', 'Status', 'Date'],
    d.documents.map((doc) => [doc.document_id, doc.title ?? '', doc.status ?? '', doc.last_updated ?? '']),
  );
}
