import { markdownText, relativeHref } from './escape.js';
import { headerLines } from './header.js';
import { byString, recencyOf, utcDate, type ViewDocument, type ViewModel } from './model.js';

/** The catalogue's sections, in the order the Python DocOps CLI writes them (reference §7.3). */
export const CATALOG_GROUPS = ['Active Work', 'Governance Pending', 'Reference', 'Done', 'Superseded'] as const;
export type CatalogGroup = (typeof CATALOG_GROUPS)[number];

/** The first non-empty body line that marks a generated catalogue (config/exclusion.ts recognises it). */
const CATALOG_MARKER = '<!-- MEMINIT_GENERATED: catalog -->';

const HEADERS = ['ID', 'Title', 'Type', 'Doc Status', 'Impl State', 'Priority', 'Ready', 'Last Active', 'Owner'];
const NONE = '\u2014';

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * A document's section: Superseded status first, then a Done entry, then any other tracked
 * state (a custom one too: it is work in progress), then Draft or In Review, else Reference.
 */
export function catalogGroup(doc: ViewDocument): CatalogGroup {
  if (lower(doc.status) === 'superseded') return 'Superseded';
  if (doc.impl_state !== undefined && lower(doc.impl_state) === 'done') return 'Done';
  if (doc.impl_state !== undefined) return 'Active Work';
  if (lower(doc.status) === 'draft' || lower(doc.status) === 'in review') return 'Governance Pending';
  return 'Reference';
}

/** ✅ ready, ⏳ waiting on open blockers, — otherwise. */
function readyMark(doc: ViewDocument): string {
  if (doc.ready) return '\u2705';
  return doc.open_blockers.length > 0 ? '\u23f3' : NONE;
}

function row(doc: ViewDocument, dir: string, recency: number | undefined): string {
  const cells = [
    `[${markdownText(doc.document_id)}](${relativeHref(dir, doc.path)})`,
    markdownText(doc.title ?? ''),
    markdownText(doc.type ?? ''),
    markdownText(doc.status ?? ''),
    markdownText(doc.impl_state ?? ''),
    doc.priority === undefined ? NONE : markdownText(doc.priority),
    readyMark(doc),
    recency === undefined ? '' : utcDate(recency),
    markdownText(doc.owner ?? ''),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** Most recent activity first; undated documents last; then by ID. */
function byRecency(recency: ReadonlyMap<ViewDocument, number | undefined>) {
  return (a: ViewDocument, b: ViewDocument): number => {
    const ra = recency.get(a) ?? -Infinity;
    const rb = recency.get(b) ?? -Infinity;
    return ra !== rb ? rb - ra : byString(a.document_id, b.document_id);
  };
}

/**
 * The catalogue (the table view at `catalog_name`): governed-looking frontmatter, the marker,
 * then one table per section. Its `last_updated` is the date of the latest activity it lists
 * (the build date only with `built_at`), so the same documents give the same bytes.
 */
export function renderCatalog(model: ViewModel): string {
  const recency = new Map(model.documents.map((d) => [d, recencyOf(d)]));
  const latest = [...recency.values()].filter((t): t is number => t !== undefined);
  const lastUpdated =
    model.built_at !== undefined
      ? model.built_at.slice(0, 10)
      : latest.length > 0
        ? utcDate(latest.reduce((a, b) => Math.max(a, b)))
        : undefined;
  const out = [
    '---',
    `document_id: ${model.repo_prefix}-INDEX-001`,
    'type: INDEX',
    'title: Project Dashboard',
    'status: Draft',
    'version: "1.0"',
    ...(lastUpdated ? [`last_updated: ${lastUpdated}`] : []),
    'owner: __TBD__',
    'docops_version: "2.0"',
    '---',
    '',
    CATALOG_MARKER,
    '',
    '# Project Dashboard',
    '',
  ];
  out.push(...headerLines(model, '--output-catalog'));
  const groups = new Map<CatalogGroup, ViewDocument[]>(CATALOG_GROUPS.map((g) => [g, []]));
  for (const doc of model.documents) groups.get(catalogGroup(doc))!.push(doc);
  for (const [name, docs] of groups) {
    out.push(`## ${name}`, '');
    if (docs.length === 0) {
      out.push('_No documents currently in this state._', '');
      continue;
    }
    out.push(
      `| ${HEADERS.join(' | ')} |`,
      `| ${HEADERS.map(() => '---').join(' | ')} |`,
      ...[...docs].sort(byRecency(recency)).map((d) => row(d, model.dir, recency.get(d))),
      '',
    );
  }
  return out.join('\n');
}
