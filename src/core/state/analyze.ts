import type { Advice, Issue } from '../issues.js';
import { ID_PATTERN } from '../ids/document-id.js';
import type { Code } from '../../errors/codes.js';
import { dependencyCycles } from './cycles.js';
import type { StateFile } from './file.js';
import {
  ACTOR_PATTERN,
  canonicalPriority,
  canonicalState,
  isDone,
  isNotStarted,
  LIMITS,
  type EntryView,
  type StateEntry,
} from './model.js';

export interface StateAnalysis {
  /** Every entry that read surfaces show (those with an invalid priority are left out), by ID. */
  views: Map<string, EntryView>;
  /** The state file's findings as read surfaces report them (never fatal there). */
  warnings: Issue[];
  /** Done entries that depend on entries that are not. */
  advice: Advice[];
}

export interface AnalyzeOptions {
  /** The IDs of the index; undefined: not known, no STATE_UNKNOWN_DOC_ID. */
  known?: ReadonlySet<string>;
  validStates: readonly string[];
  cmd(command: string): string;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every ID an entry waits for: depends_on and blocked_by, sorted, once each. */
export const dependenciesOf = (e: StateEntry) => [...new Set([...e.depends_on, ...e.blocked_by])].sort(byString);

/** Problems of one entry's fields (the checks `state set` makes before it writes, and reads report). */
export function fieldIssues(id: string, e: Partial<StateEntry>): { code: Code; message: string }[] {
  const out: { code: Code; message: string }[] = [];
  if (e.priority !== undefined && canonicalPriority(e.priority) !== e.priority)
    out.push({ code: 'STATE_INVALID_PRIORITY', message: `${id}: priority "${e.priority}" is not one of P0, P1, P2, P3.` });
  if (e.assignee !== undefined && e.assignee.length > LIMITS.assignee)
    out.push({ code: 'STATE_FIELD_TOO_LONG', message: `${id}: assignee is ${e.assignee.length} characters (at most ${LIMITS.assignee}).` });
  if (e.next_action !== undefined && /[\r\n]/.test(e.next_action))
    out.push({ code: 'STATE_FIELD_INVALID_FORMAT', message: `${id}: next_action must be one line.` });
  if (e.next_action !== undefined && e.next_action.length > LIMITS.next_action)
    out.push({
      code: 'STATE_FIELD_TOO_LONG',
      message: `${id}: next_action is ${e.next_action.length} characters (at most ${LIMITS.next_action}).`,
    });
  for (const dep of [...new Set([...(e.depends_on ?? []), ...(e.blocked_by ?? [])])].sort(byString)) {
    if (dep === id) out.push({ code: 'STATE_SELF_DEPENDENCY', message: `${id} cannot depend on itself.` });
    else if (!ID_PATTERN.test(dep))
      out.push({ code: 'STATE_INVALID_DEPENDENCY_ID', message: `${id}: "${dep}" is not a document ID (PREFIX-TYPE-NNN).` });
  }
  return out;
}

/** The entry with its derived fields (reference §9.3). */
function viewOf(
  id: string,
  e: StateEntry,
  entries: ReadonlyMap<string, StateEntry>,
  unblocks: readonly string[],
  validStates: readonly string[],
): EntryView {
  const deps = dependenciesOf(e);
  const open = deps.filter((d) => !isDone(entries.get(d)?.impl_state));
  return {
    document_id: id,
    impl_state: canonicalState(e.impl_state, validStates) ?? e.impl_state,
    updated: e.updated,
    updated_by: e.updated_by,
    ...(e.notes !== undefined ? { notes: e.notes } : {}),
    priority: e.priority ?? 'P2',
    depends_on: e.depends_on,
    blocked_by: e.blocked_by,
    ...(e.assignee !== undefined ? { assignee: e.assignee } : {}),
    ...(e.next_action !== undefined ? { next_action: e.next_action } : {}),
    ready: isNotStarted(e.impl_state) && open.length === 0,
    open_blockers: open,
    unblocks: [...unblocks],
  };
}

/** Who waits for each ID: the reverse of the dependency lists, sorted. */
function reverseDependencies(entries: ReadonlyMap<string, StateEntry>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const id of [...entries.keys()].sort(byString)) {
    for (const dep of dependenciesOf(entries.get(id)!)) (out.get(dep) ?? out.set(dep, []).get(dep)!).push(id);
  }
  return out;
}

