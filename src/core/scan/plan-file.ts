import { promises as fs } from 'node:fs';
import { CONFIG_FILE } from '../config/defaults.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { resolveInsideRoot } from '../fs/paths.js';
import { DocketError } from '../../errors/docket-error.js';
import { checkForeignPlan, foreignPlanOf, type Foreign } from './meminit-plan.js';
import { PLAN_KIND, PLAN_VERSION, type PlanAction, type ScanPlan } from './types.js';

const MAX_PLAN_BYTES = 32 * 1024 * 1024;
const SHA256 = /^[0-9a-f]{64}$/;
const FIELD = /^[a-z_][a-z0-9_]{0,63}$/;

function isPlan(text: string): boolean {
  try {
    return (JSON.parse(text) as { kind?: unknown }).kind === PLAN_KIND;
  } catch {
    return false;
  }
}

/** Where a plan may live: inside the root, not in .git, not the config. */
function planTarget(root: string, input: string): { abs: string; rel: string } {
  const target = resolveInsideRoot(root, input, 'plan file');
  if (target.rel === '' || target.rel.split('/').includes('.git') || target.rel === CONFIG_FILE) {
    throw new DocketError('PATH_OUTSIDE_ROOT', `The plan file "${input}" is in a protected location.`, {
      suggestion: 'Write the plan to a new file such as .docket/scan-plan.json.',
      details: { path: input },
    });
  }
  return target;
}

/** Writes the plan atomically; an existing file is replaced only when it is a docket plan. */
export async function writePlan(root: string, input: string, plan: ScanPlan): Promise<string> {
  const { abs, rel } = planTarget(root, input);
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (stat?.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', `Refusing to write the plan through the symbolic link ${rel}.`, { details: { path: rel } });
  if (stat && (!stat.isFile() || stat.size > MAX_PLAN_BYTES || !isPlan(await fs.readFile(abs, 'utf8')))) {
    throw new DocketError('PLAN_TARGET_EXISTS', `${rel} exists and is not a docket plan; it was not overwritten.`, {
      suggestion: 'Choose a new file name for the plan, e.g. .docket/scan-plan.json.',
      details: { path: rel },
    });
  }
  await writeFileAtomic(root, abs, `${JSON.stringify(plan, null, 2)}\n`, { overwrite: true });
  return rel;
}

function invalid(rel: string, problems: string[]): never {
  throw new DocketError(
    'PLAN_INVALID',
    `${rel} is not a plan docket can apply: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}.`,
    {
      suggestion: 'Make a new plan with `docket scan --plan FILE`.',
      details: { path: rel, problems: problems.slice(0, 20) },
    },
  );
}

function checkAction(root: string, raw: unknown, i: number, problems: string[]): PlanAction | undefined {
  const a = raw as Record<string, unknown>;
  const where = `actions[${i}]`;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return void problems.push(`${where} is not an object`);
  if (typeof a.path !== 'string' || a.path === '') return void problems.push(`${where}.path is missing`);
  if (typeof a.source_sha256 !== 'string' || !SHA256.test(a.source_sha256))
    return void problems.push(`${where}.source_sha256 is not a SHA-256`);
  // A path outside the root is hostile, not merely invalid: refused with exit 77.
  // (An exclude action edits the config itself: its path is checked below instead.)
  for (const p of [a.action === 'exclude' ? undefined : a.path, a.to]) if (typeof p === 'string') planTarget(root, p);
  if (a.action === 'move' || a.action === 'rename') {
    if (typeof a.to !== 'string' || !/\.md$/i.test(a.to)) return void problems.push(`${where}.to must be the path of a Markdown file`);
    return { action: a.action, path: a.path, to: a.to, source_sha256: a.source_sha256 };
  }
  if (a.action === 'add_frontmatter') {
    const fm = a.frontmatter as Record<string, unknown>;
    if (!fm || typeof fm !== 'object' || Array.isArray(fm) || Object.keys(fm).length === 0)
      return void problems.push(`${where}.frontmatter must be an object of fields`);
    for (const [k, v] of Object.entries(fm)) {
      if (!FIELD.test(k) || typeof v !== 'string' || /[\r\n]/.test(v))
        return void problems.push(`${where}.frontmatter.${k} must be a one-line string under a lower-case key`);
    }
    return { action: 'add_frontmatter', path: a.path, source_sha256: a.source_sha256, frontmatter: fm as Record<string, string> };
  }
  if (a.action === 'add_fields' || a.action === 'set_fields') {
    const fields = a.fields as Record<string, unknown>;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0)
      return void problems.push(`${where}.fields must be an object of fields`);
    for (const [k, v] of Object.entries(fields)) {
      if (!FIELD.test(k) || typeof v !== 'string' || /[\r\n]/.test(v))
        return void problems.push(`${where}.fields.${k} must be a one-line string under a lower-case key`);
    }
    return { action: a.action, path: a.path, source_sha256: a.source_sha256, fields: fields as Record<string, string> };
  }
  if (a.action === 'exclude') {
    if (a.path !== CONFIG_FILE) return void problems.push(`${where}.path must be ${CONFIG_FILE}`);
    const files = a.files as unknown[];
    if (!Array.isArray(files) || files.length === 0) return void problems.push(`${where}.files must be a list of paths`);
    const rels: string[] = [];
    for (const f of files) {
      if (typeof f !== 'string' || f === '' || /[\r\n]/.test(f)) return void problems.push(`${where}.files must hold one-line paths`);
      rels.push(planTarget(root, f).rel);
    }
    return { action: 'exclude', path: a.path, source_sha256: a.source_sha256, files: rels };
  }
  return void problems.push(`${where}.action must be move, rename, add_frontmatter, add_fields, set_fields or exclude`);
}

