import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { CompletionItem } from 'vscode-languageserver';
import { isInside } from '../../../core/fs/paths.js';
import { resolveLink } from '../../../core/engine/load.js';
import { lineOf, type DocumentMap } from '../../../core/workspace/document-map.js';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { COMPLETION_FILE, COMPLETION_FOLDER, COMPLETION_REFERENCE } from './kinds.js';
import { mapOf } from './targets.js';
import { lineEnd, rangeOf } from './text-at.js';

/** At most this many entries of one directory are offered. */
const MAX_ENTRIES = 500;

/** A destination being typed: after `](` (or `](<`) on the line, up to the cursor. */
const INLINE_DESTINATION = /\]\(<?([^\s()<>]*)$/;
/** A reference definition's destination being typed: `[label]: ` at the line's start. */
const DEFINITION_DESTINATION = /^ {0,3}\[[^\]]+\]:[ \t]*<?([^\s<>]*)$/;

/** Where a typed destination part ends after the cursor: the characters that may continue it. */
function partEnd(map: DocumentMap, offset: number, stop: RegExp): number {
  const end = lineEnd(map, lineOf(map.lineStarts, offset));
  let k = offset;
  while (k < end && !stop.test(map.text[k]!)) k++;
  return k;
}

/** Characters a name needs percent-encoded in a destination. */
const encodeName = (name: string): string =>
  name.replace(/[%\s()<>#?]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Completion in a link destination: after `#` the anchors of the target (this document for
 * `](#`), else the files and directories of the folder typed so far (relative to the
 * document, or to the root after `/`), governed documents with their ID and title.
 */
export function destinationCompletion(
  ws: Workspace,
  rel: string,
  map: DocumentMap,
  offset: number,
  before: string,
): CompletionItem[] | undefined {
  const typed = (INLINE_DESTINATION.exec(before) ?? DEFINITION_DESTINATION.exec(before))?.[1];
  if (typed === undefined) return undefined;
  const typedStart = offset - typed.length;
  const hash = typed.indexOf('#');
  if (hash !== -1) {
    const pathPart = typed.slice(0, hash);
    let target: DocumentMap | undefined = map;
    if (pathPart !== '') {
      const link = resolveLink(rel, { target: pathPart, kind: 'inline', line: 1, column: 1 });
      target = link.scope === 'file' && link.path !== undefined ? mapOf(ws, link.path) : undefined;
    }
    if (!target) return [];
    const range = rangeOf(map, typedStart + hash + 1, partEnd(map, offset, /[\s()<>]/));
    // Headings (the line as written for detail), then explicit HTML anchors, in document order.
    return target.anchors.map((anchor, k) => {
      const heading = target.headings[k];
      return {
        label: anchor,
        kind: COMPLETION_REFERENCE,
        detail: heading ? target.text.slice(target.lineStarts[heading.line], lineEnd(target, heading.line)).trim() : 'HTML anchor',
        sortText: String(k).padStart(6, '0'),
        textEdit: { range, newText: anchor },
      };
    });
  }
  const slash = typed.lastIndexOf('/');
  const dirPart = decode(typed.slice(0, slash + 1));
  const base = dirPart.startsWith('/') ? '' : path.posix.dirname(rel);
  const dir = path.posix.normalize(path.posix.join(base === '.' ? '' : base, dirPart.startsWith('/') ? dirPart.slice(1) : dirPart) || '.');
  if (dir === '..' || dir.startsWith('../')) return [];
  const range = rangeOf(map, typedStart + slash + 1, partEnd(map, offset, /[\s()<>#]/));
  return entries(ws.root, dir).map(({ name, directory }) => {
    const target = dir === '.' ? name : `${dir.replace(/\/$/, '')}/${name}`;
    const node = directory ? undefined : ws.document(target)?.node;
    const label = directory ? `${name}/` : name;
    return {
      label,
      kind: directory ? COMPLETION_FOLDER : COMPLETION_FILE,
      ...(node ? { detail: node.title ? `${node.document_id}: ${node.title}` : node.document_id } : {}),
      // Directories first, then files, each by name.
      sortText: `${directory ? 0 : 1}${name}`,
      textEdit: { range, newText: directory ? `${encodeName(name)}/` : encodeName(name) },
    };
  });
}

/** The entries of a repository directory, sorted by name (none outside the root, no `.git`). */
function entries(root: string, dir: string): { name: string; directory: boolean }[] {
  const abs = path.join(root, ...dir.split('/').filter((s) => s !== '.' && s !== ''));
  try {
    if (!isInside(root, realpathSync(abs))) return [];
    return readdirSync(abs, { withFileTypes: true })
      .filter((e) => e.name !== '.git')
      .map((e) => ({ name: e.name, directory: e.isDirectory() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, MAX_ENTRIES);
  } catch {
    return [];
  }
}
