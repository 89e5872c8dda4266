import os from 'node:os';
import type { Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { envValue } from '../env.js';
import { analyzeState, dependenciesOf, fieldIssues } from '../state/analyze.js';
import { dependencyCycles } from '../state/cycles.js';
import { assertWellFormed, readStateFile, writeStateFile, type StateFile } from '../state/file.js';
import { withStateLock } from '../state/lock.js';
import {
  ACTOR_PATTERN,
  canonicalPriority,
  canonicalState,
  isDone,
  LIMITS,
  NOT_STARTED,
  timestampOf,
  type StateEntry,
} from '../state/model.js';
import { openState, stateId, type StateOptions } from '../state/open.js';
import { ID_PATTERN } from '../ids/document-id.js';
import type { StateResult } from './state-read.js';
import type { StateSetData } from '../../contract/data/state.js';
export type { StateSetData };

/** One list field's change: replace it, edit it (add and remove), or clear it; one way per call. */
export interface ListChange {
  replace?: readonly string[];
  add?: readonly string[];
  remove?: readonly string[];
  clear?: boolean;
}

export interface StateSetInput {
  id: string;
  implState?: string;
  notes?: string;
  priority?: string;
  dependsOn: ListChange;
  blockedBy: ListChange;
  /** "" clears it. */
  assignee?: string;
  /** "" clears it. */
  nextAction?: string;
  actor?: string;
  clear?: boolean;
  dryRun: boolean;
  env: NodeJS.ProcessEnv;
  now: Date;
}

const FAMILIES = [
  ['depends_on', 'depends-on'],
  ['blocked_by', 'blocked-by'],
] as const;

function modesOf(change: ListChange, flag: string): string[] {
  return [
    ...(change.replace !== undefined ? [`--${flag}`] : []),
    ...(change.add !== undefined || change.remove !== undefined
      ? [...(change.add !== undefined ? [`--add-${flag}`] : []), ...(change.remove !== undefined ? [`--remove-${flag}`] : [])]
      : []),
    ...(change.clear ? [`--clear-${flag}`] : []),
  ];
}

const hasListChange = (c: ListChange) => c.replace !== undefined || c.add !== undefined || c.remove !== undefined || Boolean(c.clear);

/** The flags' own rules, checked before anything is read (reference §9.2). */
function checkFlags(input: StateSetInput): void {
  const fields =
    input.implState !== undefined ||
    input.notes !== undefined ||
    input.priority !== undefined ||
    input.assignee !== undefined ||
    input.nextAction !== undefined ||
    hasListChange(input.dependsOn) ||
    hasListChange(input.blockedBy);
  if (!fields && !input.clear)
    throw new DocketError(
      'STATE_NO_MUTATION_PROVIDED',
      'Nothing to change: pass --impl-state, --notes, --priority, a dependency flag, --assignee, --next-action or --clear.',
      { suggestion: 'e.g. `--impl-state "In Progress"`.' },
    );
  if (fields && input.clear)
    throw new DocketError('STATE_CLEAR_MUTATION_CONFLICT', '--clear removes the entry; it cannot be combined with changes to its fields.', {
      suggestion: 'Run --clear alone.',
    });
  for (const [field, flag] of FAMILIES) {
    const change = field === 'depends_on' ? input.dependsOn : input.blockedBy;
    const kinds = [change.replace !== undefined, change.add !== undefined || change.remove !== undefined, Boolean(change.clear)].filter(
      Boolean,
    ).length;
    if (kinds > 1)
      throw new DocketError(
        'STATE_MIXED_MUTATION_MODE',
        `${field} can be replaced, edited or cleared in one call, not several of these (${modesOf(change, flag).join(', ')}).`,
        {
          suggestion: `Use --${flag} alone, --add-/--remove-${flag}, or --clear-${flag}.`,
          details: { field, conflicting_flags: modesOf(change, flag) },
        },
      );
  }
}

/** Who makes the change (updated_by): --actor as given, else DOCKET_ACTOR_ID or the user name made safe, else `unknown`. */
function resolveActor(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag !== undefined) {
    if (!ACTOR_PATTERN.test(flag) || flag.length > LIMITS.actor)
      throw new DocketError(
        'INVALID_FLAG_VALUE',
        `--actor "${flag.slice(0, 40)}" must be 1 to ${LIMITS.actor} characters of letters, digits, ".", "_" and "-".`,
        { suggestion: 'e.g. --actor agent-one.', details: { flag: '--actor', value: flag.slice(0, 200) } },
      );
    return flag;
  }
  let user: string | undefined = envValue(env, 'DOCKET_ACTOR_ID')?.value;
  if (user === undefined) {
    try {
      user = os.userInfo().username;
    } catch {
      user = undefined;
    }
  }
  const safe = (user ?? '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-zA-Z0-9._-]/g, '')
    .slice(0, LIMITS.actor);
  return safe === '' ? 'unknown' : safe;
}

const ids = (values: readonly string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** A list change with each ID as `set ID` names it (shorthand allowed, see resolveStateId), so `--depends-on ADR-002` records the full ID. */
async function resolvedChange(opened: Parameters<typeof stateId>[0], change: ListChange): Promise<ListChange> {
  const named = async (values: readonly string[] | undefined) =>
    values === undefined ? undefined : Promise.all(ids(values).map((v) => stateId(opened, v)));
  const [replace, add, remove] = [await named(change.replace), await named(change.add), await named(change.remove)];
  return { ...change, ...(replace ? { replace } : {}), ...(add ? { add } : {}), ...(remove ? { remove } : {}) };
}

function applyList(current: readonly string[], change: ListChange): string[] {
  if (change.clear) return [];
  if (change.replace !== undefined) return [...new Set(ids(change.replace))].sort();
  const removed = new Set(ids(change.remove));
  return [...new Set([...current, ...ids(change.add)])].filter((v) => !removed.has(v)).sort();
}

const sameEntry = (a: StateEntry, b: StateEntry) => JSON.stringify({ ...a, updated: '' }) === JSON.stringify({ ...b, updated: '' });

interface Planned {
  entries: Map<string, StateEntry>;
  changed: boolean;
  warnings: Issue[];
}

/** The file's entries after the change, refused when the changed fields break a rule or close a cycle. */
function plan(file: StateFile, id: string, input: StateSetInput, implState: string | undefined, actor: string): Planned {
  const entries = new Map(file.entries);
  const warnings: Issue[] = [];
  if (input.clear) return { entries, changed: entries.delete(id), warnings };
  const before = file.entries.get(id);
  const next: StateEntry = before
    ? { ...before, depends_on: [...before.depends_on], blocked_by: [...before.blocked_by] }
    : { impl_state: NOT_STARTED, updated: '', updated_by: actor, depends_on: [], blocked_by: [] };
  const changedFields: Partial<StateEntry> = {};
  const set = <K extends keyof StateEntry>(key: K, value: StateEntry[K] | undefined) => {
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    changedFields[key] = value;
  };
  if (implState !== undefined) set('impl_state', implState);
  if (input.notes !== undefined) {
    if (input.notes.length > LIMITS.notes)
      warnings.push({
        code: 'STATE_NOTES_TRUNCATED',
        severity: 'warning',
        message: `--notes had ${input.notes.length} characters; the first ${LIMITS.notes} were kept.`,
        path: file.rel,
        document_id: id,
      });
    set('notes', input.notes.slice(0, LIMITS.notes));
  }
  if (input.priority !== undefined) set('priority', canonicalPriority(input.priority) ?? input.priority);
  if (input.assignee !== undefined) set('assignee', input.assignee);
  if (input.nextAction !== undefined) set('next_action', input.nextAction);
  if (hasListChange(input.dependsOn)) set('depends_on', applyList(next.depends_on, input.dependsOn));
  if (hasListChange(input.blockedBy)) set('blocked_by', applyList(next.blocked_by, input.blockedBy));
  next.depends_on ??= [];
  next.blocked_by ??= [];
  const issues = fieldIssues(id, changedFields);
  if (issues.length > 0) {
    throw new DocketError(
      issues[0]!.code,
      `${id} was not changed (${issues.length} violation${issues.length === 1 ? '' : 's'}): ${issues.map((i) => i.message).join(' ')}`,
      { suggestion: 'Fix the values listed in `details.violations`.', details: { document_id: id, violations: issues } },
    );
  }
  next.updated_by = actor;
  if (before && sameEntry(before, next)) return { entries, changed: false, warnings };
  next.updated = timestampOf(input.now);
  entries.set(id, next);
  const cycle = dependencyCycles(new Map([...entries].map(([k, e]) => [k, dependenciesOf(e)]))).find((c) => c.includes(id));
  if (cycle)
    throw new DocketError('STATE_DEPENDENCY_CYCLE', `${id} was not changed: it would close a dependency cycle (${cycle.join(' -> ')}).`, {
      suggestion: 'Remove one of the dependencies in the cycle.',
      details: { document_id: id, cycle },
    });
  return { entries, changed: true, warnings };
}

/** `docket state set ID`: changes one entry under the state lock (a dry run reads and changes nothing). */
export async function runStateSet(root: string, input: StateSetInput, opts: StateOptions): Promise<StateResult<StateSetData>> {
  checkFlags(input);
  const actor = resolveActor(input.actor, input.env);
  const opened = await openState(root, opts);
  const findings: Issue[] = [...opened.warnings.filter((w) => !w.code.startsWith('STATE_'))];
  try {
    const implState = input.implState === undefined ? undefined : canonicalState(input.implState, opened.validStates);
    if (input.implState !== undefined && implState === undefined)
      throw new DocketError('INVALID_FLAG_VALUE', `--impl-state "${input.implState}" is not one of ${opened.validStates.join(', ')}.`, {
        suggestion: `Use one of ${opened.validStates.join(', ')}.`,
        details: { flag: '--impl-state', value: input.implState, allowed: opened.validStates },
      });
    const id = await stateId(opened, input.id);
    const named = {
      ...input,
      dependsOn: await resolvedChange(opened, input.dependsOn),
      blockedBy: await resolvedChange(opened, input.blockedBy),
    };
    const attempt = async (file: StateFile, write: boolean) => {
      const planned = plan(file, id, named, implState, actor);
      if (write && planned.changed) await writeStateFile(opened.config, file, planned.entries);
      return { planned, file };
    };
    const { planned, file } = input.dryRun
      ? await attempt(opened.file, false)
      : await withStateLock(opened.config.root, input.env, async () => {
          // Read again under the lock: another writer may have changed the file since it was opened (parsed again only then).
          const fresh = await readStateFile(opened.config, opened.file);
          assertWellFormed(fresh);
          return attempt(fresh, true);
        });
    const known = opened.known?.ids;
    const entry = planned.entries.get(id);
    if (entry && known) {
      if (!known.has(id))
        findings.push({
          code: 'STATE_UNKNOWN_DOC_ID',
          severity: 'warning',
          message: `No governed document has the ID ${id}; its entry was ${input.dryRun ? 'checked' : 'recorded'} all the same.`,
          path: file.rel,
          document_id: id,
        });
      for (const dep of dependenciesOf(entry)) {
        if (ID_PATTERN.test(dep) && !known.has(dep) && !planned.entries.has(dep))
          findings.push({
            code: 'STATE_UNDEFINED_DEPENDENCY',
            severity: 'warning',
            message: `${id} depends on ${dep}, which has no state entry and no document.`,
            path: file.rel,
            document_id: id,
          });
      }
    }
    const after: StateFile = { ...file, entries: planned.entries };
    const view = entry ? (analyzeState(after, { validStates: opened.validStates, cmd: opts.cmd }).views.get(id) ?? null) : null;
    return {
      data: {
        action: input.clear ? 'clear' : 'set',
        document_id: id,
        path: file.rel,
        dry_run: input.dryRun,
        changed: planned.changed,
        written: !input.dryRun && planned.changed,
        entry: view,
      },
      warnings: [...findings, ...planned.warnings],
      // Work finished: what comes next.
      advice:
        view && planned.changed && isDone(view.impl_state)
          ? [{ code: 'NEXT_STATE_NEXT', message: 'Take the next ready item of the work queue.', command: opts.cmd('state next') }]
          : [],
    };
  } catch (error) {
    if (error instanceof DocketError) throw error.withFindings(findings, []);
    throw error;
  }
}
