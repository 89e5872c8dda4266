import { mdCell, mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import { colourDiff, plural } from '../words.js';
import type { MoveData } from '../../../contract/commands.js';
import type { MoveChange } from '../../../contract/data/migrate.js';

function describe(change: MoveChange): string {
  const links = change.links > 0 ? `${change.action === 'move' ? ', ' : ''}${plural(change.links, 'link')} rewritten` : '';
  return change.action === 'move' ? `move to ${change.to}${links}` : links;
}

/** Every change's diff, in order: one patch `git apply` takes (mv --patch). */
export function movePatch(data: MoveData): string {
  return data.changes.map((c) => c.diff).join('');
}

export function renderMoveText(data: MoveData, style: Style): string {
  if (data.changes.length === 0) return `${style.green('✔')} ${safeText(data.from)} is already at ${safeText(data.to)}: nothing to move.\n`;
  const others = data.changes.length - 1;
  const what = `${safeText(data.from)} → ${safeText(data.to)}, ${plural(data.links_rewritten, 'link')} rewritten${others > 0 ? ` (${plural(others, 'other file')})` : ''}`;
  const lines = [
    data.dry_run ? style.bold(`Dry run: ${what}; nothing was written.`) : `${style.green('✔')} ${style.bold(`Moved ${what}.`)}`,
  ];
  for (const change of data.changes) {
    lines.push('', `${style.underline(safeText(change.path))}  ${safeText(describe(change))}`);
    if (data.dry_run) lines.push(colourDiff(change.diff.replace(/\n$/, ''), style));
  }
  return `${lines.join('\n')}\n`;
}

export function renderMoveMarkdown(data: MoveData): string {
  let out = `## ${data.dry_run ? 'Dry run' : 'Moved'}\n\n- **From:** ${mdCell(data.from)}\n- **To:** ${mdCell(data.to)}\n- **Links rewritten:** ${data.links_rewritten}\n`;
  if (data.changes.length > 0) {
    out += `\n### Changes\n\n${mdTable(
      ['Path', 'Change'],
      data.changes.map((c) => [c.path, describe(c)]),
    )}`;
    for (const c of data.changes) out += `\n\`\`\`diff\n${c.diff.replace(/\r/g, '').replace(/`{3,}/g, '``\u200b`')}\`\`\`\n`;
  }
  return out;
}
