import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { DEFAULT_STATUS, DEFAULT_VERSION, UNKNOWN_OWNER } from '../fix/values.js';
import { formatId } from '../ids/document-id.js';
import { IdAllocator } from '../ids/in-memory.js';
import { slugify } from '../text/slug.js';
import type { SurveyedFile } from './read.js';
import type { PlanAction } from './types.js';

export interface PlanContext {
  config: RepoConfig;
  /** IDs in use (documents and claims): new ones never collide with them. */
  ids: Iterable<string>;
  /** Lower-cased paths other files link to: such files are not moved (links would break), nor are files with relative links (`links` not empty). */
  inbound: ReadonlySet<string>;
  today: string;
  env: NodeJS.ProcessEnv;
}

export interface AdoptionPlan {
  actions: PlanAction[];
  /** Governed files without frontmatter that got no action (no type could be suggested, or not a bare file). */
  unplanned: string[];
  /** Files kept in place although their type directory differs, and why. */
  kept: { path: string; reason: string }[];
}

const LEADING_NUMBER = /^(?:([a-z]+)[-_])?0*(\d{1,3})(?:[-_ .]+|$)/i;
const ID_TITLE = /^[A-Z]{3,10}-[A-Z]{3,10}-\d{3}\s*[:—–-]\s*/;

function humanize(stem: string): string {
  const words = stem.replace(/[-_\s]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Untitled';
}

async function exists(root: string, rel: string): Promise<boolean> {
  return fs.lstat(path.join(root, rel)).then(() => true, () => false);
}

/**
 * Plans the adoption of governed files without frontmatter, in path order (so IDs are
 * deterministic): move (or rename) each into its type directory as `<type>-<nnn>-<slug>.md`,
 * then add frontmatter with proposed metadata. A number in the old file name (`0007-…`,
 * `adr-7-…`) is kept when free. Never plans onto an existing or already planned path.
 */
export async function planAdoption(candidates: readonly SurveyedFile[], ctx: PlanContext): Promise<AdoptionPlan> {
  const ids = new IdAllocator(ctx.ids);
  const planned = new Set<string>();
  const out: AdoptionPlan = { actions: [], unplanned: [], kept: [] };
  for (const file of candidates) {
    const ns = file.namespace;
    const type = file.suggestedType;
    const typeConfig = ns && type ? ns.document_types[type] : undefined;
    if (!ns || !type || !typeConfig || !file.bare || !file.sha256) {
      out.unplanned.push(file.rel);
      continue;
    }
    const stem = path.posix.basename(file.rel).replace(/\.md$/i, '');
    const m = LEADING_NUMBER.exec(stem);
    const numbered = m && (!m[1] || m[1].toUpperCase() === type) ? Number(m[2]) : undefined;
    let id: string | undefined;
    if (numbered !== undefined && numbered >= 1 && !ids.has(formatId(ns.repo_prefix, type, numbered))) {
      id = formatId(ns.repo_prefix, type, numbered);
      ids.reserve(id);
    } else id = ids.next(ns.repo_prefix, type);
    if (!id) {
      out.unplanned.push(file.rel);
      continue;
    }
    const title = file.heading?.replace(ID_TITLE, '').trim() || humanize(m && numbered !== undefined ? stem.slice(m[0].length) : stem);
    const rest = m && numbered !== undefined ? stem.slice(m[0].length) : stem;
    const slug = slugify(rest) === 'untitled' ? slugify(title) : slugify(rest);
    const dir = typeConfig.directory === '.' ? ns.docs_root : ns.docs_root === '.' ? typeConfig.directory : `${ns.docs_root}/${typeConfig.directory}`;
    const target = `${dir}/${type.toLowerCase()}-${id.slice(-3)}-${slug}.md`;
    let at = file.rel;
    if (target !== file.rel) {
      if (ctx.inbound.has(file.rel.toLowerCase())) out.kept.push({ path: file.rel, reason: 'other files link to it' });
      else if (file.links.length > 0) out.kept.push({ path: file.rel, reason: 'its relative links would break' });
      else if (planned.has(target.toLowerCase()) || (await exists(ctx.config.root, target))) out.kept.push({ path: file.rel, reason: `${target} exists` });
      else {
        const action = path.posix.dirname(target) === path.posix.dirname(file.rel) ? 'rename' : 'move';
        out.actions.push({ action, path: file.rel, to: target, source_sha256: file.sha256 });
        planned.add(target.toLowerCase());
        at = target;
      }
    }
    const owner = ctx.env.DOCKET_DEFAULT_OWNER?.trim() || ns.default_owner || ctx.config.default_owner || UNKNOWN_OWNER;
    out.actions.push({
      action: 'add_frontmatter',
      path: at,
      source_sha256: file.sha256,
      frontmatter: { document_id: id, type, title, status: DEFAULT_STATUS, version: DEFAULT_VERSION, last_updated: ctx.today, owner, docops_version: ns.docops_version },
    });
  }
  return out;
}
