import type { Location, Position } from 'vscode-languageserver';
import { anchorLine, documentMap } from '../../../core/workspace/document-map.js';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { anchorIn, fileKind, idLocation, linkAt, locationAt } from './targets.js';
import { offsetAt, referencedIdAt } from './text-at.js';

/**
 * Go to definition: from a document ID to the documents with it (the line of their
 * document_id), from a relative link to its file, and with `#anchor` to the heading whose
 * anchor it is (letter case ignored, as the link check ignores it). Nothing for a link to a
 * directory, a missing file or the web.
 */
export function definition(ws: Workspace, rel: string, text: string, position: Position): Location[] {
  const map = documentMap(rel, text);
  const offset = offsetAt(map, position);
  const found = linkAt(map, offset);
  if (found) {
    const { link } = found;
    if (link.scope === 'self') {
      const line = anchorLine(map, link.fragment!);
      return line === undefined ? [] : [locationAt(ws, rel, line)];
    }
    if (link.scope !== 'file' || link.path === undefined || fileKind(ws.root, link.path) !== 'file') return [];
    const line = link.fragment === undefined ? undefined : anchorIn(ws, link.path, link.fragment);
    return [locationAt(ws, link.path, line ?? 0)];
  }
  const id = referencedIdAt(map, offset);
  return id ? ws.withId(id.id).map((doc) => idLocation(ws, doc)) : [];
}