const cycleMessage = (cycle: readonly string[]) => `Dependency cycle: ${cycle.join(' -> ')}.`;

/** Derived fields and findings of the whole file. */
export function analyzeState(file: StateFile, opts: AnalyzeOptions): StateAnalysis {
  const { entries } = file;
  const warnings: Issue[] = [];
  const at = (id: string) => ({ path: file.rel, document_id: id, ...(file.lines.get(id) ? { line: file.lines.get(id)! } : {}) });
  const warn = (code: Code, message: string, id?: string, suggestion?: string) =>
    warnings.push({
      code,
      severity: 'warning',
      message,
      ...(id !== undefined ? at(id) : { path: file.rel }),
      ...(suggestion ? { suggestion } : {}),
    });
  const ids = [...entries.keys()];
  if (ids.some((id, i) => i > 0 && byString(ids[i - 1]!, id) > 0))
    warn(
      'STATE_UNSORTED_KEYS',
      `${file.rel} does not list its documents in ID order.`,
      undefined,
      'The next `docket state set` writes them sorted.',
    );
  const skipped = new Set<string>();
  for (const [id, e] of entries) {
    if (opts.known && !opts.known.has(id))
      warn(
        'STATE_UNKNOWN_DOC_ID',
        `${id} has a state entry but no governed document has this ID.`,
        id,
        `Remove it with \`${opts.cmd(`state set ${id} --clear`)}\`, or fix the ID.`,
      );
    if (canonicalState(e.impl_state, opts.validStates) === undefined)
      warn(
        'STATE_UNKNOWN_IMPL_STATE',
        `${id}: impl_state "${e.impl_state}" is not one of ${opts.validStates.join(', ')}.`,
        id,
        'Use a listed state, or add it to valid_impl_states in docops.config.yaml.',
      );
    if (!ACTOR_PATTERN.test(e.updated_by) || e.updated_by.length > LIMITS.actor)
      warn(
        'STATE_FIELD_SANITIZED',
        `${id}: updated_by "${e.updated_by.slice(0, 40)}" is not 1 to ${LIMITS.actor} characters of [a-zA-Z0-9._-].`,
        id,
      );
    if (e.notes !== undefined && e.notes.length > LIMITS.notes)
      warn(
        'STATE_FIELD_SANITIZED',
        `${id}: notes are ${e.notes.length} characters (at most ${LIMITS.notes}); the next write truncates them.`,
        id,
      );
    for (const issue of fieldIssues(id, e)) {
      warn(issue.code, issue.message, id);
      if (issue.code === 'STATE_INVALID_PRIORITY') skipped.add(id);
    }
    for (const dep of dependenciesOf(e)) {
      if (dep !== id && ID_PATTERN.test(dep) && !entries.has(dep) && (!opts.known || !opts.known.has(dep)))
        warn('STATE_UNDEFINED_DEPENDENCY', `${id} depends on ${dep}, which has no state entry${opts.known ? ' and no document' : ''}.`, id);
    }
  }
  const deps = new Map([...entries].map(([id, e]) => [id, dependenciesOf(e)]));
  for (const cycle of dependencyCycles(deps))
    warn(
      'STATE_DEPENDENCY_CYCLE',
      cycleMessage(cycle),
      cycle[0],
      'Remove one of the dependencies in the cycle; no entry in it can become ready.',
    );

  const reverse = reverseDependencies(entries);
  const views = new Map<string, EntryView>();
  const advice: Advice[] = [];
  for (const id of [...entries.keys()].sort(byString)) {
    if (skipped.has(id)) continue;
    const view = viewOf(id, entries.get(id)!, entries, reverse.get(id) ?? [], opts.validStates);
    views.set(id, view);
    if (isDone(view.impl_state) && view.open_blockers.length > 0) {
      advice.push({
        code: 'STATE_DEPENDENCY_STATUS_CONFLICT',
        message: `${id} is Done but depends on ${view.open_blockers.join(', ')}, which ${view.open_blockers.length === 1 ? 'is' : 'are'} not.`,
        command: opts.cmd(`state blockers`),
      });
    }
  }
  return { views, warnings, advice };
}
