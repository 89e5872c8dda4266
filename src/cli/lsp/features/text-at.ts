import type { Position, Range } from 'vscode-languageserver';
import { inRanges, lineOf, type DocumentMap } from '../../../core/workspace/document-map.js';
import { ID_PATTERN } from '../../../core/ids/document-id.js';

/** Characters that continue an ID (as migrate-ids bounds a mention): an ID is a whole run of them. */
const ID_CHAR = /[A-Za-z0-9_-]/;
/** The IDs of a text: PREFIX-TYPE-NNN touching no ID character on either side. */
export const ID_IN_TEXT = /(?<![A-Za-z0-9_-])[A-Z]{3,10}-[A-Z]{3,10}-\d{3}(?![A-Za-z0-9_-])/g;

/** The frontmatter keys whose values are document IDs. */
const ID_KEYS: ReadonlySet<string> = new Set(['document_id', 'related_ids', 'superseded_by']);

/** The end of a 0-based line's text (before its line ending). */
export function lineEnd(map: DocumentMap, line: number): number {
  const next = map.lineStarts[line + 1];
  let end = next === undefined ? map.text.length : next - 1;
  if (end > map.lineStarts[line]! && map.text.charCodeAt(end - 1) === 0x0d) end--;
  return end;
}

/** The offset of an LSP position (0-based line, UTF-16 character), kept inside its line. */
export function offsetAt(map: DocumentMap, position: Position): number {
  const line = Math.min(Math.max(0, position.line), map.lineStarts.length - 1);
  return Math.min(map.lineStarts[line]! + Math.max(0, position.character), lineEnd(map, line));
}

function positionAt(map: DocumentMap, offset: number): Position {
  const line = lineOf(map.lineStarts, offset);
  return { line, character: offset - map.lineStarts[line]! };
}

export function rangeOf(map: DocumentMap, start: number, end: number): Range {
  return { start: positionAt(map, start), end: positionAt(map, end) };
}

/** The document ID written at an offset (the cursor on it or right after it): its text and [start, end). */
function idAt(text: string, offset: number): { id: string; start: number; end: number } | undefined {
  let start = offset;
  let end = offset;
  // A run of ID characters is bounded: an ID is at most 25 of them, a longer run is none.
  while (start > 0 && offset - start <= 25 && ID_CHAR.test(text[start - 1]!)) start--;
  while (end < text.length && end - offset <= 25 && ID_CHAR.test(text[end]!)) end++;
  const id = text.slice(start, end);
  return ID_PATTERN.test(id) ? { id, start, end } : undefined;
}

/** Whether an offset is in the YAML of the frontmatter. */
export function inFrontmatter(map: DocumentMap, offset: number): boolean {
  return map.frontmatter !== undefined && offset >= map.frontmatter.start && offset < map.frontmatter.end;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:/;

/** Per map, the top-level key of each frontmatter line (from its first line on), read once. */
const lineKeys = new WeakMap<DocumentMap, { keys: (string | undefined)[]; present: Set<string> }>();

function keysOf(map: DocumentMap): { keys: (string | undefined)[]; present: Set<string> } {
  let known = lineKeys.get(map);
  if (known) return known;
  known = { keys: [], present: new Set() };
  const fm = map.frontmatter;
  let key: string | undefined;
  for (let l = fm?.firstLine ?? map.lineStarts.length; l < map.lineStarts.length && map.lineStarts[l]! < fm!.end; l++) {
    const text = map.text.slice(map.lineStarts[l], lineEnd(map, l));
    const own = KEY_LINE.exec(text);
    if (own) known.present.add((key = own[1]!));
    // A line that is no continuation (indented, a list item, a comment, blank) ends the key's value.
    else if (text !== '' && !/^[ \t]|^-(?:[ \t]|$)|^#/.test(text)) key = undefined;
    known.keys.push(key);
  }
  lineKeys.set(map, known);
  return known;
}

/**
 * The top-level frontmatter key a 0-based line belongs to: its own (`key: value`), or for an
 * indented line or a list item (`- value`) the last key above it. Read line by line, so it
 * answers for YAML being typed (a flow list not yet closed).
 */
export function frontmatterKeyAt(map: DocumentMap, line: number): string | undefined {
  return map.frontmatter && keysOf(map).keys[line - map.frontmatter.firstLine];
}

/** The top-level keys the frontmatter has. */
export function frontmatterKeys(map: DocumentMap): ReadonlySet<string> {
  return keysOf(map).present;
}

/**
 * The document ID at an offset that names a document: in the frontmatter as a value of
 * document_id, related_ids or superseded_by; in the body outside code and HTML.
 */
export function referencedIdAt(map: DocumentMap, offset: number): { id: string; start: number; end: number } | undefined {
  const found = idAt(map.text, offset);
  if (!found) return undefined;
  if (inFrontmatter(map, found.start)) {
    const key = frontmatterKeyAt(map, lineOf(map.lineStarts, found.start));
    return key !== undefined && ID_KEYS.has(key) ? found : undefined;
  }
  if (found.start < map.bodyOffset || inRanges(map.verbatim, found.start)) return undefined;
  return found;
}
