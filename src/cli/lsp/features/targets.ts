import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Location } from 'vscode-languageserver';
import { isInside } from '../../../core/fs/paths.js';
import { splitFrontmatter } from '../../../core/frontmatter/split.js';
import { anchorLine, documentMap, type MappedLink } from '../../../core/workspace/document-map.js';
import type { DocumentMap } from '../../../core/workspace/document-map.js';
import type { Workspace, WorkspaceDocument } from '../../../core/workspace/workspace.js';
import { fileUri } from './uri.js';

/** Whether a path names a Markdown file (the only files whose anchors links are checked against). */
export const isMarkdown = (rel: string): boolean => /\.(md|markdown)$/i.test(rel);

/** The link whose destination holds an offset (the cursor on it or right after it). */
export function linkAt(map: DocumentMap, offset: number): MappedLink | undefined {
  let lo = 0;
  let hi = map.links.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (map.links[mid]!.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  const link = map.links[lo - 1];
  return link && offset <= link.end ? link : undefined;
}

/** What a repository path is on disk (never read through a link that leaves the repository). */
export function fileKind(root: string, rel: string): 'file' | 'directory' | 'missing' | 'outside' {
  const abs = path.join(root, ...rel.split('/'));
  try {
    if (!isInside(root, realpathSync(abs))) return 'outside';
    return statSync(abs).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

/** The map of a Markdown file of the repository, as the editor has it (undefined: not Markdown, or unreadable). */
export function mapOf(ws: Workspace, rel: string): DocumentMap | undefined {
  if (!isMarkdown(rel)) return undefined;
  const text = ws.text(rel);
  return text === undefined ? undefined : documentMap(rel, text);
}

/** The 0-based line of the anchor `fragment` in a Markdown file (undefined: none, or the file is no Markdown). */
export function anchorIn(ws: Workspace, rel: string, fragment: string): number | undefined {
  const map = mapOf(ws, rel);
  return map && anchorLine(map, fragment);
}

/** The 0-based line of a document's `document_id` key (0 when its frontmatter has none). */
function idLine(text: string): number {
  const split = splitFrontmatter(text.replace(/^\uFEFF/, ''));
  if (split.kind !== 'ok') return 0;
  const key = /^document_id[ \t]*:/m.exec(split.yaml);
  if (!key) return 0;
  let line = split.firstLine - 1;
  for (let i = split.yaml.indexOf('\n'); i !== -1 && i < key.index; i = split.yaml.indexOf('\n', i + 1)) line++;
  return line;
}

export function locationAt(ws: Workspace, rel: string, line: number): Location {
  const start = { line, character: 0 };
  return { uri: fileUri(ws.root, rel), range: { start, end: start } };
}

/** Where a document's ID is written: its document_id line (the file's top when unreadable). */
export function idLocation(ws: Workspace, doc: WorkspaceDocument): Location {
  const text = ws.text(doc.rel);
  return locationAt(ws, doc.rel, text === undefined ? 0 : idLine(text));
}
