import type { Issue } from '../../../core/issues.js';
import type { SiteDocument, SiteModel } from '../../../core/site/model.js';
import { esc, idLink, jsonBlock, look, page, pageName, statusBadge, type PageFrame, type Section } from './html.js';
import type { IndexEdge, IndexNode } from '../../../contract/data/document-index.js';

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the pages share: the model and its lookups, made once per build. */
export interface SiteIndex {
  model: SiteModel;
  byId: ReadonlyMap<string, IndexNode>;
  outgoing: ReadonlyMap<string, IndexEdge[]>;
  incoming: ReadonlyMap<string, IndexEdge[]>;
  /** IDs that name each ID in superseded_by (its predecessors), sorted. */
  predecessors: ReadonlyMap<string, string[]>;
  /** Each document's look (state, colour), made once: every page that draws it uses it. */
  looks: ReadonlyMap<string, { state: string; colour: number }>;
}

export function siteIndex(model: SiteModel): SiteIndex {
  const byId = new Map(model.documents.map((d) => [d.node.document_id, d.node]));
  const outgoing = new Map<string, IndexEdge[]>();
  const incoming = new Map<string, IndexEdge[]>();
  const push = (map: Map<string, IndexEdge[]>, key: string, e: IndexEdge) => (map.get(key) ?? map.set(key, []).get(key)!).push(e);
  for (const e of model.edges) {
    push(outgoing, e.source, e);
    push(incoming, e.target, e);
  }
  const predecessors = new Map<string, string[]>();
  for (const { node } of model.documents) {
    if (node.superseded_by !== null && byId.has(node.superseded_by))
      (predecessors.get(node.superseded_by) ?? predecessors.set(node.superseded_by, []).get(node.superseded_by)!).push(node.document_id);
  }
  const looks = new Map(model.documents.map((d) => [d.node.document_id, look(d.node)]));
  return { model, byId, outgoing, incoming, predecessors, looks };
}

export const frameOf = (model: SiteModel, title: string, section: Section, depth: number): PageFrame => ({
  title,
  projectName: model.projectName,
  depth,
  section,
  hasBoard: model.queue !== undefined,
  ...(model.builtAt ? { builtAt: model.builtAt } : {}),
});

/** Counts of one field as chips, each a link that filters the list below. */
function counts(key: 'type' | 'status', docs: readonly SiteDocument[]): string {
  const tally = new Map<string, number>();
  for (const d of docs) tally.set(d.node[key] ?? '', (tally.get(d.node[key] ?? '') ?? 0) + 1);
  const chips = [...tally]
    .sort(([a], [b]) => byString(a, b))
    .map(([value, n]) =>
      value === ''
        ? `<span class="chip"><em>no ${key}</em> <b>${n}</b></span>`
        : `<a class="chip" href="#${key}=${esc(encodeURIComponent(value))}">${esc(value)} <b>${n}</b></a>`,
    );
  return `<div class="chips"><span class="l">By ${key}</span>${chips.join('')}</div>`;
}

function findingItem(f: Issue): string {
  const where = f.path ? `<span class="id">${esc(f.path)}${f.line ? `:${f.line}` : ''}</span> ` : '';
  return `<li><span class="badge ${esc(f.severity)}">${esc(f.code)}</span> ${where}${esc(f.message)}${f.suggestion ? `<div class="hint">${esc(f.suggestion)}</div>` : ''}</li>`;
}

/** How many findings about no document the home page lists (the others are counted). */
const OTHER_FINDINGS_SHOWN = 200;

const select = (id: string, label: string, values: readonly string[]) =>
  `<select id="${id}" aria-label="${label}"><option value="">${label}: all</option>${values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('')}</select>`;

/** The home page: counts by type and status, the check summary, and every document in a sortable, filterable list. */
export function homePage(site: SiteIndex): string {
  const { model } = site;
  const c = model.check;
  const docs = model.documents;
  const card = (n: number, label: string, cls = '') =>
    `<div class="card${n > 0 && cls ? ` ${cls}` : ''}"><div class="n">${n}</div><div class="l">${label}</div></div>`;
  const others = model.otherFindings;
  const distinct = (key: 'type' | 'status') =>
    [...new Set(docs.map((d) => d.node[key]).filter((v): v is string => v !== null))].sort(byString);
  const rows = docs.map(({ node, findings }) => {
    const errors = findings.filter((f) => f.severity === 'error').length;
    return `<tr data-type="${esc(node.type ?? '')}" data-status="${esc(node.status ?? '')}"><td>${idLink(node, 0)}</td><td>${esc(node.title ?? '')}</td><td>${esc(node.type ?? '')}</td><td data-sort="${esc(node.status ?? '')}">${statusBadge(node)}</td><td>${esc(node.owner ?? '')}</td><td>${esc(node.last_updated ?? '')}</td><td class="num" data-sort="${findings.length}">${findings.length === 0 ? '' : `<span class="badge ${errors > 0 ? 'error' : 'warning'}">${findings.length}</span>`}</td></tr>`;
  });
  const main = `<h1>${esc(model.projectName)}</h1>
<p class="sub">${docs.length} governed document${docs.length === 1 ? '' : 's'}, ${model.edges.length} relation${model.edges.length === 1 ? '' : 's'} between them.</p>
<h2>Check</h2>
<div class="cards">${card(docs.length, 'documents')}${card(c.files_checked, 'files checked')}${card(c.files_passed, 'passed')}${card(c.files_failed, 'failed', 'bad')}${card(c.violations_count, 'violations', 'bad')}${card(c.warnings_count, 'warnings and notes', 'warn')}</div>
${others.length > 0 ? `<details><summary>${others.length} finding${others.length === 1 ? '' : 's'} not about a document of the site</summary><ul class="findings">${others.slice(0, OTHER_FINDINGS_SHOWN).map(findingItem).join('')}${others.length > OTHER_FINDINGS_SHOWN ? `<li>${others.length - OTHER_FINDINGS_SHOWN} more: run docket check.</li>` : ''}</ul></details>` : ''}
${counts('type', docs)}${counts('status', docs)}
<h2>All documents</h2>
<div class="filters"><input type="search" id="DocketSearch" placeholder="Search IDs, titles, owners…" aria-label="Search">${select('DocketType', 'Type', distinct('type'))}${select('DocketStatus', 'Status', distinct('status'))}<span class="shown" id="DocketShown">${docs.length} of ${docs.length} shown</span></div>
<table id="DocketList"><thead><tr><th>ID</th><th>Title</th><th>Type</th><th>Status</th><th>Owner</th><th>Updated</th><th class="num">Findings</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`;
  return page(frameOf(model, 'Documents', 'home', 0), main);
}

