import { readFileSync } from 'node:fs';
import { packagePath } from '../../../core/package-root.js';
import { imageBytes } from '../../../core/site/images.js';
import type { SiteModel } from '../../../core/site/model.js';
import type { SiteFiles } from '../../../core/site/output.js';
import { PALETTE } from '../graph/look.js';
import { documentPage } from './document.js';
import { pageName } from './html.js';
import { kanbanPage } from './kanban.js';
import { BodyRenderer } from './bodies.js';
import { graphPage, homePage, siteIndex, timelinePage } from './pages.js';

/** The stylesheet: the shipped one, then each type's colours (the graph's palette, as `docket graph` draws them). */
function stylesheet(): string {
  const colours = PALETTE.map((p, i) => `svg.graph .node.t${i} rect { fill: ${p.fill}; stroke: ${p.stroke}; }`).join('\n');
  return `${readFileSync(packagePath('assets/site/site.css'), 'utf8')}${colours}\n`;
}

/**
 * Every file of the site, by path below its directory: the home page with the document list,
 * a page per document (docs/ID.html), the graph view, the ADR timeline, the board when the
 * work queue exists, the shared stylesheet and script, and the images the bodies show. Each is made when it is written
 * (every page held at once was most of a large build's memory and its garbage collection).
 * The same model gives the same bytes.
 */
export function renderSite(model: SiteModel): SiteFiles {
  const site = siteIndex(model);
  const idOfPath = new Map(model.documents.map((d) => [d.node.path, d.node.document_id]));
  const bodies = new BodyRenderer(
    { idOfPath, ids: new Set(idOfPath.values()), images: model.images.byPath },
    model.documents.map((d) => ({ body: d.body, rel: d.node.path, id: d.node.document_id })),
  );
  const makers = new Map<string, () => string | Uint8Array | Promise<string>>([
    ['assets/site.css', stylesheet],
    ['assets/site.js', () => readFileSync(packagePath('assets/site/site.js'), 'utf8')],
    ['index.html', () => homePage(site)],
    ['graph.html', () => graphPage(site)],
    ['timeline.html', () => timelinePage(site)],
  ]);
  for (const name of model.images.sources.keys()) makers.set(name, () => imageBytes(model.images, name));
  const queue = model.queue;
  if (queue) makers.set('kanban.html', () => kanbanPage(site, queue));
  model.documents.forEach((doc, i) => {
    makers.set(`docs/${pageName(doc.node.document_id)}`, async () => documentPage(site, doc, await bodies.get(i)));
  });
  return { names: [...makers.keys()].sort(), content: (name) => makers.get(name)!(), close: () => bodies.close() };
}
