import path from 'node:path';
import { normalizeTypeKey } from '../config/defaults.js';
import { normalizeMetadata } from './documents/normalize.js';
import type { DocumentRecord } from './documents/read.js';
import type { GovernedFile } from './documents/walk.js';
import { listOf } from '../lists.js';
import { outlineMarkdown, type MarkdownLink } from '../markdown/outline.js';
import { metadataBlockRows } from '../markdown/metadata-block.js';
import type { DocFacts } from '../index/facts.js';
import type { CompiledSchema } from '../schema/compile.js';
import { NONE, type DocumentLink, type InspectedDocument } from './model.js';

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

function decode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Whether a relative path has no empty, `.` or `..` segment, the only ones normalising changes
 * (most links joined to their document's directory). A `./` that ends another segment (`a./b`)
 * says no: the caller takes the long way.
 */
function isNormal(p: string): boolean {
  return (
    !p.includes('//') &&
    !p.endsWith('/') &&
    !p.startsWith('/') &&
    !p.includes('./') &&
    !p.endsWith('/.') &&
    !p.endsWith('/..') &&
    p !== '.' &&
    p !== '..'
  );
}

/**
 * `path.posix.normalize(p).replace(/\/+$/, '') || '.'` for a relative path: '.' segments and
 * empty ones dropped, '..' resolved (kept at the start). Without the general normalizer's work.
 */
export function normalizeRelative(p: string): string {
  if (isNormal(p)) return p || '.';
  // (The common `dir/../x` shape never gets here: resolveLink's joinNormal climbs the directory itself.)
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(seg);
  }
  return out.join('/') || '.';
}

/**
 * `s.replace(/\?.*$/, '')` in linear time: the first `?` after the last line terminator (`.`
 * does not cross one) starts what is removed. `first` is the first `?`.
 */
function withoutQuery(s: string, first: number): string {
  let last = -1;
  for (let i = s.length - 1; i >= first; i--) {
    const c = s.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) {
      last = i;
      break;
    }
  }
  const q = last === -1 ? first : s.indexOf('?', last + 1);
  return q === -1 ? s : s.slice(0, q);
}

/**
 * A link with its resolution, made by a constructor rather than a literal (see OutlineLink in
 * markdown/simple-outline.ts: V8 may make a literal's objects in old space for the rest of a run).
 * Path and fragment are always fields (undefined when there are none): links with and without
 * them had four shapes, and every function reading them was optimised again for each.
 */
class ResolvedLink implements DocumentLink {
  declare target: string;
  declare kind: DocumentLink['kind'];
  declare line: number;
  declare column: number;
  declare scope: DocumentLink['scope'];
  declare path?: string;
  declare fragment?: string;
  constructor(link: MarkdownLink, scope: DocumentLink['scope'], path: string | undefined, fragment: string | undefined) {
    this.target = link.target;
    this.kind = link.kind;
    this.line = link.line;
    this.column = link.column;
    this.scope = scope;
    this.path = path;
    this.fragment = fragment;
  }
}

/** The link with its resolution; path and fragment only where the scope has them. */
function resolved(link: MarkdownLink, scope: DocumentLink['scope'], path?: string, fragment?: string): DocumentLink {
  return new ResolvedLink(link, scope, path, fragment);
}

/** Whether a directory is '.' or a relative path that normalising leaves as it is. */
function isNormalDir(dir: string): boolean {
  return dir === '.' || (dir !== '' && isNormal(dir));
}

/**
 * `normalizeRelative(dir === '.' ? rel : `${dir}/${rel}`)` for a directory that is normal
 * (`dirNormal`, asked once per document), without joining first: a link is usually a plain
 * path after some `../`, and the directory need not be searched again for each of its links.
 * Undefined when the long way must decide (a `.`, empty or inner `..` segment in `rel`).
 */
function joinNormal(dir: string, dirNormal: boolean, rel: string): string | undefined {
  if (!dirNormal) return undefined;
  let up = 0;
  while (rel.startsWith('../', up * 3)) up++;
  const rest = up === 0 ? rel : rel.slice(up * 3);
  if (rest === '' || !isNormal(rest)) return undefined;
  if (up === 0) return dir === '.' ? rest : `${dir}/${rest}`;
  // Climb `up` directories: what remains of `dir`, or a path starting with ../ when the link leaves the root.
  let cut = dir === '.' ? -1 : dir.length;
  for (let i = 0; i < up; i++) {
    if (cut <= 0) return `${'../'.repeat(up - i)}${rest}`;
    cut = dir.lastIndexOf('/', cut - 1);
  }
  return cut > 0 ? `${dir.slice(0, cut)}/${rest}` : rest;
}

