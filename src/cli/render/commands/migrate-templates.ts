import { mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import { colourDiff, plural } from '../words.js';
import type { MigrateTemplatesData } from '../../../contract/commands.js';
import type { TemplateChange } from '../../../contract/data/migrate.js';

function describe(c: TemplateChange): string {
  if (c.type === 'config') return `${c.action} ${c.path}${c.value !== undefined ? ` = ${c.value}` : ''}`;
  if (c.action === 'rename') return `rename ${c.from} → ${c.to}`;
  return `${c.file}: ${c.from} → ${c.to} (${c.count}×)`;
}

export function renderMigrateTemplatesText(data: MigrateTemplatesData, style: Style): string {
  if (data.files.length === 0) return `${style.green('✔')} Nothing to migrate: no legacy template keys, names or placeholders.\n`;
  const s = data.summary;
  const what =
    `${plural(s.config_entries_migrated, 'config entry')}, ${plural(s.template_files_renamed, 'template')} renamed, ${plural(s.placeholder_replacements, 'placeholder')} replaced`.replace(
      'entrys',
      'entries',
    );
  const lines = [
    data.dry_run ? style.bold(`Dry run: ${what}; nothing was written.`) : `${style.green('✔')} ${style.bold(`Migrated: ${what}.`)}`,
  ];
  if (data.backup_path) lines.push(`Backup of the files changed: ${safeText(data.backup_path)}/`);
  lines.push('', ...data.changes.map((c) => `  ${safeText(describe(c))}`));
  if (data.dry_run) for (const f of data.files) lines.push('', colourDiff(f.diff.replace(/\n$/, ''), style));
  return `${lines.join('\n')}\n`;
}

export function renderMigrateTemplatesMarkdown(data: MigrateTemplatesData): string {
  const s = data.summary;
  let out = `## ${data.dry_run ? 'Dry run' : 'Migrated'}\n\n- **Config entries migrated:** ${s.config_entries_migrated} of ${s.config_entries_found}\n- **Templates renamed:** ${s.template_files_renamed} of ${s.template_files_found}\n- **Placeholders replaced:** ${s.placeholder_replacements}\n`;
  if (data.backup_path) out += `- **Backup:** ${data.backup_path}/\n`;
  if (data.changes.length > 0)
    out += `\n### Changes\n\n${mdTable(
      ['Change'],
      data.changes.map((c) => [describe(c)]),
    )}`;
  for (const f of data.files) out += `\n\`\`\`diff\n${f.diff.replace(/\r/g, '').replace(/`{3,}/g, '``\u200b`')}\`\`\`\n`;
  return out;
}
