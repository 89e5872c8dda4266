import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../config/defaults.js';
import { envValue } from '../env.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { fillValue, UNKNOWN_OWNER, type DocumentFacts } from '../fix/values.js';
import { ID_PATTERN } from '../ids/document-id.js';
import { IdAllocator } from '../ids/in-memory.js';
import { conventionName, inTypeDirectory, keepsAuthorName, typeDirectory } from './names.js';
import type { SurveyedFile } from './read.js';
import { mappedStatus } from './stated.js';
import type { PlanAction } from './types.js';

export interface PlanContext {
  config: RepoConfig;
  /** SHA-256 of docops.config.yaml when it exists: only then are exclusions planned. */
  configSha256?: string;
  /** IDs documents use: new ones start above the highest and never collide with them. */
  ids: Iterable<string>;
  /** IDs `new` claimed: each holds its own number only. */
  claimed?: Iterable<string>;
  /** The required fields `fix` fills for a namespace (its schema's `required` ∩ FILLABLE). */
  required(ns: NamespaceConfig): readonly string[];
  /** The statuses a namespace's schema allows (undefined: any). */
  statuses?(ns: NamespaceConfig): readonly string[] | undefined;
  today: string;
  env: NodeJS.ProcessEnv;
  /** Symbolic links that are not documents (see nonDocumentLinks): ungoverned, excluded with the rest. */
  links?: readonly { path: string; reason: string }[];
}

export interface AdoptionPlan {
  actions: PlanAction[];
  /** Governed files the plan cannot adopt: invalid frontmatter, a `type` that is not configured, no type and no config to exclude them in, no number left. */
  unplanned: string[];
  /** Files kept in place although a move or rename was due, and why. */
  kept: { path: string; reason: string }[];
  /** Files in a directory several types share whose type nothing decides: nothing is planned for them. */
  undecided: { path: string; types: string[]; reason: string }[];
  /** READMEs, index pages and templates: left where they are, ungoverned (excluded when there is a config). */
  ungoverned: { path: string; reason: string }[];
  /** Metadata the files stated that the plan keeps, or cannot keep, and why. */
  stated: { path: string; field: string; stated: string; value: string | null; note: string }[];
}

/** The ID with the number a file name gives (undefined: it gives none). */
function numberedId(ns: NamespaceConfig, type: string, number: number | undefined): string | undefined {
  return number !== undefined ? `${ns.repo_prefix}-${type}-${String(number).padStart(3, '0')}` : undefined;
}

async function exists(root: string, rel: string): Promise<boolean> {
  return fs.lstat(path.join(root, rel)).then(
    () => true,
    () => false,
  );
}

/**
 * Plans the adoption of governed files, in path order (so IDs are deterministic):
 * - a file outside its type directory moves into it (type: its `type` field, else its ID's,
 *   else its folder's), renamed to `<type>-<nnn>-<slug>.md`; a file that gets a new ID is
 *   renamed to the convention where it is. `nnn` is the number of its ID when that ID is
 *   well-formed with the namespace's prefix and the type; otherwise the number is allocated
 *   (a number at the start of the old name is kept when free).
 * - a file without frontmatter gets a block; a block without some required fields gets them,
 *   with the values `fix` would write.
 * - files no type can be suggested for are excluded in docops.config.yaml (one action).
 * Linked files move too (fix --plan rewrites the links to and from them); nothing is planned
 * onto an existing or already planned path.
 */
