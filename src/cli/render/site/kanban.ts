import { priorityRank } from '../../../core/state/model.js';
import type { WorkQueue } from '../../../core/site/model.js';
import { esc, idLink, page } from './html.js';
import { frameOf, type SiteIndex } from './pages.js';
import type { EntryView } from '../../../contract/data/state.js';

/**
 * The work queue as a board: a column per state (the queue's order), a card per entry sorted
 * by priority then ID. Made from the state analysis alone (EntryView), so a shared board view
 * can replace this module without touching the rest of the site.
 */
export function kanbanPage(site: SiteIndex, queue: WorkQueue): string {
  const columns = new Map<string, EntryView[]>(queue.states.map((s) => [s, []]));
  for (const entry of queue.entries.values())
    (columns.get(entry.impl_state) ?? columns.set(entry.impl_state, []).get(entry.impl_state)!).push(entry);
  const card = (e: EntryView) => {
    const node = site.byId.get(e.document_id);
    const cls = e.ready ? ' ready' : e.open_blockers.length > 0 && e.impl_state !== 'Done' ? ' blocked' : '';
    const waits =
      e.open_blockers.length > 0 && e.impl_state !== 'Done'
        ? `<div class="meta">waits for ${e.open_blockers.map((id) => esc(id)).join(', ')}</div>`
        : '';
    return `<div class="ticket${cls}"><div>${node ? idLink(node, 0) : `<span class="id">${esc(e.document_id)}</span>`} <span class="badge">${esc(e.priority)}</span>${e.ready ? ' <span class="badge">ready</span>' : ''}</div><div class="title">${esc(node?.title ?? 'No governed document has this ID')}</div>${e.assignee ? `<div class="meta">${esc(e.assignee)}</div>` : ''}${e.next_action ? `<div class="meta">Next: ${esc(e.next_action)}</div>` : ''}${waits}</div>`;
  };
  const board = [...columns]
    .map(([state, entries]) => {
      entries.sort((a, b) => priorityRank(a.priority) - priorityRank(b.priority) || (a.document_id < b.document_id ? -1 : 1));
      return `<section class="column"><h2><span>${esc(state)}</span><span class="shown">${entries.length}</span></h2>${entries.map(card).join('')}</section>`;
    })
    .join('');
  const main = `<h1>Board</h1>
<p class="sub">${queue.entries.size} item${queue.entries.size === 1 ? '' : 's'} in the work queue (project-state.yaml). Ready items have a green edge, waiting ones a red one.</p>
<div class="board" id="DocketBoard">${board}</div>`;
  return page(frameOf(site.model, 'Board', 'board', 0), main);
}
