import { parentPort, workerData } from 'node:worker_threads';
import { markdownRenderer } from './markdown.js';

/**
 * A worker thread of the site's Markdown rendering (see bodies.ts): it renders the batches of
 * bodies it is sent, each into HTML, with the same renderer as the main thread.
 */
const { idOfPath, images } = workerData as { idOfPath: [string, string][]; images: [string, string][] };
const paths = new Map(idOfPath);
const render = markdownRenderer({ idOfPath: paths, ids: new Set(paths.values()), images: new Map(images) });
parentPort!.on('message', (batch: { start: number; items: [string, string, string][] }) => {
  parentPort!.postMessage({ start: batch.start, html: batch.items.map(([body, rel, id]) => render(body, rel, id)) });
});
