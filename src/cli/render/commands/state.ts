import { safeText, type Style } from '../style.js';
import type { StateBlockersData, StateListData, StateNextData, StateSetData } from '../../../contract/commands.js';
import type { EntryView } from '../../../contract/data/state.js';

/** One entry on one line: ID, state, priority, readiness, assignee (cut -f1 friendly). */
function entryLine(e: EntryView, style: Style): string {
  const ready = e.ready ? style.green('ready') : e.open_blockers.length > 0 ? style.yellow(`waits for ${e.open_blockers.join(', ')}`) : '';
  return [style.bold(e.document_id), safeText(e.impl_state), e.priority, ready, e.assignee ? `@${safeText(e.assignee)}` : '']
    .filter((s) => s !== '')
    .join('  ');
}

export function renderEntryText(e: EntryView, style: Style): string {
  const lines = [entryLine(e, style)];
  const field = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') lines.push(`  ${style.dim(name.padEnd(13))}${safeText(value)}`);
  };
  field('updated', `${e.updated} by ${e.updated_by}`);
  field('depends_on', e.depends_on.join(', '));
  field('blocked_by', e.blocked_by.join(', '));
  field('unblocks', e.unblocks.join(', '));
  field('next_action', e.next_action);
  field('notes', e.notes);
  return `${lines.join('\n')}\n`;
}

export function renderStateListText(d: StateListData, style: Style): string {
  const s = d.summary;
  const lines = d.entries.map((e) => entryLine(e, style));
  lines.push(style.dim(`${s.returned} of ${s.total} entries; ${s.ready} ready, ${s.blocked} blocked.`));
  return `${lines.join('\n')}\n`;
}

export function renderStateNextText(d: StateNextData, style: Style): string {
  if (d.entry) return renderEntryText(d.entry, style);
  return `${d.reason === 'state_missing' ? 'No project-state.yaml: no work is recorded.' : `Nothing is ready (${d.selection.candidates_considered} candidates).`}\n`;
}

export function renderStateBlockersText(d: StateBlockersData, style: Style): string {
  const lines = d.blocked.map(
    (b) =>
      `${style.bold(b.document_id)}  ${safeText(b.impl_state)}  waits for ${b.open_blockers.map((o) => `${o.id} (${o.impl_state === null ? (o.known ? 'no state' : 'unknown') : safeText(o.impl_state)})`).join(', ')}`,
  );
  lines.push(style.dim(`${d.summary.blocked} blocked, ${d.summary.ready} ready, of ${d.summary.total_entries} entries.`));
  return `${lines.join('\n')}\n`;
}

export function renderStateSetText(d: StateSetData, style: Style): string {
  const verb = d.action === 'clear' ? (d.changed ? 'removed' : 'had no entry') : d.changed ? 'set' : 'unchanged';
  const head = `${d.dry_run ? 'Dry run: ' : ''}${d.document_id} ${verb}${d.dry_run && d.changed ? ' (nothing written)' : ''} in ${d.path}`;
  return `${head}\n${d.entry ? renderEntryText(d.entry, style) : ''}`;
}
