import { readFileSync } from 'node:fs';
import { packagePath } from '../../../core/package-root.js';
import type { SiteModel } from '../../../core/site/model.js';
import { PALETTE } from '../graph/look.js';
import { documentPage } from './document.js';
import { pageName } from './html.js';
import { kanbanPage } from './kanban.js';
import { markdownRenderer } from './markdown.js';
import { graphPage, homePage, siteIndex, timelinePage } from './pages.js';

/** The stylesheet: the shipped one, then each type's colours (the graph's palette, as `docket graph` draws them). */
function stylesheet(): string {
  const colours = PALETTE.map((p, i) => `svg.graph .node.t${i} rect { fill: ${p.fill}; stroke: ${p.stroke}; }`).join('\n');
  return `${readFileSync(packagePath('assets/site/site.css'), 'utf8')}${colours}\n`;
}

/**
 * Every file of the site, by path below its directory: the home page with the document list,
 * a page per document (docs/ID.html), the graph view, the ADR timeline, the board when the
 * work queue exists, and the shared stylesheet and script. The same model gives the same bytes.
 */
export function renderSite(model: SiteModel): Map<string, string> {
  const site = siteIndex(model);
  const idOfPath = new Map(model.documents.map((d) => [d.node.path, d.node.document_id]));
  const render = markdownRenderer({ idOfPath, ids: new Set(idOfPath.values()) });
  const files = new Map<string, string>([
    ['assets/site.css', stylesheet()],
    ['assets/site.js', readFileSync(packagePath('assets/site/site.js'), 'utf8')],
    ['index.html', homePage(site)],
    ['graph.html', graphPage(site)],
    ['timeline.html', timelinePage(site)],
  ]);
  if (model.queue) files.set('kanban.html', kanbanPage(site, model.queue));
  for (const doc of model.documents) {
    const body = doc.body === undefined ? undefined : render(doc.body, doc.node.path, doc.node.document_id);
    files.set(`docs/${pageName(doc.node.document_id)}`, documentPage(site, doc, body));
  }
  return files;
}
