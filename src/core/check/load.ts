import path from 'node:path';
import { normalizeTypeKey } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { normalizeMetadata } from '../documents/normalize.js';
import { readDocument, type DocumentRecord } from '../documents/read.js';
import type { GovernedFile } from '../documents/walk.js';
import { outlineMarkdown, type MarkdownLink } from '../markdown/outline.js';
import type { CompiledSchema } from '../schema/compile.js';
import { DocketError } from '../../errors/docket-error.js';
import type { DocumentLink, InspectedDocument } from './model.js';

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const CONCURRENCY = 16;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Resolves a link destination against the document's path, without touching the disk. */
export function resolveLink(fromRel: string, link: MarkdownLink): DocumentLink {
  const target = link.target.trim();
  if (target === '') return { ...link, scope: 'empty' };
  if (SCHEME.test(target) || target.startsWith('//')) return { ...link, scope: 'external' };
  const hash = target.indexOf('#');
  const fragment = hash === -1 ? undefined : decode(target.slice(hash + 1));
  const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  if (pathPart === '') return fragment ? { ...link, scope: 'self', fragment } : { ...link, scope: 'empty' };
  const decoded = decode(pathPart);
  const joined = decoded.startsWith('/') ? decoded.slice(1) || '.' : path.posix.join(path.posix.dirname(fromRel), decoded);
  const normal = path.posix.normalize(joined).replace(/\/+$/, '') || '.';
  if (normal === '..' || normal.startsWith('../')) return { ...link, scope: 'outside', ...(fragment !== undefined ? { fragment } : {}) };
  return { ...link, scope: 'file', path: normal === '' ? '.' : normal, ...(fragment !== undefined ? { fragment } : {}) };
}

function stringField(data: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = data?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Builds the document model from a record: normalised metadata, links, anchors. */
export function describeDocument(record: DocumentRecord, schema: CompiledSchema | undefined, retainText: boolean): InspectedDocument {
  const doc: InspectedDocument = { rel: record.rel, namespace: record.namespace, record, normalized: [], links: [], anchors: [], findings: [], checked: false };
  const fm = record.frontmatter;
  if (fm && fm.keys().length > 0) {
    const { metadata, normalized } = normalizeMetadata(fm, schema?.schema);
    doc.metadata = metadata;
    doc.normalized = normalized;
    doc.document_id = stringField(metadata, 'document_id');
    const type = stringField(metadata, 'type');
    if (type) doc.type = normalizeTypeKey(type);
    doc.title = stringField(metadata, 'title');
  }
  if (record.text !== undefined) {
    const split = record.split;
    const bodyOffset = split?.kind === 'ok' ? split.bodyOffset : 0;
    const firstLine = split?.kind === 'ok' ? split.closingLine + 1 : 1;
    const outline = outlineMarkdown(record.text.slice(bodyOffset), firstLine);
    doc.links = outline.links.map((l) => resolveLink(record.rel, l));
    doc.anchors = outline.anchors;
    if (outline.firstHeading) doc.heading = outline.firstHeading;
    if (!retainText) delete record.text;
  }
  return doc;
}

/**
 * A cache of document descriptions (the index's): asked before a file is read (by size and
 * mtime: unchanged files are never opened), and again by content digest when the stat
 * changed; told about every document it did not know.
 */
export interface DocumentReuse {
  byStat(file: GovernedFile): Promise<InspectedDocument | undefined>;
  knows(file: GovernedFile, digest: string): boolean;
  /** The cached description of content `knows` accepted, with the file's new size and mtime. */
  byDigest(file: GovernedFile, record: DocumentRecord): InspectedDocument;
  described(doc: InspectedDocument): void;
}

export interface LoadOptions {
  signal?: AbortSignal;
  retainText?: boolean;
  reuse?: DocumentReuse;
  /** Called every PROGRESS_EVERY documents and at the end. */
  onProgress?(done: number, total: number): void;
}

const PROGRESS_EVERY = 1000;

async function loadOne(config: RepoConfig, file: GovernedFile, schemaFor: (schemaPath: string) => CompiledSchema | undefined, opts: LoadOptions): Promise<InspectedDocument> {
  const reuse = opts.reuse;
  const hit = reuse ? await reuse.byStat(file) : undefined;
  if (hit) return hit;
  const record = await readDocument(config.root, file.rel, file.namespace, reuse ? (digest) => reuse.knows(file, digest) : undefined);
  if (reuse && record.decoded === false) return reuse.byDigest(file, record);
  const doc = describeDocument(record, schemaFor(file.namespace.schema_path), opts.retainText ?? false);
  reuse?.described(doc);
  return doc;
}

/** Reads and describes documents, CONCURRENCY at a time; the result keeps the files' order. */
export async function loadDocuments(
  config: RepoConfig,
  files: readonly GovernedFile[],
  schemaFor: (schemaPath: string) => CompiledSchema | undefined,
  opts: LoadOptions = {},
): Promise<InspectedDocument[]> {
  const out: InspectedDocument[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while reading documents.');
      const i = next++;
      out[i] = await loadOne(config, files[i]!, schemaFor, opts);
      if (++done % PROGRESS_EVERY === 0 && done < files.length) opts.onProgress?.(done, files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  opts.onProgress?.(files.length, files.length);
  return out;
}
