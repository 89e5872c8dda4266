import type { Issue } from '../../../core/issues.js';
import type { SiteDocument } from '../../../core/site/model.js';
import { esc, idLink, jsonBlock, page, statusBadge } from './html.js';
import { frameOf, graphData, type SiteIndex } from './pages.js';
import type { IndexEdge, IndexNode } from '../../../contract/data/document-index.js';

const KIND_LABEL: Readonly<Record<string, [string, string]>> = {
  supersedes: ['Supersedes', 'Superseded by'],
  related: ['Related to', 'Related from'],
  references: ['Links to', 'Linked from'],
};

/** The relations of one direction, grouped by kind (in KIND_LABEL's order), each a link to the other document. */
function relations(site: SiteIndex, edges: readonly IndexEdge[] | undefined, outgoing: boolean): string {
  if (!edges || edges.length === 0) return '<p class="sub">None.</p>';
  return Object.entries(KIND_LABEL)
    .map(([kind, labels]) => {
      const ids = edges.filter((e) => e.type === kind).map((e) => (outgoing ? e.target : e.source));
      if (ids.length === 0) return '';
      return `<h3>${labels[outgoing ? 0 : 1]}</h3><ul>${ids.map((id) => `<li>${idLink(site.byId.get(id)!, 1)} ${esc(site.byId.get(id)!.title ?? '')}</li>`).join('')}</ul>`;
    })
    .join('');
}

/**
 * The supersession chain through this document, oldest first: each step back the documents
 * whose superseded_by names the step before (all of them, when several were replaced by one),
 * each step forward its superseded_by, as far as it goes (a cycle is check's finding: cut).
 */
function chain(site: SiteIndex, node: IndexNode): string[][] {
  const seen = new Set([node.document_id]);
  const back: string[][] = [];
  for (let level = [node.document_id]; ;) {
    const earlier = level.flatMap((id) => site.predecessors.get(id) ?? []).filter((id) => !seen.has(id));
    if (earlier.length === 0) break;
    for (const id of earlier) seen.add(id);
    back.unshift(earlier);
    level = earlier;
  }
  const forward: string[][] = [];
  for (let next = node.superseded_by; next !== null && site.byId.has(next) && !seen.has(next); next = site.byId.get(next)!.superseded_by) {
    seen.add(next);
    forward.push([next]);
  }
  return [...back, [node.document_id], ...forward];
}

function findingsList(findings: readonly Issue[]): string {
  return `<ul class="findings">${findings
    .map(
      (f) =>
        `<li><span class="badge ${esc(f.severity)}">${esc(f.code)}</span>${f.line ? ` line ${f.line}` : ''}: ${esc(f.message)}${f.suggestion ? `<div class="hint">${esc(f.suggestion)}</div>` : ''}</li>`,
    )
    .join('')}</ul>`;
}

const row = (label: string, value: string) => (value === '' ? '' : `<dt>${label}</dt><dd>${value}</dd>`);

/** A document's page: metadata, work-queue entry, findings, supersession chain, body, relations both ways and its neighbourhood drawn. */
export function documentPage(site: SiteIndex, doc: SiteDocument, body: string | undefined): string {
  const { node, state, findings } = doc;
  const link = (id: string) => (site.byId.has(id) ? idLink(site.byId.get(id)!, 1) : `<span class="id">${esc(id)}</span>`);
  const meta = [
    row('ID', `<span class="id">${esc(node.document_id)}</span>`),
    row('Type', esc(node.type ?? '')),
    row('Status', statusBadge(node)),
    row('Owner', esc(node.owner ?? '')),
    row('Version', esc(node.version ?? '')),
    row('Last updated', esc(node.last_updated ?? '')),
    row('Area', esc(node.area ?? '')),
    row('Description', esc(node.description ?? '')),
    row('Keywords', esc(node.keywords.join(', '))),
    row('Related', node.related_ids.map(link).join(', ')),
    row('Superseded by', node.superseded_by ? link(node.superseded_by) : ''),
    row('Path', `<span class="id">${esc(node.path)}</span>`),
    row('Namespace', esc(node.namespace)),
  ].join('');
  const queue = state
    ? `<section><h2>Work queue</h2><dl class="meta">${[
        row('State', esc(state.impl_state)),
        row('Priority', esc(state.priority)),
        row('Ready', state.ready ? 'yes' : 'no'),
        row('Assignee', esc(state.assignee ?? '')),
        row('Next action', esc(state.next_action ?? '')),
        row('Waits for', state.open_blockers.map(link).join(', ')),
        row('Unblocks', state.unblocks.map(link).join(', ')),
        row('Updated', `${esc(state.updated)} by ${esc(state.updated_by)}`),
      ].join('')}</dl></section>`
    : '';
  const steps = chain(site, node);
  const chainHtml =
    steps.length > 1
      ? `<section><h2>Supersession chain</h2><ol class="chain">${steps.map((ids) => `<li${ids[0] === node.document_id ? ' class="this"' : ''}>${ids.map((id) => (id === node.document_id ? `<span class="id">${esc(id)}</span> (this)` : `${link(id)} ${esc(site.byId.get(id)?.title ?? '')}`)).join(', ')}</li>`).join('')}</ol></section>`
      : '';
  const near = [
    node.document_id,
    ...new Set([
      ...(site.outgoing.get(node.document_id) ?? []).map((e) => e.target),
      ...(site.incoming.get(node.document_id) ?? []).map((e) => e.source),
    ]),
  ].sort();
  const main = `<h1>${esc(node.title ?? node.document_id)}</h1>
<p class="sub"><span class="id">${esc(node.document_id)}</span> · ${esc(node.type ?? 'no type')} · ${statusBadge(node)}</p>
<div class="layout"><div>
${findings.length > 0 ? `<section><h2>Findings of docket check</h2>${findingsList(findings)}</section>` : ''}
<article class="markdown">${body ?? '<p class="sub">The document could not be read again for the site (run docket check).</p>'}</article>
</div><aside class="side">
<section><h2>Metadata</h2><dl class="meta">${meta}</dl></section>
${queue}${chainHtml}
<section><h2>Links from here</h2>${relations(site, site.outgoing.get(node.document_id), true)}</section>
<section><h2>Links to here</h2>${relations(site, site.incoming.get(node.document_id), false)}</section>
<section><h2>Neighbourhood</h2><svg id="DocketGraph" class="graph small" data-centre="${esc(node.document_id)}" data-depth="1" role="img" aria-label="Documents related to this one"></svg><p class="legend"><a href="../graph.html#id=${esc(encodeURIComponent(node.document_id))}">Open in the graph view</a></p></section>
</aside></div>
${jsonBlock('DocketGraphData', graphData(site, near))}`;
  return page(frameOf(site.model, node.title ?? node.document_id, 'document', 1), main);
}