/** Resolves a link destination against the document's path, without touching the disk. */
export function resolveLink(
  fromRel: string,
  link: MarkdownLink,
  dir = path.posix.dirname(fromRel),
  dirNormal = isNormalDir(dir),
): DocumentLink {
  const target = link.target.trim();
  if (target === '') return resolved(link, 'empty');
  // A scheme starts with a letter: most relative targets (`../x.md`, `#a`) need no regular expression.
  const c0 = target.charCodeAt(0) | 0x20;
  if ((c0 >= 0x61 && c0 <= 0x7a && SCHEME.test(target)) || target.startsWith('//')) return resolved(link, 'external');
  const hash = target.indexOf('#');
  const fragment = hash === -1 ? undefined : decode(target.slice(hash + 1));
  const withQuery = hash === -1 ? target : target.slice(0, hash);
  const query = withQuery.indexOf('?');
  const pathPart = query === -1 ? withQuery : withoutQuery(withQuery, query);
  if (pathPart === '') return fragment ? resolved(link, 'self', undefined, fragment) : resolved(link, 'empty');
  const decoded = decode(pathPart);
  const fast = decoded.startsWith('/') ? undefined : joinNormal(dir, dirNormal, decoded);
  const joined = fast ?? (decoded.startsWith('/') ? decoded.slice(1) || '.' : dir === '.' ? decoded : `${dir}/${decoded}`);
  const normal = fast ?? (joined.startsWith('/') ? path.posix.normalize(joined).replace(/\/+$/, '') || '.' : normalizeRelative(joined));
  if (normal === '..' || normal.startsWith('../')) return resolved(link, 'outside', undefined, fragment);
  return resolved(link, 'file', normal === '' ? '.' : normal, fragment);
}

/** resolveLink for every link of a document; links to the same target are resolved once. */
export function resolveLinks(fromRel: string, links: readonly MarkdownLink[]): DocumentLink[] {
  if (links.length === 0) return [];
  const dir = path.posix.dirname(fromRel);
  const dirNormal = isNormalDir(dir);
  // listOf with its first element, not a literal (see core/lists.ts).
  let out: DocumentLink[] | undefined;
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    // An earlier link to the same target, searched in place: documents have a few links, and a Map per document cost more.
    let known: DocumentLink | undefined;
    for (let j = Math.max(0, i - SEARCH_BACK); j < i; j++) {
      if (links[j]!.target === link.target) {
        known = out![j];
        break;
      }
    }
    const one = known ? resolved(link, known.scope, known.path, known.fragment) : resolveLink(fromRel, link, dir, dirNormal);
    if (out === undefined) out = listOf(one);
    else out.push(one);
  }
  return out!;
}

/** How many earlier links resolveLinks compares a target with (so a document of many links stays linear). */
const SEARCH_BACK = 16;

function stringField(data: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = data?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Builds the document model from a record: normalised metadata, links, anchors. */
/** `anchors: false` (index): the model's anchors stay empty; its links and first heading are complete. */
export function describeDocument(
  record: DocumentRecord,
  schema: CompiledSchema | undefined,
  retainText: boolean,
  anchors = true,
): InspectedDocument {
  // The shared empty list until a field gets its own (none is ever pushed to).
  const doc: InspectedDocument = {
    rel: record.rel,
    namespace: record.namespace,
    record,
    normalized: NONE,
    links: NONE,
    anchors: NONE,
    readable: record.text !== undefined,
    findings: NONE,
    checked: false,
  };
  const fm = record.frontmatter;
  if (fm && fm.hasKeys()) {
    const { metadata, normalized } = normalizeMetadata(fm, schema?.schema);
    doc.metadata = metadata;
    doc.normalized = normalized;
    doc.document_id = stringField(metadata, 'document_id');
    const type = stringField(metadata, 'type');
    if (type) doc.type = normalizeTypeKey(type);
    doc.title = stringField(metadata, 'title');
    const idLine = fm.line('document_id');
    if (idLine !== undefined) doc.idLine = idLine;
  }
  if (record.text !== undefined) {
    const split = record.split;
    const bodyOffset = split?.kind === 'ok' ? split.bodyOffset : 0;
    const firstLine = split?.kind === 'ok' ? split.closingLine + 1 : 1;
    const outline = outlineMarkdown(bodyOffset === 0 ? record.text : record.text.slice(bodyOffset), firstLine, anchors);
    doc.links = resolveLinks(record.rel, outline.links);
    doc.anchors = outline.anchors;
    if (outline.firstHeading) doc.heading = outline.firstHeading;
    if (doc.metadata) {
      const block = metadataBlockRows(record.text, bodyOffset, firstLine);
      if (block) doc.metadataBlock = block;
    }
    // Not `delete`: V8 turns an object that loses a property into a dictionary, slower to read than an object of a fixed shape.
    if (!retainText) record.text = undefined;
  }
  return doc;
}

/**
 * A cache of document descriptions (the index's): asked before a file is read (by size and
 * mtime: unchanged files are never opened), and again by content digest when the stat
 * changed; told about every document it did not know.
 */
export interface DocumentReuse {
  byStat(file: GovernedFile): InspectedDocument | undefined;
  knows(file: GovernedFile, digest: string): boolean;
  /** The digest `knows` would accept for this path, if any (compared with the bytes' digest before they are decoded). */
  expected?(file: GovernedFile): string | undefined;
  /** The cached description of content `knows` accepted, with the file's new size and mtime. */
  byDigest(file: GovernedFile, record: DocumentRecord): InspectedDocument;
  /** A document the cache did not know; `facts` when they were computed before the model was compacted. */
  described(doc: InspectedDocument, facts?: DocFacts): void;
}
