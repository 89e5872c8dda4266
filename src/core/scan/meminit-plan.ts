import { mainNamespace } from '../config/load.js';
import { namespaceFor } from '../config/exclusion.js';
import { normalizeTypeKey } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { IdAllocator } from '../ids/in-memory.js';
import { PLAN_KIND, type ForeignAction, type PlanAction, type ScanPlan } from './types.js';

/**
 * Plans written by the Python DocOps CLI's `scan --plan` (reference §8.1), applied the way
 * that tool applies them (§5.7), with docket's safety: each action becomes the docket action
 * with the same effect, refused when its source's bytes changed (source_sha256), when its
 * target exists, when the plan marks it destructive or when the config changed since
 * (config_fingerprint). Read but not used: generated_at, confidence, rationale and
 * safety.overwrites (docket never overwrites). A metadata patch only adds fields that are
 * missing or empty: a field that has a value is never replaced (the action is refused).
 */

/** The action kinds that tool writes, in the order it runs a file's actions (§5.7). */
const RANK: Readonly<Record<string, number>> = { insert_metadata_block: 0, update_metadata: 1, rename_file: 2, move_file: 3 };
const FINGERPRINT = /^sha256:([0-9a-f]{64})$/;
const FIELD = /^[a-z_][a-z0-9_]{0,63}$/;
const TBD = '__TBD__';

/** The plan inside a file: the envelope's `data.plan` (preferred), its `data.report.plan`, or the file itself; undefined when it is none. */
export function foreignPlanOf(raw: unknown): Record<string, unknown> | undefined {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const data = obj(obj(raw)?.data);
  for (const candidate of [obj(data?.plan), obj(obj(data?.report)?.plan), obj(raw)]) {
    if (candidate && typeof candidate.plan_version === 'string' && Array.isArray(candidate.actions) && 'config_fingerprint' in candidate)
      return candidate;
  }
  return undefined;
}

export interface Foreign {
  id: string;
  kind: string;
  source: string;
  target: string;
  sha256: string;
  destructive: boolean;
  patch?: Record<string, string>;
}

function checkAction(raw: unknown, i: number, problems: string[]): Foreign | undefined {
  const a = raw as Record<string, unknown>;
  const where = `actions[${i}]`;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return void problems.push(`${where} is not an object`);
  if (typeof a.action !== 'string' || RANK[a.action] === undefined)
    return void problems.push(`${where}.action must be insert_metadata_block, update_metadata, rename_file or move_file`);
  if (typeof a.source_path !== 'string' || a.source_path === '') return void problems.push(`${where}.source_path is missing`);
  const target = typeof a.target_path === 'string' && a.target_path !== '' ? a.target_path : a.source_path;
  if ((a.action === 'rename_file' || a.action === 'move_file') && !/\.md$/i.test(target))
    return void problems.push(`${where}.target_path must be the path of a Markdown file`);
  const pre = a.preconditions as Record<string, unknown> | undefined;
  const sha = typeof pre?.source_sha256 === 'string' ? FINGERPRINT.exec(pre.source_sha256) : null;
  if (!sha) return void problems.push(`${where}.preconditions.source_sha256 is not "sha256:<hex>"`);
  const out: Foreign = {
    id: typeof a.id === 'string' ? a.id : `actions[${i}]`,
    kind: a.action,
    source: a.source_path,
    target,
    sha256: sha[1]!,
    destructive: (a.safety as Record<string, unknown> | undefined)?.destructive === true,
  };
  if (a.action === 'insert_metadata_block' || a.action === 'update_metadata') {
    const patch = a.metadata_patch as Record<string, unknown> | undefined;
    if (!patch || typeof patch !== 'object' || Array.isArray(patch) || Object.keys(patch).length === 0)
      return void problems.push(`${where}.metadata_patch must be an object of fields`);
    for (const [k, v] of Object.entries(patch)) {
      if (!FIELD.test(k) || typeof v !== 'string' || /[\r\n]/.test(v))
        return void problems.push(`${where}.metadata_patch.${k} must be a one-line string under a lower-case key`);
    }
    out.patch = patch as Record<string, string>;
  }
  return out;
}

