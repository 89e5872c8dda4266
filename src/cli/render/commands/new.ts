import { mdCell, mdTable } from '../md.js';
import { safeBlock, safeText, type Style } from '../style.js';
import type { ListTypesData, NewData } from '../../../contract/commands.js';

function isList(data: NewData | ListTypesData): data is ListTypesData {
  return Array.isArray((data as ListTypesData).types);
}

function headline(d: NewData, style: Style): string {
  if (d.dry_run)
    return d.would_create
      ? `${style.yellow('would create')} ${d.path} ${style.dim('(dry run: nothing was written)')}`
      : `${style.dim('exists')} ${d.path} ${style.dim('(the same document already exists)')}`;
  return d.created
    ? `${style.green('created')} ${d.path}`
    : `${style.dim('exists')} ${d.path} ${style.dim('(unchanged: the same document already exists)')}`;
}

export function renderNewText(data: NewData | ListTypesData, style: Style): string {
  if (isList(data)) {
    const width = Math.max(...data.types.map((t) => t.type.length));
    const dirWidth = Math.max(...data.types.map((t) => t.directory.length + 1));
    const lines = [style.bold(`Document types of namespace ${safeText(data.namespace)} (${data.repo_prefix})`)];
    for (const t of data.types)
      lines.push(
        `  ${t.type.padEnd(width)}  ${`${t.directory}/`.padEnd(dirWidth)}${t.description ? style.dim(`  ${safeText(t.description)}`) : ''}`.trimEnd(),
      );
    return `${lines.join('\n')}\n`;
  }
  const lines = [
    headline(data, style),
    `  ${style.cyan(data.document_id)}  ${data.type}  ${safeText(data.status)}  owner ${safeText(data.owner)}`,
    `  ${style.dim(`template: ${data.template.source}${data.template.path ? ` (${data.template.path})` : ''}`)}`,
  ];
  const old = data.supersedes;
  if (old) {
    const verb = data.dry_run ? style.yellow('would supersede') : old.updated ? style.green('superseded') : style.dim('superseded');
    const why =
      old.updated || data.dry_run
        ? `${safeText(old.previous_status ?? 'no status')} -> ${safeText(old.status)}, superseded_by ${old.superseded_by}`
        : `unchanged: already superseded by ${old.superseded_by}`;
    lines.push(`${verb} ${old.path}`, `  ${style.cyan(old.document_id)}  ${why}`);
  }
  let out = `${lines.join('\n')}\n`;
  if (data.rendered_content !== undefined) out += `\n${safeBlock(data.rendered_content)}`;
  if (data.dry_run && old?.diff) out += `\n${safeBlock(old.diff)}`;
  return out;
}

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}markdown\n${text.endsWith('\n') ? text : `${text}\n`}${f}\n`;
}

export function renderNewMarkdown(data: NewData | ListTypesData): string {
  if (isList(data)) {
    return `## Document types of ${mdCell(data.namespace)}\n\n${mdTable(
      ['Type', 'Directory', 'ID pattern', 'Description'],
      data.types.map((t) => [t.type, t.directory, t.id_pattern, t.description]),
    )}`;
  }
  let out = `## ${mdCell(data.document_id)}: ${mdCell(data.title)}\n\n`;
  out += mdTable(
    ['Path', 'Type', 'Status', 'Owner', 'Version', 'Last updated', 'Template', 'Created'],
    [
      [
        data.path,
        data.type,
        data.status,
        data.owner,
        data.version,
        data.last_updated,
        data.template.path ?? data.template.source,
        data.created ? 'yes' : data.dry_run ? 'no (dry run)' : 'no (exists)',
      ],
    ],
  );
  const old = data.supersedes;
  if (old) {
    out += `\n### Supersedes ${mdCell(old.document_id)}\n\n${mdTable(['Path', 'Status before', 'Status', 'Superseded by', 'Updated'], [[old.path, old.previous_status ?? '', old.status, old.superseded_by, old.updated ? 'yes' : data.dry_run ? 'no (dry run)' : 'no (already)']])}`;
  }
  if (data.rendered_content !== undefined) out += `\n### Rendered content\n\n${fence(data.rendered_content)}`;
  if (data.dry_run && old?.diff) out += `\n### Change to ${mdCell(old.path)}\n\n${fence(old.diff).replace(/^(`+)markdown/, '$1diff')}`;
  return out;
}
