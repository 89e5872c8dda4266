import { mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import { colourDiff, plural } from '../words.js';
import type { MigrateIdsData } from '../../../contract/commands.js';

export function renderMigrateIdsText(data: MigrateIdsData, style: Style): string {
  if (data.migrations.length === 0) {
    const skipped = data.skipped.length > 0 ? ` (${plural(data.skipped.length, 'document')} left alone: see the warnings)` : '';
    return `${style.green('✔')} Every document_id already has the form PREFIX-TYPE-NNN${skipped}; nothing to migrate.\n`;
  }
  const what = `${plural(data.migrations.length, 'new ID')}, ${plural(data.edits.length, 'edit')} in ${plural(data.changes.length, 'file')}`;
  const lines = [
    data.dry_run ? style.bold(`Dry run: ${what}; nothing was written.`) : `${style.green('✔')} ${style.bold(`Migrated: ${what}.`)}`,
    '',
  ];
  for (const m of data.migrations)
    lines.push(`${safeText(m.old_id)} → ${style.bold(m.new_id)}  ${safeText(m.path)}${m.to ? ` → ${safeText(m.to)}` : ''}`);
  for (const c of data.changes) {
    lines.push('', `${style.underline(safeText(c.path))}${c.to ? ` → ${safeText(c.to)}` : ''}  ${plural(c.edits, 'edit')}`);
    for (const e of data.edits.filter((x) => x.path === c.path))
      lines.push(`  ${e.line}: ${e.kind} ${safeText(e.old)} → ${safeText(e.new)}`);
    if (data.dry_run) lines.push(colourDiff(c.diff.replace(/\n$/, ''), style));
  }
  if (!data.rewrite_references)
    lines.push('', style.dim('References in other documents were not rewritten (--rewrite-references does it).'));
  return `${lines.join('\n')}\n`;
}

export function renderMigrateIdsMarkdown(data: MigrateIdsData): string {
  let out = `## ${data.dry_run ? 'Dry run' : 'Migrated'}\n\n- **New IDs:** ${data.migrations.length}\n- **Edits:** ${data.edits.length}\n- **Files:** ${data.changes.length}\n- **References rewritten:** ${data.rewrite_references ? 'yes' : 'no'}\n`;
  if (data.migrations.length > 0)
    out += `\n### IDs\n\n${mdTable(
      ['Path', 'Old ID', 'New ID', 'Renamed to'],
      data.migrations.map((m) => [m.path, m.old_id, m.new_id, m.to ?? '']),
    )}`;
  if (data.edits.length > 0)
    out += `\n### Edits\n\n${mdTable(
      ['File', 'Line', 'Kind', 'Old', 'New'],
      data.edits.map((e) => [e.path, e.line, e.kind, e.old, e.new]),
    )}`;
  if (data.skipped.length > 0)
    out += `\n### Left alone\n\n${mdTable(
      ['Path', 'document_id', 'Reason'],
      data.skipped.map((s) => [s.path, s.document_id, s.reason]),
    )}`;
  for (const c of data.changes) out += `\n\`\`\`diff\n${c.diff.replace(/\r/g, '').replace(/`{3,}/g, '``\u200b`')}\`\`\`\n`;
  return out;
}