/** Validates a Python DocOps CLI plan; `problems` gets what is wrong (the plan is then refused whole). */
export function checkForeignPlan(plan: Record<string, unknown>, problems: string[]): Foreign[] {
  if ((plan.plan_version as string).split('.')[0] !== '1') problems.push(`plan_version ${JSON.stringify(plan.plan_version)} is not 1.x`);
  if (typeof plan.config_fingerprint !== 'string' || (plan.config_fingerprint !== '' && !FINGERPRINT.test(plan.config_fingerprint)))
    problems.push('config_fingerprint is not "sha256:<hex>" or ""');
  const actions = (plan.actions as unknown[]).map((a, i) => checkAction(a, i, problems));
  return actions.filter((a): a is Foreign => a !== undefined);
}

export interface ForeignContext {
  config: RepoConfig;
  /** SHA-256 (hex) of docops.config.yaml now; undefined when there is none. */
  configSha256: string | undefined;
  /** IDs in use (documents and claims): `__TBD__` IDs are allocated past them. */
  ids: Iterable<string>;
  /** IDs `new` claimed: each holds its own number only. */
  claimed?: Iterable<string>;
}

/**
 * The docket plan with the same effect. A file's actions run in that tool's order (§5.7:
 * source path, then insert < update < rename < move, target, id); its move or rename runs
 * first here and its metadata is then added at the new path (a move keeps the bytes, so the
 * source_sha256 still holds): the same result.
 */
export function fromForeignPlan(plan: Record<string, unknown>, actions: readonly Foreign[], ctx: ForeignContext): ScanPlan {
  const fingerprint = ctx.configSha256 === undefined ? '' : `sha256:${ctx.configSha256}`;
  const configChanged = plan.config_fingerprint !== fingerprint;
  const sorted = [...actions].sort(
    (a, b) => cmp(a.source, b.source) || RANK[a.kind]! - RANK[b.kind]! || cmp(a.target, b.target) || cmp(a.id, b.id),
  );
  const ids = new IdAllocator(ctx.ids, ctx.claimed);
  const out: PlanAction[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.source === sorted[i]!.source) j++;
    const group = sorted.slice(i, j);
    i = j;
    let at = group[0]!.source;
    const ordered = [...group.filter((a) => !a.patch), ...group.filter((a) => a.patch)];
    for (const a of ordered) {
      const extra: ForeignAction = {
        id: a.id,
        ...(a.destructive ? { refuse: 'unsafe_action' as const } : configChanged ? { refuse: 'config_changed' as const } : {}),
      };
      if (!a.patch) {
        out.push({ action: a.kind === 'move_file' ? 'move' : 'rename', path: at, to: a.target, source_sha256: a.sha256, ...extra });
        at = a.target;
        continue;
      }
      const fields = { ...a.patch };
      if (fields.document_id === TBD) {
        // §5.7: a generated ID, its type from the patch (else DOC).
        const type = fields.type ? normalizeTypeKey(fields.type) : '';
        const ns = namespaceFor(ctx.config, at) ?? mainNamespace(ctx.config.namespaces);
        const id = extra.refuse ? undefined : ids.next(ns.repo_prefix, /^[A-Z]{3,10}$/.test(type) ? type : 'DOC');
        if (id) fields.document_id = id;
        else delete fields.document_id;
      }
      if (Object.keys(fields).length === 0) continue;
      if (a.kind === 'insert_metadata_block')
        out.push({ action: 'add_frontmatter', path: at, source_sha256: a.sha256, frontmatter: fields, ...extra });
      else out.push({ action: 'add_fields', path: at, source_sha256: a.sha256, fields, ...extra });
    }
  }
  return { kind: PLAN_KIND, plan_version: plan.plan_version as string, config: 'found', actions: out };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
