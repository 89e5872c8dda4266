import type { CompletionItem, Position, Range } from 'vscode-languageserver';
import { documentMap, lineOf, type DocumentMap } from '../../../core/workspace/document-map.js';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { destinationCompletion } from './completion-links.js';
import { COMPLETION_ENUM_MEMBER, COMPLETION_PROPERTY, COMPLETION_REFERENCE } from './kinds.js';
import { schemaFields, type FieldSchema } from './schema-fields.js';
import { frontmatterKeyAt, frontmatterKeys, inFrontmatter, lineEnd, offsetAt, rangeOf } from './text-at.js';

/** A key being typed at the start of a frontmatter line. */
const KEY_TYPED = /^[A-Za-z0-9_-]*$/;
/** A key's own line, up to the cursor: the key and the value typed so far. */
const KEY_VALUE = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:[ \t]*(.*)$/;
/** A block list item, up to the cursor. */
const LIST_ITEM = /^[ \t]*-[ \t]+(.*)$/;
/** Keys whose values are document IDs: related_ids a list, superseded_by one. */
const ID_LIST_KEY = 'related_ids';
const ID_KEY = 'superseded_by';

/**
 * Completion: in the frontmatter, keys the schema has that are not there yet (at a line's
 * start), document IDs for related_ids (block or flow list) and superseded_by, the schema's
 * allowed values (`enum`, `const`) for other keys, with status and type falling back to the
 * namespace's statuses and types; in the body, paths and anchors inside a link destination.
 */
export function completion(ws: Workspace, rel: string, text: string, position: Position): CompletionItem[] {
  const map = documentMap(rel, text);
  const offset = offsetAt(map, position);
  const line = lineOf(map.lineStarts, offset);
  const before = text.slice(map.lineStarts[line], offset);
  if (inFrontmatter(map, offset)) return frontmatterCompletion(ws, rel, map, offset, line, before);
  if (offset < map.bodyOffset) return [];
  return destinationCompletion(ws, rel, map, offset, before) ?? [];
}

function frontmatterCompletion(
  ws: Workspace,
  rel: string,
  map: DocumentMap,
  offset: number,
  line: number,
  before: string,
): CompletionItem[] {
  if (/^[ \t]*#/.test(before)) return []; // a YAML comment
  const fields = fieldsOf(ws, rel);
  if (KEY_TYPED.test(before)) {
    const end = valueEnd(map, offset, /[^A-Za-z0-9_-]/);
    // A key written already (the cursor in it) keeps its colon and value.
    const colon = /^[ \t]*:/.test(map.text.slice(end, lineEnd(map, line)));
    return keyItems(fields, frontmatterKeys(map), rangeOf(map, offset - before.length, end), colon ? '' : ': ');
  }
  const own = KEY_VALUE.exec(before);
  let key: string | undefined;
  let typed: string;
  let list: boolean;
  if (own) {
    key = own[1]!;
    const value = own[2]!;
    list = value.startsWith('[');
    typed = list ? afterLast(value, /[[,]/) : value;
  } else {
    key = frontmatterKeyAt(map, line);
    const item = LIST_ITEM.exec(before);
    list = true;
    // A list item, or a line of a flow list going on from the key's line.
    typed = item ? item[1]! : afterLast(before, /[[,]/);
  }
  if (key === undefined) return [];
  const quote = /^[ \t]*(["']?)/.exec(typed)![1]!;
  const start = offset - typed.length + /^[ \t]*["']?/.exec(typed)![0].length;
  const range = rangeOf(map, start, valueEnd(map, offset, list ? /[,\]"'#]/ : /["'#]/));
  if (key === ID_LIST_KEY || key === ID_KEY) return idItems(ws, rel, range);
  const field = fields.get(key);
  let values = (list ? field?.itemValues : field?.values) ?? [];
  if (values.length === 0 && !list) values = fallbackValues(ws, rel, key);
  return values.map((value, k) => ({
    label: value,
    kind: COMPLETION_ENUM_MEMBER,
    sortText: String(k).padStart(6, '0'),
    textEdit: { range, newText: quote !== '' || plainScalar(value) ? value : JSON.stringify(value) },
  }));
}

/** The text typed after the last match of `sep` (all of it without one). */
function afterLast(text: string, sep: RegExp): string {
  let k = text.length;
  while (k > 0 && !sep.test(text[k - 1]!)) k--;
  return text.slice(k);
}

/** Where the value under the cursor ends: the first `stop` character on the line, trailing blanks left out. */
function valueEnd(map: DocumentMap, offset: number, stop: RegExp): number {
  const end = lineEnd(map, lineOf(map.lineStarts, offset));
  let k = offset;
  while (k < end && !stop.test(map.text[k]!)) k++;
  while (k > offset && /[ \t]/.test(map.text[k - 1]!)) k--;
  return k;
}

/** Whether YAML reads a value written plain as that same string (else it is written in double quotes). */
function plainScalar(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9 _./-]*$/.test(value) && !/ $/.test(value) && !/^(?:y|n|yes|no|true|false|on|off|null)$/i.test(value);
}

function fieldsOf(ws: Workspace, rel: string): Map<string, FieldSchema> {
  const schema = ws.schemaOf(rel)?.schema;
  return schema ? schemaFields(schema) : new Map<string, FieldSchema>();
}

/** The schema's keys a frontmatter does not have yet: required ones first, then by name. */
function keyItems(fields: Map<string, FieldSchema>, present: ReadonlySet<string>, range: Range, after: string): CompletionItem[] {
  return [...fields]
    .filter(([name]) => !present.has(name))
    .sort(([a, x], [b, y]) => Number(y.required) - Number(x.required) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, field], k) => ({
      label: name,
      kind: COMPLETION_PROPERTY,
      ...(field.required ? { detail: 'required' } : {}),
      ...(field.description ? { documentation: field.description } : {}),
      sortText: String(k).padStart(6, '0'),
      textEdit: { range, newText: `${name}${after}` },
    }));
}

/** Every document ID (one item per ID, the first document's title as detail), except the document's own. */
function idItems(ws: Workspace, rel: string, range: Range): CompletionItem[] {
  const own = ws.document(rel)?.node?.document_id;
  const seen = new Map<string, CompletionItem>();
  for (const doc of ws.documents()) {
    const node = doc.node;
    if (!node || node.document_id === own || seen.has(node.document_id)) continue;
    seen.set(node.document_id, {
      label: node.document_id,
      kind: COMPLETION_REFERENCE,
      ...(node.title ? { detail: node.title } : {}),
      // Clients filter on this: the ID, or words of the title.
      filterText: node.title ? `${node.document_id} ${node.title}` : node.document_id,
      sortText: node.document_id,
      textEdit: { range, newText: node.document_id },
    });
  }
  return [...seen.values()].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** Values for status and type when the schema lists none: the namespace's document statuses and types. */
function fallbackValues(ws: Workspace, rel: string, key: string): string[] {
  const namespace = ws.document(rel)?.namespace;
  const ns = ws.repoConfig.namespaces.find((n) => n.name === namespace) ?? ws.repoConfig.namespaces[0];
  if (!ns) return [];
  if (key === 'status') return [...ns.valid_doc_statuses];
  if (key === 'type') return Object.keys(ns.document_types).sort();
  return [];
}
