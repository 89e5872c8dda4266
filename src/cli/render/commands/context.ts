import { mdCell, mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import type { ContextData } from '../../../contract/commands.js';

export function renderContextText(data: ContextData, style: Style): string {
  const lines = [
    `${style.bold(safeText(data.project_name))}  prefix ${style.cyan(data.repo_prefix)}, docops ${data.docops_version}`,
    `  config   ${data.config_path}`,
    `  docs     ${data.docs_root}`,
    `  schema   ${data.schema_path}`,
    `  index    ${data.index_path}`,
    `  agent    ${data.agent.name}${data.agent.detected_from ? style.dim(` (from ${data.agent.detected_from})`) : ''}`,
    '',
  ];
  for (const ns of data.namespaces) {
    const count = ns.document_count === undefined ? '' : style.dim(` · ${ns.document_count} document${ns.document_count === 1 ? '' : 's'}`);
    lines.push(`${style.bold(`namespace ${ns.name}`)}  ${ns.repo_prefix} at ${ns.docs_root}${count}`);
    const width = Math.max(...ns.document_types.map((t) => t.type.length));
    for (const t of ns.document_types)
      lines.push(`  ${t.type.padEnd(width)}  ${t.directory}${t.description ? style.dim(`  ${t.description}`) : ''}`);
    lines.push('');
  }
  if (data.documents) {
    lines.push(
      style.bold(
        `${data.documents.length} document${data.documents.length === 1 ? '' : 's'}${data.deep && !data.deep.complete ? ' (partial: time budget reached)' : ''}`,
      ),
    );
    for (const d of data.documents) {
      lines.push(`  ${(d.document_id ?? '-').padEnd(18)} ${(d.status ?? '-').padEnd(10)} ${safeText(d.title ?? '')}  ${style.dim(d.path)}`);
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderContextMarkdown(data: ContextData): string {
  let out = `## ${mdCell(data.project_name)}\n\n`;
  out += `- **Prefix:** ${mdCell(data.repo_prefix)}\n- **DocOps version:** ${mdCell(data.docops_version)}\n- **Docs root:** ${mdCell(data.docs_root)}\n`;
  out += `- **Schema:** ${mdCell(data.schema_path)}\n- **Index:** ${mdCell(data.index_path)}\n- **Agent:** ${mdCell(data.agent.name)}\n\n`;
  out += `### Namespaces\n\n${mdTable(
    ['Namespace', 'Prefix', 'Docs root', 'Types', 'Documents'],
    data.namespaces.map((ns) => [
      ns.name,
      ns.repo_prefix,
      ns.docs_root,
      ns.document_types.map((t) => `${t.type} (${t.directory})`).join(', '),
      ns.document_count ?? '',
    ]),
  )}`;
  if (data.documents) {
    out += `\n### Documents\n\n${mdTable(
      ['ID', 'Type', 'Status', 'Title', 'Path'],
      data.documents.map((d) => [d.document_id, d.type, d.status, d.title, d.path]),
    )}`;
  }
  return out;
}
