import { DEFAULT_IMPL_STATES } from '../config/defaults.js';
import { LIMITS, priorityRank, timeOf } from '../state/model.js';
import { cssSlug, htmlText, markdownText, relativeHref } from './escape.js';
import { headerLines } from './header.js';
import { KANBAN_CSS } from './kanban-css.js';
import { byString, type ViewDocument, type ViewModel } from './model.js';

/** The first non-empty line that marks a generated board (config/exclusion.ts recognises it). */
const KANBAN_MARKER = '<!-- MEMINIT_GENERATED: kanban -->';
/** The board's file name and its stylesheet's, in the views directory (reference §7.3). */
export const KANBAN_FILE = 'kanban.md';
export const KANBAN_CSS_FILE = 'kanban.css';

export interface KanbanColumn {
  state: string;
  cards: ViewDocument[];
}

/**
 * The board's columns: the canonical states in their order, then any other state a document
 * is in, sorted. Only tracked documents appear. Cards: highest priority first (P2 when none is
 * set), then those that unblock more, then the longest untouched, then by ID.
 */
export function kanbanColumns(documents: readonly ViewDocument[]): KanbanColumn[] {
  const columns = new Map<string, ViewDocument[]>(DEFAULT_IMPL_STATES.map((s) => [s, []]));
  const extra: string[] = [];
  for (const doc of documents) {
    if (doc.impl_state === undefined) continue;
    if (!columns.has(doc.impl_state)) {
      columns.set(doc.impl_state, []);
      extra.push(doc.impl_state);
    }
    columns.get(doc.impl_state)!.push(doc);
  }
  const order = [...DEFAULT_IMPL_STATES, ...extra.sort(byString)];
  return order.map((state) => ({ state, cards: columns.get(state)!.sort(byCardOrder) }));
}

function byCardOrder(a: ViewDocument, b: ViewDocument): number {
  const age = (d: ViewDocument) => (d.updated === undefined ? 0 : timeOf(d.updated) || 0);
  return (
    priorityRank(a.priority) - priorityRank(b.priority) ||
    b.unblocks.length - a.unblocks.length ||
    age(a) - age(b) ||
    byString(a.document_id, b.document_id)
  );
}

const notesOf = (doc: ViewDocument) => (doc.notes === undefined || doc.notes.trim() === '' ? undefined : doc.notes.slice(0, LIMITS.notes));

function fallbackCard(doc: ViewDocument, dir: string): string[] {
  const badges = [
    ...(doc.priority !== undefined ? [`\\[${markdownText(doc.priority)}\\]`] : []),
    ...(doc.open_blockers.length > 0 ? ['\\[blocked\\]'] : []),
  ];
  const status = doc.status === null ? '' : ` (${markdownText(doc.status)})`;
  const lines = [
    `- **[${markdownText(doc.document_id)}](${relativeHref(dir, doc.path)})**: ${[...badges, markdownText(doc.title ?? '')].join(' ')}${status}`,
  ];
  const notes = notesOf(doc);
  if (notes !== undefined) lines.push(`  - ${markdownText(notes)}`);
  return lines;
}

function htmlCard(doc: ViewDocument, dir: string): string[] {
  const title = htmlText(doc.title ?? '');
  const label = title === '' ? htmlText(doc.document_id) : title;
  const status = doc.status ?? '';
  const lines = [
    `<article class="kanban-card" aria-label="${label}">`,
    `<strong class="card-id"><a href="${htmlText(relativeHref(dir, doc.path))}">${htmlText(doc.document_id)}</a></strong>`,
    `<span class="card-title kanban-truncate" title="${title}">${title}</span>`,
  ];
  if (status !== '') lines.push(`<span class="card-status badge-${cssSlug(status, 'unknown')}">${htmlText(status)}</span>`);
  if (doc.priority !== undefined)
    lines.push(`<span class="card-priority badge-priority-${cssSlug(doc.priority, 'unknown')}">${htmlText(doc.priority)}</span>`);
  if (doc.open_blockers.length > 0)
    lines.push(
      `<span class="card-blocked badge-blocked" title="${htmlText(doc.open_blockers.join(', '))}">${doc.open_blockers.length} blocked</span>`,
    );
  const notes = notesOf(doc);
  if (notes !== undefined) lines.push(`<p class="card-notes kanban-truncate-lines" title="${htmlText(notes)}">${htmlText(notes)}</p>`);
  lines.push('</article>');
  return lines;
}

/**
 * kanban.md and its stylesheet. The Markdown list comes first, for viewers that drop HTML;
 * the stylesheet hides it where the HTML board renders. Every HTML block is one run of
 * non-blank lines (repository text is made one line), so no text can end one and start Markdown.
 */
export function renderKanban(model: ViewModel): { markdown: string; css: string } {
  const columns = kanbanColumns(model.documents);
  const out = [
    KANBAN_MARKER,
    '',
    `# ${markdownText(model.project_name)} Project Status Board`,
    '',
    `<link rel="stylesheet" href="${KANBAN_CSS_FILE}">`,
    '',
  ];
  out.push(
    '> Update an item with `docket state set <ID> --impl-state "<state>" --notes "<text>"`.',
    '> Take the next ready one with `docket state next`; see `docket state --help`.',
    '',
  );
  out.push(...headerLines(model, '--output-kanban'));
  out.push('<div class="kanban-fallback">', '');
  for (const { state, cards } of columns) {
    out.push(`## ${markdownText(state)}`, '');
    if (cards.length === 0) out.push('_No items._');
    else for (const card of cards) out.push(...fallbackCard(card, model.dir));
    out.push('');
  }
  out.push('</div>', '', '<div class="kanban-board" role="region" aria-label="Project Kanban Board">', '');
  for (const { state, cards } of columns) {
    const name = htmlText(state);
    out.push(
      `<section class="kanban-column kanban-${cssSlug(state, 'not-started')}" aria-label="${name}">`,
      `<h3>${name} <span class="kanban-count">${cards.length}</span></h3>`,
    );
    for (const card of cards) out.push(...htmlCard(card, model.dir));
    out.push('</section>', '');
  }
  out.push('</div>', '');
  return { markdown: out.join('\n'), css: KANBAN_CSS };
}
