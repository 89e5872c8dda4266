import type { Hover, Position } from 'vscode-languageserver';
import { anchorLine, documentMap, type DocumentMap, type MappedLink } from '../../../core/workspace/document-map.js';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { describeDocument, describeId, plain } from './describe.js';
import { anchorIn, fileKind, isMarkdown, linkAt } from './targets.js';
import { offsetAt, rangeOf, referencedIdAt } from './text-at.js';

/**
 * Hover on a document ID (the frontmatter's document_id, related_ids and superseded_by
 * values, and IDs in the body outside code) or on a relative link's destination: the target's
 * title, type, status, owner and path, in Markdown.
 */
export function hover(ws: Workspace, rel: string, text: string, position: Position): Hover | null {
  const map = documentMap(rel, text);
  const offset = offsetAt(map, position);
  const link = linkAt(map, offset);
  if (link) {
    const value = describeLink(ws, map, link);
    return value === undefined ? null : markdown(value, map, link.start, link.end);
  }
  const found = referencedIdAt(map, offset);
  return found ? markdown(describeId(found.id, ws.withId(found.id)), map, found.start, found.end) : null;
}

function markdown(value: string, map: DocumentMap, start: number, end: number): Hover {
  return { contents: { kind: 'markdown', value }, range: rangeOf(map, start, end) };
}

/** What a link leads to, for hover; undefined for a link elsewhere on the web (or an empty one). */
function describeLink(ws: Workspace, map: DocumentMap, { link }: MappedLink): string | undefined {
  if (link.scope === 'outside') return 'This link leaves the repository.';
  if (link.scope === 'self') {
    return anchorText(link.fragment!, anchorLine(map, link.fragment!), 'this document');
  }
  if (link.scope !== 'file' || link.path === undefined) return undefined;
  const target = link.path;
  const kind = fileKind(ws.root, target);
  if (kind === 'missing') return `${plain(target)} does not exist.`;
  if (kind === 'outside') return `${plain(target)} leads outside the repository through a symbolic link.`;
  const doc = ws.document(target);
  const head = doc ? describeDocument(doc) : `${kind === 'directory' ? 'Directory' : 'File'}: ${plain(target)}`;
  // Only a Markdown file's anchors are known (and checked).
  if (link.fragment === undefined || kind !== 'file' || !isMarkdown(target)) return head;
  return `${head}\n\n${anchorText(link.fragment, anchorIn(ws, target, link.fragment), plain(target))}`;
}

function anchorText(fragment: string, line: number | undefined, where: string): string {
  return line === undefined
    ? `No heading in ${where} has the anchor #${plain(fragment)}.`
    : `Anchor #${plain(fragment)}, line ${line + 1}.`;
}
