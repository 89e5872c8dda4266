import type { Finding } from '../engine/model.js';
import { inspectForFix, type FixInspection } from '../fix/inspect.js';
import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { loadConfig, parseConfig } from '../config/load.js';
import { applyScanPlan } from '../scan/apply.js';
import { relinkMoves } from '../scan/relink.js';
import { readPlan } from '../scan/plan-file.js';
import { fromForeignPlan } from '../scan/meminit-plan.js';
import { configSha256 } from '../scan/config-facts.js';
import type { NamespaceConfig } from '../config/types.js';
import { renameDiff, unifiedDiff } from '../fix/diff.js';
import { planFixes, type FilePlan } from '../fix/plan.js';
import { applyPlan, fixSkipped, plannedOverlay } from '../fix/apply.js';
import { applyRenameSet, planRenameSet, setChanges, setFixes, type RenameSet } from '../fix/renames.js';
import { findStaleTempFiles, removeStaleTempFiles, staleTempWarning } from '../fs/stale-temp.js';
import { todayIso } from '../dates.js';
import { claimedIds } from '../ids/claim.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues, type Advice, type Issue } from '../issues.js';
import type { FixChange, FixData } from '../../contract/data/fix.js';

export type { FixData };

export interface FixOptions {
  apply: boolean;
  namespace?: string;
  env: NodeJS.ProcessEnv;
  now: Date;
  signal?: AbortSignal;
  cmd(command: string): string;
  /** A plan written by `scan --plan`: run (or preview) its actions instead of the mechanical fixes. */
  plan?: string;
  /** Set: a missing config gives the defaults (see loadConfigOrDefaults). */
  fallback?: ConfigFallback;
  /** false: files `.gitignore` ignores are walked too (--no-ignore). */
  ignoreFiles?: boolean;
}

export interface FixResult {
  data: FixData;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
}

function changesOf(plan: FilePlan): FixChange[] {
  const out: FixChange[] = [];
  const rel = plan.doc.rel;
  const edited = plan.text !== undefined && plan.action !== undefined;
  if (edited) {
    // Renamed too: the edit's diff carries the rename, and the rename's own diff is empty, so the
    // diffs concatenate into one patch `git apply` accepts (see unifiedDiff).
    out.push({
      path: rel,
      action: plan.action!,
      diff: unifiedDiff(plan.doc.record.text!, plan.text!, rel, plan.rename?.to ?? rel),
      ...(plan.blockLines ? { block_lines: plan.blockLines } : {}),
      fields: plan.fields.map((f) => ({ field: f.field, op: f.op, ...(f.from !== undefined ? { from: f.from } : {}), to: f.to })),
    });
  }
  if (plan.rename)
    out.push({ path: rel, action: 'rename', from: rel, to: plan.rename.to, diff: edited ? '' : renameDiff(rel, plan.rename.to) });
  return out;
}

/** Changes in path order (a file's own changes keep theirs: the first carries its diff). */
function byPath(changes: FixChange[]): FixChange[] {
  return changes
    .map((c, i) => [c, i] as const)
    .sort(([a, i], [b, j]) => (a.path < b.path ? -1 : a.path > b.path ? 1 : i - j))
    .map(([c]) => c);
}

/** The findings of a check, in the namespace when one is given, sorted. */
function allFindings(inspection: FixInspection, ns: NamespaceConfig | undefined): Finding[] {
  const inNamespace = (f: Finding): boolean => {
    if (!ns || f.path === undefined) return true;
    const name = inspection.namespaceOf.get(f.path);
    if (name !== undefined) return name === ns.name;
    return f.path === ns.schema_path || f.path === ns.docs_root || f.path.startsWith(`${ns.docs_root}/`);
  };
  return [...inspection.repository, ...inspection.findings].filter(inNamespace).sort(compareIssues);
}

/**
 * How many findings before the plan are gone after it (a finding on a moved file is looked for
 * at its new path): the number `fix --plan` reports as fixed, whatever the count of actions.
 */
function gone(before: readonly Finding[], after: readonly Finding[], changes: readonly FixChange[]): number {
  const moved = new Map(changes.flatMap((c) => (c.action === 'rename' && c.to ? [[c.from ?? c.path, c.to] as const] : [])));
  const left = new Map<string, number>();
  const key = (code: string, rel: string | undefined) => `${code}\u0000${rel ?? ''}`;
  for (const f of after) left.set(key(f.code, f.path), (left.get(key(f.code, f.path)) ?? 0) + 1);
  let fixed = 0;
  for (const f of before) {
    let at = f.path;
    for (let hops = 0; at !== undefined && moved.has(at) && hops < moved.size; hops++) at = moved.get(at);
    const k = key(f.code, at);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else fixed++;
  }
  return fixed;
}

