import { canPrependFrontmatter } from '../frontmatter/split.js';
import path from 'node:path';
import { resolveLink } from '../engine/load.js';
import { mainNamespace } from '../config/load.js';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { normalizeTypeKey } from '../config/defaults.js';
import { field, firstHeading, readDocument } from '../engine/documents/read.js';
import { directoryTypes, FILLABLE, typeNamedBy } from '../fix/values.js';
import { ID_PATTERN } from '../ids/document-id.js';
import { outlineMarkdown } from '../markdown/outline.js';
import { notADocument } from './non-documents.js';
import { statedFacts, type StatedFacts } from './stated.js';
import { TYPE_FOLDERS, type FrontmatterState } from './types.js';

/** What the survey keeps of one file: enough to plan, without its text. */
export interface SurveyedFile {
  rel: string;
  namespace?: NamespaceConfig;
  governed: boolean;
  state: FrontmatterState;
  /** No frontmatter block at all (a block can be prepended). */
  bare: boolean;
  /** A block docket can edit in place (parsed YAML, possibly empty): fields can be added. */
  editable: boolean;
  /** The `type` field as written (trimmed, GOVERNANCE read as GOV), configured or not. */
  declaredType?: string;
  /** The fields `fix` fills (FILLABLE) that already have a non-empty value. */
  filled: string[];
  document_id?: string;
  heading?: string;
  sha256?: string;
  suggestedType?: string;
  /** No type suggested: the file is in a directory these types share and its name names none of them. */
  sharedTypes?: string[];
  /** Repository paths this file links to with relative links (`/`-rooted ones survive a move). */
  links: string[];
  /** Metadata the file already states (adr-tools, log4brains, MADR); `supersededBy` is a repository path. */
  stated?: StatedFacts;
  /** Why it is not a document to govern (a README, an index page, a template). */
  nonDocument?: string;
  problem?: { code: string; message: string; path?: string; suggestion?: string };
}

const NUMBERED = /^\d+[-_ .]+/;

/** Empty as `check` sees it: null, or a string of blanks. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The type a folder name suggests: a configured type directory of the namespace, or a common name (`adrs`, `specs`, ...). */
export function folderType(dir: string, ns: NamespaceConfig | undefined): string | undefined {
  const base = dir.toLowerCase();
  if (ns) {
    for (const t of Object.values(ns.document_types))
      if (t.directory !== '.' && path.posix.basename(t.directory).toLowerCase() === base) return t.type;
  }
  return TYPE_FOLDERS[base.replace(NUMBERED, '')];
}

/**
 * The `type` field, else the type named by a well-formed `document_id`, else the type of the
 * configured directory holding the file (where types share it, the one its name names:
 * `ambiguous` lists them when it names none), else a folder name's type.
 */
function suggestType(
  rel: string,
  ns: NamespaceConfig | undefined,
  declared: string | undefined,
  id: string | undefined,
): { type?: string; ambiguous?: string[] } {
  if (declared && ns?.document_types[declared]) return { type: declared };
  const idType = !declared && id && ID_PATTERN.test(id) ? id.split('-')[1]! : undefined;
  if (idType && ns?.document_types[idType]) return { type: idType };
  const folder = folderSuggestion(rel, ns);
  const shared = ns ? directoryTypes({ rel, namespace: ns }) : [];
  // The folder named a type only because it is a directory several types share: the name decides.
  if (shared.length > 1 && (folder === undefined || shared.includes(folder))) {
    const named = typeNamedBy(rel, shared);
    return named ? { type: named } : { ambiguous: [...shared].sort() };
  }
  return folder ? { type: folder } : {};
}

/** The type of the nearest folder whose name suggests one. */
function folderSuggestion(rel: string, ns: NamespaceConfig | undefined): string | undefined {
  const dirs = path.posix
    .dirname(rel)
    .split('/')
    .filter((s) => s !== '.');
  for (let i = dirs.length - 1; i >= 0; i--) {
    const type = folderType(dirs[i]!, ns);
    if (type && (!ns || ns.document_types[type])) return type;
  }
  return undefined;
}

/** Reads one Markdown file for the survey (untrusted: the same reader as check). */
export async function surveyFile(config: RepoConfig, rel: string): Promise<SurveyedFile> {
  const ns = namespaceFor(config, rel);
  const governed = ns !== undefined && !isExcluded(ns, rel, config.root);
  const rec = await readDocument(config.root, rel, ns ?? mainNamespace(config.namespaces));
  let state: FrontmatterState = 'ok';
  if (rec.unreadable) state = 'unreadable';
  else if (rec.problems.some((p) => p.code === 'FRONTMATTER_MISSING')) state = 'missing';
  else if (rec.problems.length > 0) state = 'invalid';
  const bare = state === 'missing' && rec.split !== undefined && canPrependFrontmatter(rec.split);
  const editable = (state === 'ok' || state === 'missing') && rec.split?.kind === 'ok' && rec.frontmatter !== undefined;
  const filled = editable ? FILLABLE.filter((k) => !blank(rec.frontmatter!.data[k])) : [];
  const out: SurveyedFile = { rel, governed, state, bare, editable, filled, links: [] };
  if (ns) out.namespace = ns;
  if (rec.digest) out.sha256 = rec.digest;
  const id = field(rec, 'document_id');
  if (id) out.document_id = id;
  const heading = firstHeading(rec);
  if (heading) out.heading = heading;
  const declared = editable ? field(rec, 'type') : undefined;
  if (declared) out.declaredType = normalizeTypeKey(declared);
  const { type, ambiguous } = suggestType(rel, ns, out.declaredType, editable ? id : undefined);
  if (type) out.suggestedType = type;
  else if (ambiguous) out.sharedTypes = ambiguous;
  const nonDocument = notADocument(rel);
  if (nonDocument) out.nonDocument = nonDocument;
  if (rec.text !== undefined) {
    const split = rec.split;
    const body = split?.kind === 'ok' ? rec.text.slice(split.bodyOffset) : rec.text;
    const relative = outlineMarkdown(body, 1).links.filter((l) => !l.target.trim().startsWith('/'));
    const links = relative.map((l) => resolveLink(rel, l));
    out.links = [...new Set(links.flatMap((l) => (l.scope === 'file' && l.path && l.path !== rel ? [l.path] : [])))];
    if (governed && !nonDocument && (state === 'missing' || editable)) {
      const stated = statedFacts(body, editable ? rec.frontmatter!.data : undefined);
      if (stated.supersededBy && editable && !blank(rec.frontmatter!.data.superseded_by)) delete stated.supersededBy;
      if (stated.supersededBy) {
        const target = resolveLink(rel, { target: stated.supersededBy, kind: 'inline', line: 1, column: 1 });
        if (target.scope === 'file' && target.path) stated.supersededBy = target.path;
        else delete stated.supersededBy;
      }
      if (stated.status !== undefined || stated.date !== undefined) out.stated = stated;
    }
  }
  if (rec.unreadable && rec.problems[0])
    out.problem = {
      code: rec.problems[0].code,
      message: rec.problems[0].message,
      path: rel,
      ...(rec.problems[0].suggestion ? { suggestion: rec.problems[0].suggestion } : {}),
    };
  return out;
}