export async function planAdoption(candidates: readonly SurveyedFile[], ctx: PlanContext): Promise<AdoptionPlan> {
  const ids = new IdAllocator(ctx.ids, ctx.claimed);
  const planned = new Set<string>();
  const out: AdoptionPlan = { actions: [], unplanned: [], kept: [], undecided: [], ungoverned: [], stated: [] };
  // Each file's ID once planned, and the fields that wait for the ID of the file superseding it.
  const idAt = new Map<string, string>();
  const superseded: { rel: string; fields: Record<string, string>; target: string }[] = [];
  const excluded: string[] = [];
  // First, the number each file's name already gives it (`runbook-001-deploy.md`): a file
  // earlier in path order that needs a new number must not take it.
  const named = new Map<string, string>();
  for (const file of candidates) {
    const ns = file.namespace;
    const type = ns && file.suggestedType && ns.document_types[file.suggestedType] ? file.suggestedType : undefined;
    if (
      !ns ||
      !type ||
      (file.document_id !== undefined && ID_PATTERN.test(file.document_id) && file.document_id.startsWith(`${ns.repo_prefix}-${type}-`))
    )
      continue;
    const own = numberedId(ns, type, conventionName(file.rel, type, file.heading, Object.keys(ns.document_types)).number);
    if (own && ID_PATTERN.test(own) && !ids.has(own)) {
      ids.reserve(own);
      named.set(file.rel, own);
    }
  }
  for (const file of candidates) {
    const ns = file.namespace;
    if (file.nonDocument && !file.document_id) {
      out.ungoverned.push({ path: file.rel, reason: file.nonDocument });
      if (ctx.configSha256) excluded.push(file.rel);
      continue;
    }
    if (!ns || !file.sha256 || !(file.bare || file.editable) || (file.declaredType && !ns.document_types[file.declaredType])) {
      out.unplanned.push(file.rel);
      continue;
    }
    const type = file.suggestedType && ns.document_types[file.suggestedType] ? file.suggestedType : undefined;
    if (!type && file.sharedTypes) {
      // Neither excluded nor guessed: a person picks the type, as `fix` leaves it to one.
      out.undecided.push({
        path: file.rel,
        types: file.sharedTypes,
        reason: `${path.posix.dirname(file.rel)}/ holds ${file.sharedTypes.join(' and ')} documents and neither the file's name nor its ID says which this is: set \`type\` (and run scan again)`,
      });
      continue;
    }
    if (!type) {
      if (ctx.configSha256) excluded.push(file.rel);
      else out.unplanned.push(file.rel);
      continue;
    }
    const required = ctx.required(ns);
    const id = file.document_id;
    const usable = id !== undefined && ID_PATTERN.test(id) && id.startsWith(`${ns.repo_prefix}-${type}-`);
    const name = conventionName(file.rel, type, file.heading, Object.keys(ns.document_types));
    const pick = (): string | undefined => {
      const own = numberedId(ns, type, name.number);
      if (own !== undefined && named.get(file.rel) === own) {
        named.delete(file.rel); // used once: a second pick allocates
        return own;
      }
      if (own && ID_PATTERN.test(own) && !ids.has(own)) {
        ids.reserve(own);
        return own;
      }
      return ids.next(ns.repo_prefix, type);
    };
    let newId: string | undefined;
    if (!file.filled.includes('document_id') && required.includes('document_id')) {
      newId = pick();
      if (!newId) {
        out.unplanned.push(file.rel);
        continue;
      }
    }
    const moving = !inTypeDirectory(file.rel, ns, type);
    let at = file.rel;
    // `0001-x.md` holding ADR-001 keeps its name where it is: the ADR tool that wrote it reads
    // that log. Links to and from a moved file are rewritten when the plan is applied (fix
    // --plan), so they never keep a file in place.
    if (moving || (newId && !keepsAuthorName(file.rel, newId))) {
      const nnn = usable ? id.slice(-3) : (newId ?? pick())?.slice(-3);
      const target = nnn
        ? `${moving ? typeDirectory(ns, type) : path.posix.dirname(file.rel)}/${type.toLowerCase()}-${nnn}-${name.slug}.md`
        : undefined;
      if (!target) out.kept.push({ path: file.rel, reason: `no ${type} number is left for its file name` });
      else if (target !== file.rel && (planned.has(target.toLowerCase()) || (await exists(ctx.config.root, target))))
        out.kept.push({ path: file.rel, reason: `${target} exists` });
      else if (target !== file.rel) {
        out.actions.push({ action: moving ? 'move' : 'rename', path: file.rel, to: target, source_sha256: file.sha256 });
        planned.add(target.toLowerCase());
        at = target;
      }
    }
    const owner = envValue(ctx.env, 'DOCKET_DEFAULT_OWNER')?.value || ns.default_owner || ctx.config.default_owner || UNKNOWN_OWNER;
    const facts: DocumentFacts = {
      rel: at,
      namespace: ns,
      type,
      ...((id ?? newId) ? { document_id: id ?? newId } : {}),
      ...(file.heading ? { heading: file.heading } : {}),
    };
    const chosen: Record<string, string | undefined> = { document_id: newId, type, title: name.title, owner };
    const stated = file.stated;
    const allowed = ctx.statuses?.(ns);
    // A value the file already has that the schema spells otherwise (`accepted`, `draft`): replaced.
    const replaced: Record<string, string> = {};
    if (stated?.status !== undefined) {
      const status = mappedStatus(stated.status, allowed);
      chosen.status = status ?? stated.status;
      if (status === undefined)
        out.stated.push({
          path: at,
          field: 'status',
          stated: stated.status,
          value: file.filled.includes('status') ? null : stated.status,
          note: `the schema allows ${allowed?.map((s) => JSON.stringify(s)).join(', ') ?? 'other statuses'}: \`check\` will report it until the status or the schema's list changes`,
        });
      else if (status !== stated.status)
        out.stated.push({
          path: at,
          field: 'status',
          stated: stated.status,
          value: status,
          note: `read from ${stated.statusSource ?? 'the file'}`,
        });
      if (status !== undefined && status !== stated.status && file.filled.includes('status') && stated.statusSource === 'status:')
        replaced.status = status;
    }
    if (stated?.date !== undefined) chosen.last_updated = stated.date;
    const fields: Record<string, string> = {};
    for (const key of required) {
      if (file.filled.includes(key)) continue;
      const value = Object.hasOwn(chosen, key) ? chosen[key] : fillValue(key, facts, { today: ctx.today, allocate: () => undefined });
      if (value !== undefined) fields[key] = value;
    }
    const finalId = id ?? newId;
    if (finalId) idAt.set(file.rel, finalId);
    if (stated?.supersededBy && stated.supersededBy !== file.rel) superseded.push({ rel: at, fields, target: stated.supersededBy });
    else if (Object.keys(fields).length === 0 && Object.keys(replaced).length === 0) continue;
    if (file.bare) out.actions.push({ action: 'add_frontmatter', path: at, source_sha256: file.sha256, frontmatter: fields });
    else if (Object.keys(replaced).length > 0)
      out.actions.push({ action: 'set_fields', path: at, source_sha256: file.sha256, fields: Object.assign(fields, replaced) });
    else out.actions.push({ action: 'add_fields', path: at, source_sha256: file.sha256, fields });
  }
  // Supersession kept: the superseded record names its successor's ID, once every ID is known.
  for (const s of superseded) {
    const successor = idAt.get(s.target);
    if (successor) s.fields.superseded_by = successor;
    else
      out.stated.push({
        path: s.rel,
        field: 'superseded_by',
        stated: s.target,
        value: null,
        note: `${s.target} is not a record the plan gives an ID`,
      });
  }
  out.actions = out.actions.filter(
    (a) => !((a.action === 'add_fields' || a.action === 'set_fields') && Object.keys(a.fields).length === 0),
  );
  for (const l of ctx.links ?? []) {
    out.ungoverned.push(l);
    if (ctx.configSha256) excluded.push(l.path);
  }
  out.ungoverned.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  excluded.sort();
  if (excluded.length > 0 && ctx.configSha256)
    out.actions.push({ action: 'exclude', path: CONFIG_FILE, source_sha256: ctx.configSha256, files: excluded });
  return out;
}
