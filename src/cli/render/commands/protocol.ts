import { mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import { colourDiff, plural } from '../words.js';
import type { ProtocolCheckData, ProtocolSyncData } from '../../../contract/commands.js';

function statusWord(status: string, style: Style): string {
  const padded = status.padEnd(11);
  if (status === 'aligned') return style.green(padded);
  return status === 'tampered' || status === 'unparseable' ? style.red(padded) : style.yellow(padded);
}

const why = (a: { reason?: string; line?: number }) =>
  a.reason ? ` (${a.reason.replace(/_/g, ' ')}${a.line !== undefined ? `, line ${a.line}` : ''})` : '';

export function renderProtocolCheckText(d: ProtocolCheckData, style: Style): string {
  const s = d.summary;
  const all = s.aligned === s.total;
  const lines = [
    `${all ? style.green('✔') : style.red('✖')} ${style.bold(`${s.aligned} of ${plural(s.total, 'protocol asset')} aligned.`)}`,
  ];
  for (const a of d.assets) lines.push(`  ${statusWord(a.status, style)} ${safeText(a.target_path)}${style.dim(why(a))}`);
  return `${lines.join('\n')}\n`;
}

export function renderProtocolCheckMarkdown(d: ProtocolCheckData): string {
  return `## Protocol assets\n\n${mdTable(
    ['Asset', 'Path', 'Status'],
    d.assets.map((a) => [a.id, a.target_path, `${a.status}${why(a)}`]),
  )}`;
}

export function renderProtocolSyncText(d: ProtocolSyncData, style: Style): string {
  const s = d.summary;
  const verb = d.dry_run ? 'would rewrite' : 'rewrote';
  const head = `${d.dry_run ? style.yellow('Dry run:') : style.green('✔')} ${style.bold(`${verb} ${plural(s.rewritten, 'asset')}, ${s.refused} refused, ${s.noop} aligned${d.dry_run ? '; nothing was written' : ''}.`)}`;
  const lines = [head];
  for (const a of d.assets) {
    const action = a.action === 'rewrite' ? style.yellow('rewrite') : a.action === 'refuse' ? style.red('refuse ') : style.dim('aligned');
    const kept = a.preserved_user_bytes ? style.dim(` (keeps ${plural(a.preserved_user_bytes, 'byte')} of yours)`) : '';
    lines.push(
      `  ${action} ${safeText(a.target_path)} ${style.dim(`[${a.prior_status}]`)}${kept}${a.reason ? style.dim(` (${a.reason.replace(/_/g, ' ')})`) : ''}`,
    );
  }
  if (d.dry_run) for (const a of d.assets) if (a.diff !== '') lines.push('', colourDiff(a.diff.replace(/\n$/, ''), style));
  return `${lines.join('\n')}\n`;
}

export function renderProtocolSyncMarkdown(d: ProtocolSyncData): string {
  let out = `## ${d.dry_run ? 'Dry run' : 'Applied'}\n\n${mdTable(
    ['Asset', 'Path', 'Status', 'Action'],
    d.assets.map((a) => [a.id, a.target_path, a.prior_status, `${a.action}${a.reason ? ` (${a.reason})` : ''}`]),
  )}`;
  for (const a of d.assets) if (a.diff !== '') out += `\n\`\`\`diff\n${a.diff.replace(/\r/g, '').replace(/`{3,}/g, '``\u200b`')}\`\`\`\n`;
  return out;
}
