import path from 'node:path';
import type { InspectedDocument } from '../engine/model.js';
import { patternOf, type PropertySchema } from '../engine/documents/normalize.js';
import { ID_PATTERN, ID_TITLE } from '../ids/document-id.js';

/** Required fields `fix` knows how to fill, in the order it writes them. */
export const FILLABLE = ['document_id', 'type', 'title', 'status', 'version', 'last_updated', 'owner', 'docops_version'] as const;
const DEFAULT_STATUS = 'Draft';
const DEFAULT_VERSION = '0.1';
export const UNKNOWN_OWNER = '__TBD__';

/** What the fill rules need to know of a document: `check`'s InspectedDocument, or what `scan` read. */
export type DocumentFacts = Pick<InspectedDocument, 'rel' | 'namespace' | 'document_id' | 'type' | 'heading'>;

/**
 * The fields `fix` fills, in FILLABLE order: those the metadata schema requires, or all of
 * them when the schema is missing or names none.
 */
export function fillableRequired(schema: Record<string, unknown> | undefined): string[] {
  const required = Array.isArray(schema?.required) ? (schema.required as unknown[]).map(String) : [...FILLABLE];
  return FILLABLE.filter((f) => required.includes(f));
}

export interface FillContext {
  /** YYYY-MM-DD. */
  today: string;
  /** The next free ID for a prefix and type; undefined when none is left. */
  allocate(prefix: string, type: string): string | undefined;
}

/** The types whose directory holds the file (the deepest directory; several where types share it). */
export function directoryTypes(doc: Pick<DocumentFacts, 'rel' | 'namespace'>): string[] {
  const ns = doc.namespace;
  const inside = ns.docs_root === '.' ? doc.rel : doc.rel.slice(ns.docs_root.length + 1);
  let best: string[] = [];
  let depth = -1;
  for (const t of Object.values(ns.document_types)) {
    const dir = t.directory;
    const d = dir === '.' ? 0 : dir.split('/').length;
    const contains = dir === '.' ? !inside.includes('/') : inside.startsWith(`${dir}/`);
    if (!contains || d < depth) continue;
    if (d > depth) best = [];
    depth = d;
    best.push(t.type);
  }
  return best;
}

/** Words of a file name that name a type, besides the type itself (the Python DocOps CLI's scan heuristics). */
const NAME_WORDS: Readonly<Record<string, readonly string[]>> = {
  ADR: ['adr', 'decision'],
  PRD: ['prd', 'product', 'req', 'requirements'],
  RUNBOOK: ['runbook'],
};

/**
 * Among types that share a directory, the one the file name names: its leading word (`new`
 * names files `<type>-<nnn>-<slug>.md`), else the only one a word of it names; undefined
 * when it names none or several.
 */
export function typeNamedBy(rel: string, candidates: readonly string[]): string | undefined {
  const words = path.posix
    .basename(rel)
    .replace(/\.md$/i, '')
    .toLowerCase()
    .split(/[-_ .]+/)
    .filter((w) => w !== '');
  const leading = candidates.filter((t) => words[0] === t.toLowerCase());
  if (leading.length === 1) return leading[0];
  const named = candidates.filter((t) => words.some((w) => w === t.toLowerCase() || NAME_WORDS[t]?.includes(w)));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The document type its directory gives the file. Where types share the directory (the
 * Python tool's `init` puts GUIDE and RUNBOOK in 60-runbooks), the type its well-formed ID
 * names, else the one its file name names; undefined when nothing decides: a person must.
 */
function inferType(doc: DocumentFacts): string | undefined {
  const types = directoryTypes(doc);
  if (types.length <= 1) return types[0];
  const fromId = doc.document_id && ID_PATTERN.test(doc.document_id) ? doc.document_id.split('-')[1] : undefined;
  if (fromId && types.includes(fromId)) return fromId;
  return typeNamedBy(doc.rel, types);
}

/** Title from the first heading (without a leading "ACME-ADR-001: "), else from the file name. */
function inferTitle(doc: DocumentFacts): string {
  const heading = doc.heading?.replace(ID_TITLE, '').trim();
  if (heading) return heading;
  const stem = path.posix
    .basename(doc.rel)
    .replace(/\.md$/i, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return stem ? stem[0]!.toUpperCase() + stem.slice(1) : 'Untitled';
}

/** The type used for a new ID: the declared one when well-formed, else the inferred one. */
function idType(doc: DocumentFacts): string | undefined {
  if (doc.type && /^[A-Z]{3,10}$/.test(doc.type)) return doc.type;
  return inferType(doc);
}

/** The value `fix` writes for a missing required field; undefined when it cannot know. */
export function fillValue(field: string, doc: DocumentFacts, ctx: FillContext): string | undefined {
  const ns = doc.namespace;
  switch (field) {
    case 'document_id': {
      const type = idType(doc);
      return type ? ctx.allocate(ns.repo_prefix, type) : undefined;
    }
    case 'type': {
      // The directory decides, unless the document's ID names another type: then a person must.
      const inferred = inferType(doc);
      const fromId = doc.document_id && /^[A-Z]{3,10}-[A-Z]{3,10}-\d{3}$/.test(doc.document_id) ? doc.document_id.split('-')[1] : undefined;
      return fromId && inferred && fromId !== inferred ? undefined : inferred;
    }
    case 'title':
      return inferTitle(doc);
    case 'status':
      return DEFAULT_STATUS;
    case 'version':
      return DEFAULT_VERSION;
    case 'last_updated':
      return ctx.today;
    case 'owner':
      return ns.default_owner ?? UNKNOWN_OWNER;
    case 'docops_version':
      return ns.docops_version;
    default:
      return undefined;
  }
}

/** A real calendar date in YYYY-MM-DD form. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days[mo - 1]!;
}

/** Whether a string satisfies a property's plain constraints (type, enum, pattern, date format, minLength). */
export function accepts(prop: PropertySchema | undefined, value: string): boolean {
  if (!prop) return true;
  if (prop.type !== undefined && prop.type !== 'string' && !(Array.isArray(prop.type) && prop.type.includes('string'))) return false;
  if (Array.isArray(prop.enum) && !prop.enum.includes(value)) return false;
  const re = patternOf(prop);
  if (prop.pattern !== undefined && (!re || !re.test(value))) return false;
  if (prop.format === 'date' && !isCalendarDate(value)) return false;
  if (typeof prop.minLength === 'number' && value.length < prop.minLength) return false;
  return true;
}
