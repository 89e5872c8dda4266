import { mdCell, mdTable } from '../md.js';
import { safeText, type Style } from '../style.js';
import { colourDiff, plural } from '../words.js';
import type { FixData } from '../../../contract/commands.js';
import type { FixChange } from '../../../contract/data/fix.js';

function describe(change: FixChange): string {
  if (change.action === 'rename') return `rename to ${change.to}`;
  if (change.action === 'exclude') return 'add to excluded_files';
  if (change.action === 'edit_links') return 'rewrite links to renamed files';
  // A value only quoted (SCALAR_TYPE_MISMATCH) reads the same before and after: show the quotes.
  const block = change.block_lines ? `metadata block (${plural(change.block_lines, 'line')})` : '';
  if (change.action === 'edit_metadata_block') return `edit ${block}`;
  const fields = (change.fields ?? []).map((f) =>
    f.op === 'add' ? `+${f.field}` : `${f.field}: ${f.from ?? ''} → ${f.from === f.to ? JSON.stringify(f.to) : f.to}`,
  );
  return `${change.action === 'add_frontmatter' ? 'add frontmatter' : 'edit frontmatter'} (${fields.join(', ')})${block ? ` and ${block}` : ''}`;
}

/** Every change's diff, in order: one patch `git apply` takes (fix --patch). */
export function fixPatch(data: FixData): string {
  return data.changes.map((c) => c.diff).join('');
}

export function renderFixText(data: FixData, style: Style): string {
  const lines: string[] = [];
  if (data.plan) {
    const p = data.plan;
    const ok = p.actions.length - p.refused;
    lines.push(
      style.bold(
        `Plan ${safeText(p.path)}: ${plural(p.actions.length, 'action')}, ${ok} ${data.dry_run ? 'would apply' : 'applied'}, ${p.refused} refused${data.dry_run ? '; nothing was written' : ''}.`,
      ),
    );
    for (const a of p.actions)
      if (a.outcome === 'refused') lines.push(`  ${style.red('refused')}  ${safeText(a.path)}  ${a.action} (${a.reason ?? ''})`);
  }
  // A file moved and then edited is one file: an edit at a rename's target counts as its source.
  const origin = new Map(data.changes.flatMap((c) => (c.action === 'rename' && c.to ? [[c.to, c.from ?? c.path] as const] : [])));
  const files = new Set(data.changes.map((c) => origin.get(c.path) ?? c.path)).size;
  if (data.changes.length === 0)
    lines.push(data.remaining === 0 ? `${style.green('✔')} Nothing to fix.` : 'Nothing docket can fix mechanically.');
  else if (data.dry_run)
    lines.push(
      style.bold(
        `Dry run: ${plural(data.changes.length, 'change')} in ${plural(files, 'file')} would fix ${plural(data.fixed, 'finding')}; nothing was written.`,
      ),
    );
  else
    lines.push(
      `${style.green('✔')} ${style.bold(`Applied ${plural(data.changes.length, 'change')} in ${plural(files, 'file')}, fixing ${plural(data.fixed, 'finding')}.`)}`,
    );
  for (const change of data.changes) {
    lines.push('', `${style.underline(safeText(change.path))}  ${safeText(describe(change))}`);
    if (data.dry_run) lines.push(colourDiff(change.diff.replace(/\n$/, ''), style));
  }
  const removed = data.removed_temp_files ?? [];
  if (removed.length > 0)
    lines.push('', `Removed ${plural(removed.length, 'temporary file')} of killed docket runs:`, ...removed.map((r) => `  ${safeText(r)}`));
  if (data.remaining > 0)
    lines.push('', `${plural(data.remaining, 'finding')} ${data.dry_run ? 'would remain' : data.remaining === 1 ? 'remains' : 'remain'}:`);
  return `${lines.join('\n')}\n`;
}

export function renderFixMarkdown(data: FixData): string {
  let out = `## ${data.dry_run ? 'Dry run' : 'Applied'}\n\n- **Fixed:** ${data.fixed}\n- **Remaining:** ${data.remaining}\n`;
  if (data.namespace) out += `- **Namespace:** ${mdCell(data.namespace)}\n`;
  if (data.changes.length > 0) {
    out += `\n### Changes\n\n${mdTable(
      ['Path', 'Change'],
      data.changes.map((c) => [c.path, describe(c)]),
    )}`;
    for (const c of data.changes) out += `\n\`\`\`diff\n${c.diff.replace(/\r/g, '').replace(/`{3,}/g, '``\u200b`')}\`\`\`\n`;
  }
  return out;
}