/** A plan written by the Python DocOps CLI: the plan object and its validated actions (see meminit-plan.ts). */
export interface ForeignPlanFile {
  plan: Record<string, unknown>;
  actions: Foreign[];
}

/** Reads and validates a plan written by `scan --plan` (or edited by hand), or by the Python DocOps CLI's `scan --plan`. */
export async function readPlan(
  root: string,
  input: string,
): Promise<{ rel: string; plan: ScanPlan } | { rel: string; foreign: ForeignPlanFile }> {
  const { abs, rel } = planTarget(root, input);
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat)
    throw new DocketError('FILE_NOT_FOUND', `The plan file ${rel} does not exist.`, {
      suggestion: 'Make one with `docket scan --plan FILE`.',
      details: { path: rel },
    });
  if (!stat.isFile() || stat.size > MAX_PLAN_BYTES) invalid(rel, [stat.isFile() ? 'the file is too large' : 'it is not a regular file']);
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(await fs.readFile(abs, 'utf8')) as Record<string, unknown>;
  } catch {
    invalid(rel, ['the file is not JSON']);
  }
  const foreign = raw && typeof raw === 'object' && raw.kind !== PLAN_KIND ? foreignPlanOf(raw) : undefined;
  if (foreign) {
    const problems: string[] = [];
    const actions = checkForeignPlan(foreign, problems);
    // A path outside the root is hostile, not merely invalid: refused with exit 77 (as for docket's plans).
    for (const a of actions) for (const p of [a.source, a.target]) planTarget(root, p);
    if (problems.length > 0) invalid(rel, problems);
    return { rel, foreign: { plan: foreign, actions } };
  }
  if (!raw || typeof raw !== 'object' || raw.kind !== PLAN_KIND)
    invalid(rel, [
      `kind is not "${PLAN_KIND}", and it is not a plan of the Python DocOps CLI either (plan_version, config_fingerprint, actions)`,
    ]);
  const major = PLAN_VERSION.split('.')[0];
  if (typeof raw.plan_version !== 'string' || raw.plan_version.split('.')[0] !== major)
    invalid(rel, [`plan_version ${JSON.stringify(raw.plan_version)} is not ${major}.x`]);
  if (!Array.isArray(raw.actions)) invalid(rel, ['actions is not a list']);
  const problems: string[] = [];
  const actions = (raw.actions as unknown[]).map((a, i) => checkAction(root, a, i, problems));
  if (problems.length > 0) invalid(rel, problems);
  return {
    rel,
    plan: {
      kind: PLAN_KIND,
      plan_version: raw.plan_version,
      config: raw.config === 'defaults' ? 'defaults' : 'found',
      actions: actions as PlanAction[],
    },
  };
}