/** Graph data for the page's script: nodes as [id, title, type, status, look, page, colour], edges as [source, target, kind] by node position. */
export function graphData(site: SiteIndex, ids: readonly string[]): { nodes: (string | number)[][]; edges: (string | number)[][] } {
  const at = new Map(ids.map((id, i) => [id, i]));
  const nodes = ids.map((id) => {
    const n = site.byId.get(id)!;
    const { state, colour } = site.looks.get(id)!;
    return [id, n.title ?? '', n.type ?? '', n.status ?? '', state, pageName(id), colour];
  });
  const edges: (string | number)[][] = [];
  for (const id of ids)
    for (const e of site.outgoing.get(id) ?? []) if (at.has(e.target)) edges.push([at.get(id)!, at.get(e.target)!, e.type]);
  return { nodes, edges };
}

const LEGEND =
  '<p class="legend">Colours by type; superseded documents grey, drafts dashed. Thick lines: supersedes; dashed: related; thin: references.</p>';

/** The graph view: the neighbourhood of a chosen document, drawn by the site's script from every document and relation. */
export function graphPage(site: SiteIndex): string {
  const ids = site.model.documents.map((d) => d.node.document_id);
  const main = `<h1>Graph</h1>
<div class="graph-tools"><label>Document <input id="DocketGraphPick" list="DocketIds" size="22" aria-label="Document"></label><label>Depth <select id="DocketGraphDepth"><option>1</option><option selected>2</option><option>3</option></select></label><a id="DocketGraphOpen" href="index.html">Open</a><span class="shown" id="DocketGraphCount"></span></div>
<datalist id="DocketIds">${ids.map((id) => `<option value="${esc(id)}">`).join('')}</datalist>
${ids.length === 0 ? '<p>No documents.</p>' : '<svg id="DocketGraph" class="graph" data-base="docs/" role="img" aria-label="Graph of documents"></svg>'}
${LEGEND}
${jsonBlock('DocketGraphData', graphData(site, ids))}`;
  return page(frameOf(site.model, 'Graph', 'graph', 0), main);
}

/** The ADR timeline: decisions by date (last_updated), newest first, with what they supersede. */
export function timelinePage(site: SiteIndex): string {
  const adrs = site.model.documents.map((d) => d.node).filter((n) => n.type?.toUpperCase() === 'ADR');
  adrs.sort((a, b) => byString(b.last_updated ?? '', a.last_updated ?? '') || byString(a.document_id, b.document_id));
  let month: string | undefined;
  const items: string[] = [];
  for (const n of adrs) {
    const m = n.last_updated?.slice(0, 7) ?? 'No date';
    if (m !== month) items.push(`<li class="month"><h3>${esc(m)}</h3></li>`);
    month = m;
    const supersedes = (site.predecessors.get(n.document_id) ?? []).map((id) => idLink(site.byId.get(id)!, 0));
    const successor = n.superseded_by && site.byId.get(n.superseded_by);
    items.push(
      `<li class="${look(n).state}"><span class="when">${esc(n.last_updated ?? '')}</span>${idLink(n, 0)} ${esc(n.title ?? '')} ${statusBadge(n)}${supersedes.length ? ` · supersedes ${supersedes.join(', ')}` : ''}${successor ? ` · superseded by ${idLink(successor, 0)}` : ''}</li>`,
    );
  }
  const main = `<h1>ADR timeline</h1>
<p class="sub">${adrs.length} architecture decision record${adrs.length === 1 ? '' : 's'}, newest first (by last_updated).</p>
${adrs.length === 0 ? '<p>No document of type ADR.</p>' : `<ul class="timeline">${items.join('\n')}</ul>`}`;
  return page(frameOf(site.model, 'ADR timeline', 'timeline', 0), main);
}
