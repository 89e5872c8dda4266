import type { DocFacts, NodeFields } from '../index/facts.js';

/**
 * index-facts.json, by columns: one array per field of DocFacts, item i being the facts of the
 * hashes file's path i, and the links as positions in one list of their targets. Stored as one
 * object per document, every link repeated its target's path and every field its key: the file
 * was about three times larger, and parsing it was most of what an `index` after an edit spent
 * on the cache. Keys and their order are fixed: `decodeFacts` rebuilds each DocFacts with the
 * keys in the order factsOf makes them, so that factsHash (JSON.stringify) of a decoded fact
 * is the one of the fact written.
 */

/** The nullable string fields of a node, in NodeFields' (and factsOf's) order after document_id and before the lists. */
const TEXT_FIELDS = ['type', 'title', 'status', 'owner', 'version', 'last_updated', 'area', 'description'] as const;

interface FactsColumns {
  /** Every link target, once, in the order of first use. */
  targets: string[];
  /** Per document: how many links it has (its positions follow the previous document's in `links`). */
  link_counts: number[];
  /** Every document's links, one after the other, as positions in targets (one array: not one per document to parse). */
  links: number[];
  /** Per document: [code, message] when it is not a node, else null. */
  skip: ([string, string] | null)[];
  /** Per document: its ID when it is a node, else null (then its other node columns are null). */
  document_id: (string | null)[];
  type: (string | null)[];
  title: (string | null)[];
  status: (string | null)[];
  owner: (string | null)[];
  version: (string | null)[];
  last_updated: (string | null)[];
  area: (string | null)[];
  description: (string | null)[];
  keywords: (string[] | null)[];
  related_ids: (string[] | null)[];
  superseded_by: (string | null)[];
}

/** The keys of the file, in the order they are written. */
const KEYS = [
  'targets',
  'link_counts',
  'links',
  'skip',
  'document_id',
  ...TEXT_FIELDS,
  'keywords',
  'related_ids',
  'superseded_by',
] as const satisfies readonly (keyof FactsColumns)[];

/**
 * The facts as the file's text, in pieces (one per key: no single string of the whole file),
 * handed to `put` in order.
 */
export function encodeFacts(facts: readonly DocFacts[], put: (text: string) => void): void {
  const targets: string[] = [];
  const links: number[] = [];
  const position = new Map<string, number>();
  const link_counts = facts.map((f) => {
    for (const t of f.links) {
      let p = position.get(t);
      if (p === undefined) {
        p = targets.length;
        position.set(t, p);
        targets.push(t);
      }
      links.push(p);
    }
    return f.links.length;
  });
  // A column at a time (one map each): faster to fill than pushing every column per document.
  const column = <T>(get: (n: NodeFields) => T): (T | null)[] => facts.map((f) => (f.node ? get(f.node) : null));
  const c: FactsColumns = {
    targets,
    link_counts,
    links,
    skip: facts.map((f) => (f.node ? null : [f.skip?.code ?? '', f.skip?.message ?? ''])),
    document_id: column((n) => n.document_id),
    type: column((n) => n.type),
    title: column((n) => n.title),
    status: column((n) => n.status),
    owner: column((n) => n.owner),
    version: column((n) => n.version),
    last_updated: column((n) => n.last_updated),
    area: column((n) => n.area),
    description: column((n) => n.description),
    keywords: column((n) => n.keywords),
    related_ids: column((n) => n.related_ids),
    superseded_by: column((n) => n.superseded_by),
  };
  KEYS.forEach((k, i) => put(`${i === 0 ? '{' : ','}"${k}":${JSON.stringify(c[k])}`));
  put('}');
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isText = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** Each column an array of `count` items; the keys are read by name only (a `__proto__` key is an own property of JSON.parse's object, and never read). */
function isColumns(c: unknown, count: number): c is FactsColumns {
  if (!c || typeof c !== 'object' || Array.isArray(c)) return false;
  const o = c as Record<string, unknown>;
  if (!isStringList(o.targets)) return false;
  return KEYS.every((k) => k === 'targets' || k === 'links' || (Array.isArray(o[k]) && (o[k] as unknown[]).length === count));
}

/**
 * The facts of the file's text, one per document; null when it is not a facts file of `count`
 * documents (any column missing, of another length, or an item of the wrong shape: a link
 * position outside the targets, a node column set for a skipped document). Each column is
 * checked whole first, then the documents are made from it unchecked.
 */
export function decodeFacts(text: string, count: number): DocFacts[] | null {
  const parsed = JSON.parse(text) as unknown;
  if (!isColumns(parsed, count) || !isSound(parsed)) return null;
  const c = parsed;
  const out: DocFacts[] = new Array<DocFacts>(count);
  let next = 0;
  for (let i = 0; i < count; i++) {
    const n = c.link_counts[i]!;
    const links: string[] = new Array<string>(n);
    for (let j = 0; j < n; j++) links[j] = c.targets[c.links[next++]!]!;
    const id = c.document_id[i];
    if (id === null || id === undefined) {
      const skip = c.skip[i]!;
      out[i] = { links, skip: { code: skip[0], message: skip[1] } };
      continue;
    }
    // In factsOf's key order (see the file's comment).
    out[i] = {
      links,
      node: {
        document_id: id,
        type: c.type[i]!,
        title: c.title[i]!,
        status: c.status[i]!,
        owner: c.owner[i]!,
        version: c.version[i]!,
        last_updated: c.last_updated[i]!,
        area: c.area[i]!,
        description: c.description[i]!,
        keywords: c.keywords[i]!,
        related_ids: c.related_ids[i]!,
        superseded_by: c.superseded_by[i]!,
      },
    };
  }
  return out;
}

const isCount = (n: unknown, below: number): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < below;
const isSkip = (v: unknown): boolean => Array.isArray(v) && v.length === 2 && isString(v[0]) && isString(v[1]);

/** Every column's items of their type; a node (an ID) exactly where there is no skip, and its list columns lists. */
function isSound(c: FactsColumns): boolean {
  const targets = c.targets.length;
  if (!Array.isArray(c.links) || !c.links.every((p) => isCount(p, targets))) return false;
  let total = 0;
  for (const n of c.link_counts as unknown[]) total += isCount(n, Infinity) ? (n as number) : NaN;
  if (total !== c.links.length) return false;
  if (!c.document_id.every(isText) || !c.superseded_by.every(isText) || !TEXT_FIELDS.every((k) => c[k].every(isText))) return false;
  return c.document_id.every((id, i) =>
    id === null ? isSkip(c.skip[i]) : c.skip[i] === null && isStringList(c.keywords[i]) && isStringList(c.related_ids[i]),
  );
}