/**
 * `docket fix --plan FILE`: previews (default) or applies a scan plan, then checks what
 * remains. Works before `init` too where the defaults may stand in (see loadConfigOrDefaults).
 */
async function runPlan(root: string, planFile: string, opts: FixOptions): Promise<FixResult> {
  const loaded = await loadConfigOrDefaults(root, opts.fallback);
  const config = loaded.config;
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  const read = await readPlan(root, planFile);
  const rel = read.rel;
  const plan =
    'plan' in read
      ? read.plan
      : fromForeignPlan(read.foreign.plan, read.foreign.actions, {
          config,
          configSha256: await configSha256(root),
          ids: (await inspectForFix(config, { fixable: false, ...(opts.signal ? { signal: opts.signal } : {}) })).ids,
          claimed: await claimedIds(config.root),
        });
  const warnings: Issue[] = [...loaded.warnings];
  const before = allFindings(await inspectForFix(config, { fixable: false, ...(opts.signal ? { signal: opts.signal } : {}) }), undefined);
  const { outcomes, changes, predicted } = await applyScanPlan(config.root, plan, {
    apply: opts.apply,
    claimed: new Set(await claimedIds(config.root)),
    warnings,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  changes.push(
    ...(await relinkMoves(config, outcomes, { apply: opts.apply, predicted, warnings, ...(opts.signal ? { signal: opts.signal } : {}) })),
  );
  // An applied `exclude` action changed docops.config.yaml: what remains is checked under the new config.
  const edited = opts.apply && outcomes.some((o) => o.action === 'exclude' && o.outcome === 'applied');
  // A dry run checks what its actions would leave (see Overlay), under the config they would leave.
  const planned = !opts.apply && (predicted.overlay.files.size > 0 || predicted.config !== undefined);
  const afterConfig = edited
    ? (await loadConfig(root)).config
    : planned && predicted.config !== undefined
      ? parseConfig(root, predicted.config).config
      : config;
  const after = await inspectForFix(afterConfig, {
    fixable: false,
    ...(planned ? { overlay: predicted.overlay } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const remaining = allFindings(after, undefined);
  const done = outcomes.filter((o) => o.outcome !== 'refused').length;
  const advice: Advice[] = [];
  if (loaded.defaults)
    advice.push({
      code: 'NEXT_INIT',
      message: 'No docops.config.yaml yet: the plan was checked against the defaults `init` writes.',
      command: opts.cmd('init'),
    });
  if (!opts.apply && done > 0)
    advice.push({
      code: 'NEXT_FIX_APPLY',
      message: `Run the ${done} action${done === 1 ? '' : 's'} that can be applied.`,
      command: opts.cmd(`fix --plan ${rel} --apply`),
    });
  if (remaining.length > 0)
    advice.push({
      code: 'NEXT_CHECK',
      message: `${remaining.length} finding${remaining.length === 1 ? '' : 's'} remain${remaining.length === 1 ? 's' : ''}: see them with their suggestions.`,
      command: opts.cmd('check'),
    });
  warnings.push(...remaining.filter((f) => f.severity !== 'error'));
  return {
    data: {
      dry_run: !opts.apply,
      fixed: gone(before, remaining, changes),
      remaining: remaining.length,
      changes,
      plan: { path: rel, applied: opts.apply ? done : 0, refused: outcomes.length - done, actions: outcomes },
    },
    violations: remaining.filter((f) => f.severity === 'error'),
    warnings,
    advice,
    partial: after.partial,
  };
}

/** `docket fix`: plans (dry run) or applies the mechanical fixes, then reports what remains. */
export async function runFix(root: string, opts: FixOptions): Promise<FixResult> {
  if (opts.plan !== undefined) return runPlan(root, opts.plan, opts);
  const { config, warnings: configWarnings } = await loadConfigOrDefaults(root, opts.fallback);
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  let ns: NamespaceConfig | undefined;
  if (opts.namespace !== undefined) {
    ns = config.namespaces.find((n) => n.name.toLowerCase() === opts.namespace!.toLowerCase());
    if (!ns) {
      const names = config.namespaces.map((n) => n.name);
      throw new DocketError('UNKNOWN_NAMESPACE', `There is no namespace "${opts.namespace}" in ${config.config_path}.`, {
        suggestion: `Use one of: ${names.join(', ')}.`,
        details: { namespace: opts.namespace, valid_namespaces: names },
      });
    }
  }
  const today = todayIso(opts.now, opts.env);
  const before = await inspectForFix(config, { fixable: true, ...(opts.signal ? { signal: opts.signal } : {}) });
  const plans = planFixes(before, { today, claimed: await claimedIds(config.root), ...(ns ? { namespace: ns.name } : {}) });
  const warnings: Issue[] = [...configWarnings, ...before.changed];
  let changes: FixChange[] = [];
  let fixed = 0;
  let remainingFindings: Finding[];
  let partial: boolean;
  // Renames, and the files whose links they break, go in one set of writes (see fix/renames.ts).
  let set: RenameSet | undefined;
  try {
    set = await planRenameSet(config, plans, warnings, opts.signal);
  } catch (error) {
    if (!(error instanceof DocketError) || error.code !== 'FILE_CHANGED') throw error;
    for (const plan of plans.filter((p) => p.rename))
      warnings.push(fixSkipped(plan.doc.rel, `${plan.doc.rel} was not renamed: ${error.message} Run fix again.`));
    for (const plan of plans) delete plan.rename;
  }
  const single = set ? plans.filter((p) => !set.edits.some((e) => e.rel === p.doc.rel)) : plans;
  if (!opts.apply) {
    changes = byPath([...single.flatMap(changesOf), ...(set ? setChanges(set) : [])]);
    fixed = new Set(single.flatMap((p) => [...p.contentFixes, ...(p.rename?.fixes ?? [])])).size + (set ? setFixes(set) : 0);
    // What remains is what the check after --apply would find: the same check, run on the planned files.
    const singles = await plannedOverlay(config.root, single);
    const overlay = { files: new Map(singles.files), gone: new Set(singles.gone) };
    for (const edit of set?.edits ?? []) {
      overlay.files.set(edit.to ?? edit.rel, Buffer.from(`${edit.bom ? '\uFEFF' : ''}${edit.after}`, 'utf8'));
      if (edit.to !== undefined) overlay.gone.add(edit.rel);
    }
    const after =
      plans.length === 0
        ? before
        : await inspectForFix(config, { fixable: false, overlay, ...(opts.signal ? { signal: opts.signal } : {}) });
    remainingFindings = allFindings(after, ns);
    partial = after.partial;
  } else {
    if (set && (await applyRenameSet(config.root, set, warnings))) {
      changes.push(...setChanges(set));
      fixed += setFixes(set);
    }
    for (const plan of single) {
      if (opts.signal?.aborted)
        throw new DocketError('INTERRUPTED', 'Interrupted while writing fixes; every file written so far is complete.');
      const planned = changesOf(plan);
      const done = await applyPlan(config.root, plan, warnings);
      changes.push(...planned.filter((c) => (c.action === 'rename' ? done.rename : done.content)));
      fixed += (done.content ? plan.contentFixes.length : 0) + (done.rename ? (plan.rename?.fixes.length ?? 0) : 0);
    }
    changes = byPath(changes);
    const after = await inspectForFix(config, { fixable: false, ...(opts.signal ? { signal: opts.signal } : {}) });
    remainingFindings = allFindings(after, ns);
    partial = after.partial;
  }
  // Temporary files of killed runs: a dry run lists them, --apply removes them (only those).
  const stale = await findStaleTempFiles(config);
  const removed = opts.apply ? await removeStaleTempFiles(config, stale) : [];
  for (const rel of stale.filter((r) => !removed.includes(r))) warnings.push(staleTempWarning(rel, opts.cmd));
  const violations = remainingFindings.filter((f) => f.severity === 'error');
  warnings.push(...remainingFindings.filter((f) => f.severity !== 'error'));
  const nsFlag = ns ? ` --namespace ${ns.name}` : '';
  const advice: Advice[] = [];
  if (!opts.apply && changes.length > 0)
    advice.push({
      code: 'NEXT_FIX_APPLY',
      message: changes.length === 1 ? 'Write this change.' : `Write these ${changes.length} changes.`,
      command: opts.cmd(`fix --apply${nsFlag}`),
    });
  if (remainingFindings.length > 0)
    advice.push({
      code: 'NEXT_CHECK',
      message: `${remainingFindings.length} finding${remainingFindings.length === 1 ? '' : 's'} need${remainingFindings.length === 1 ? 's' : ''} a person: see them with their suggestions.`,
      command: opts.cmd('check'),
    });
  return {
    data: {
      dry_run: !opts.apply,
      fixed,
      remaining: remainingFindings.length,
      changes,
      ...(ns ? { namespace: ns.name } : {}),
      ...(removed.length > 0 ? { removed_temp_files: removed } : {}),
    },
    violations,
    warnings,
    advice,
    partial,
  };
}
