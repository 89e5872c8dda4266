import { createHash } from 'node:crypto';
import { nodeState, paletteIndex } from '../graph/look.js';
import type { IndexNode } from '../../../contract/data/document-index.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value, always written in double quotes) with every character HTML gives a meaning escaped. */
export const esc = (text: string | number | null | undefined): string => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * JSON for a `<script type="application/json">` block: `<` written as \u003c, so no text in it
 * can close the element; the block is data (never executed), read back with JSON.parse.
 */
export const jsonBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** IDs as docket makes them are their own page names; anything else (the Python DocOps CLI's artifact) gets a hashed one. */
export function pageName(id: string): string {
  return /^[A-Z0-9][A-Z0-9-]{0,60}$/.test(id) ? `${id}.html` : `doc-${createHash('sha256').update(id).digest('hex').slice(0, 16)}.html`;
}

/** The page of a document, from a page `depth` directories below the site's top. */
export const docHref = (id: string, depth: number) => `${'../'.repeat(depth)}docs/${pageName(id)}`;

/** A document's look: its state (current, draft, superseded) and its type's colour class. */
export function look(node: Pick<IndexNode, 'type' | 'status' | 'superseded_by'> & { document_id?: string }): {
  state: string;
  colour: number;
} {
  return { state: nodeState({ document_id: '', path: '', namespace: '', title: null, ...node }), colour: paletteIndex(node.type) };
}

export const statusBadge = (node: Pick<IndexNode, 'type' | 'status' | 'superseded_by'>) =>
  node.status ? `<span class="badge ${look(node).state}">${esc(node.status)}</span>` : '<span class="badge">no status</span>';

/** A link to a document's page, its ID shown, its title as the tooltip. */
export const idLink = (node: Pick<IndexNode, 'document_id' | 'title'>, depth: number) =>
  `<a class="id" href="${esc(docHref(node.document_id, depth))}" title="${esc(node.title ?? '')}">${esc(node.document_id)}</a>`;

export type Section = 'home' | 'graph' | 'timeline' | 'board' | 'document';

export interface PageFrame {
  title: string;
  projectName: string;
  /** Directories below the site's top (document pages: 1). */
  depth: number;
  section: Section;
  hasBoard: boolean;
  builtAt?: string;
}

/**
 * Every page's frame. The Content-Security-Policy allows scripts and styles only from the
 * site's own files: nothing inline runs, nothing is fetched from elsewhere, so even markup
 * that escaped the escaping could not run a script or load a tracker.
 */
export function page(frame: PageFrame, main: string): string {
  const up = '../'.repeat(frame.depth);
  const nav: [Section, string, string][] = [
    ['home', 'index.html', 'Documents'],
    ['graph', 'graph.html', 'Graph'],
    ['timeline', 'timeline.html', 'ADR timeline'],
    ...(frame.hasBoard ? [['board', 'kanban.html', 'Board'] as [Section, string, string]] : []),
  ];
  const links = nav
    .map(([section, href, label]) => `<a href="${up}${href}"${section === frame.section ? ' class="here"' : ''}>${label}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="docket site">
<title>${esc(frame.title)} · ${esc(frame.projectName)}</title>
<link rel="stylesheet" href="${up}assets/site.css">
</head>
<body>
<header class="top"><a class="brand" href="${up}index.html">${esc(frame.projectName)}</a><nav>${links}</nav></header>
<main>
${main}
</main>
<footer>Built by docket from the governed documents${frame.builtAt ? ` on ${esc(frame.builtAt)}` : ''}.</footer>
<script src="${up}assets/site.js"></script>
</body>
</html>
`;
}
