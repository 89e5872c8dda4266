import type { InspectedDocument } from '../engine/model.js';
import type { Issue } from '../issues.js';
import { ID_PATTERN } from '../ids/document-id.js';
import { detach, detachAll } from '../text/detach.js';
import type { NodeFields } from '../../contract/data/document-index.js';
export type { NodeFields };

/**
 * What the index needs from one document, computed once from its content and cached by
 * content hash: the node fields, the governed paths its body links to, or why it is not a node.
 */
export interface DocFacts {
  node?: NodeFields;
  /** Repository paths of relative links in the body (sorted, unique). */
  links: string[];
  /** Why the document is not a node (a code and a message), when it is not. */
  skip?: { code: string; message: string };
}

/** `source`: the text as written, for a number or boolean (a 20-digit title would otherwise lose digits, `.inf` read as Infinity). */
function scalar(value: unknown, source?: string): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return source || String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return null;
}

/** A list field: a YAML list, or a comma-separated string; trimmed, empty items dropped, order kept, unique. */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const out: string[] = [];
  for (const item of items) {
    const s = scalar(item);
    if (s !== null && !out.includes(s)) out.push(s);
  }
  return out;
}

const skipReason = (doc: InspectedDocument): DocFacts['skip'] => {
  const problem = doc.record.problems.find((p) => p.severity === 'error');
  if (problem) return { code: problem.code, message: problem.message };
  if (!doc.metadata) return { code: 'FRONTMATTER_MISSING', message: 'The document has no frontmatter.' };
  if (!doc.document_id) return { code: 'SCHEMA_VALIDATION', message: 'The document has no document_id.' };
  return { code: 'ID_REGEX', message: `The document_id "${doc.document_id}" does not have the form PREFIX-TYPE-NNN.` };
};

/** A string detached from the document's text (see text/detach.ts), or null. */
const own = (s: string | null): string | null => (s === null ? null : detach(s));

/**
 * The facts of a document. Their strings are detached from the document's text (see
 * text/detach.ts) as they are made: the cache keeps every document's facts for the whole run.
 */
export function factsOf(doc: InspectedDocument): DocFacts {
  // Unique targets, then sorted (a Set: a document may hold thousands of links).
  const targets = new Set<string>();
  for (const l of doc.links) if (l.scope === 'file' && l.path && l.path !== doc.rel) targets.add(l.path);
  const links = detachAll([...targets].sort());
  const m = doc.metadata;
  const fm = doc.record?.frontmatter;
  // Only numbers and booleans ask the frontmatter for their source: strings, the common case, cost nothing more.
  const field = (key: string): string | null => {
    const v = m?.[key];
    return scalar(v, typeof v === 'number' || typeof v === 'boolean' ? fm?.source(key) : undefined);
  };
  const id = doc.document_id;
  if (!m || !id || !ID_PATTERN.test(id)) {
    const skip = skipReason(doc)!;
    return { links, skip: { code: skip.code, message: detach(skip.message) } };
  }
  return {
    links,
    node: {
      document_id: detach(id),
      type: own(doc.type ?? null),
      title: own(field('title') ?? (doc.heading?.trim() || null)),
      status: own(field('status')),
      owner: own(field('owner')),
      version: own(field('version')),
      last_updated: own(field('last_updated')),
      area: own(field('area')),
      description: own(field('description')),
      keywords: detachAll(list(m.keywords)),
      related_ids: detachAll(list(m.related_ids)),
      superseded_by: own(field('superseded_by')),
    },
  };
}

/** The warning for a governed document that is not a node, and why. */
export function skippedWarning(rel: string, skip: NonNullable<DocFacts['skip']>): Issue {
  return {
    code: 'INDEX_DOCUMENT_SKIPPED',
    severity: 'warning',
    message: `Not indexed (${skip.code}): ${skip.message.charAt(0).toLowerCase()}${skip.message.slice(1)}`,
    path: rel,
    suggestion: 'Run `docket check` on the file for details; `docket fix` repairs what is mechanical.',
  };
}
