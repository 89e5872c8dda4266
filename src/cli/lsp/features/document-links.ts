import type { DocumentLink } from 'vscode-languageserver';
import { inRanges, lineOf } from '../../../core/workspace/document-map.js';
import { documentMap, type DocumentMap } from '../../../core/workspace/document-map.js';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { fileUri } from './uri.js';
import { frontmatterKeyAt, ID_IN_TEXT, inFrontmatter, rangeOf } from './text-at.js';

/** At most this many links for one document (a generated one may mention IDs by the hundred thousand). */
const MAX_LINKS = 10_000;

/**
 * Document links: every document ID that names a known document, in the body outside code,
 * HTML and link destinations (as CommonMark reads the body), and as a related_ids or
 * superseded_by value in the frontmatter, links to that document's file (the first in path
 * order when several share the ID). The document's own document_id is no link.
 */
export function documentLinks(ws: Workspace, rel: string, text: string): DocumentLink[] {
  const map = documentMap(rel, text);
  const destinations = destinationRanges(map);
  const out: DocumentLink[] = [];
  // A document names the same few documents again and again.
  const uris = new Map<string, string>();
  ID_IN_TEXT.lastIndex = 0;
  for (let m = ID_IN_TEXT.exec(text); m !== null && out.length < MAX_LINKS; m = ID_IN_TEXT.exec(text)) {
    const at = m.index;
    if (!mentions(map, at, destinations)) continue;
    const target = ws.withId(m[0])[0];
    if (!target) continue;
    const title = target.node?.title;
    let uri = uris.get(target.rel);
    if (uri === undefined) uris.set(target.rel, (uri = fileUri(ws.root, target.rel)));
    out.push({ range: rangeOf(map, at, at + m[0].length), target: uri, tooltip: title ? `${m[0]}: ${title}` : target.rel });
  }
  return out;
}

/** Link destinations as [start, end) pairs, in order. */
function destinationRanges(map: DocumentMap): number[] {
  const out: number[] = [];
  for (const l of map.links) if (out.length === 0 || l.start >= out[out.length - 1]!) out.push(l.start, l.end);
  return out;
}

/** Whether the ID at `at` names a document: a reference in the frontmatter, or a mention in the body's prose. */
function mentions(map: DocumentMap, at: number, destinations: readonly number[]): boolean {
  if (inFrontmatter(map, at)) {
    const key = frontmatterKeyAt(map, lineOf(map.lineStarts, at));
    return key === 'related_ids' || key === 'superseded_by';
  }
  return at >= map.bodyOffset && !inRanges(map.verbatim, at) && !inRanges(destinations, at);
}
