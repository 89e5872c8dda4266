import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { openState, stateId, type OpenedState, type StateOptions } from '../state/open.js';
import { canonicalPriority, canonicalState, priorityRank, timeOf, validDocStatuses, type EntryView } from '../state/model.js';
import type { StateGetData, StateListData, StateNextData, StateBlockersData } from '../../contract/data/state.js';
export type { StateGetData, StateListData, StateNextData, StateBlockersData };

const NEXT_RULE = 'priority > unblocks > updated > document_id';

export interface StateResult<D> {
  data: D;
  warnings: Issue[];
  advice: Advice[];
}

const result = <D>(opened: OpenedState, data: D, advice: Advice[] = []): StateResult<D> => ({
  data,
  warnings: opened.warnings,
  advice: [...opened.advice, ...advice],
});

/** A failure that keeps what was found on the way (as resolve's lookups do). */
async function answering<D>(
  opts: StateOptions,
  root: string,
  body: (opened: OpenedState) => Promise<StateResult<D>>,
): Promise<StateResult<D>> {
  // Reads answer from the state file and the recorded index (see StateOptions.recordedIndex).
  const opened = await openState(root, { ...opts, recordedIndex: true });
  try {
    return await body(opened);
  } catch (error) {
    if (error instanceof DocketError) throw error.withFindings(opened.warnings, opened.advice);
    throw error;
  }
}

/** `docket state get ID`. */
export function runStateGet(root: string, input: string, opts: StateOptions): Promise<StateResult<StateGetData>> {
  return answering(opts, root, async (opened) => {
    const id = await stateId(opened, input);
    const { file, analysis } = opened;
    if (!file.exists)
      throw new DocketError('STATE_NOT_FOUND', `${file.rel} does not exist: no work has been recorded.`, {
        suggestion: `Record some with \`${opts.cmd(`state set ${id} --impl-state "Not Started"`)}\`.`,
        details: { path: file.rel, document_id: id },
      });
    const view = analysis.views.get(id);
    if (!view) {
      const raw = file.entries.get(id);
      if (raw)
        throw new DocketError('STATE_INVALID_PRIORITY', `${id}: priority "${raw.priority}" is not one of P0, P1, P2, P3.`, {
          suggestion: `Set it with \`${opts.cmd(`state set ${id} --priority P2`)}\`.`,
          details: { document_id: id, priority: raw.priority },
        });
      throw new DocketError('STATE_NOT_FOUND', `${id} has no state entry in ${file.rel}.`, {
        suggestion: `Record it with \`${opts.cmd(`state set ${id} --impl-state "Not Started"`)}\`.`,
        details: { path: file.rel, document_id: id },
      });
    }
    return result(opened, view);
  });
}

export interface ListFilters {
  ready?: boolean;
  blocked?: boolean;
  assignee?: readonly string[];
  priority?: readonly string[];
  implState?: readonly string[];
}

function invalidValue(flag: string, value: string, allowed: readonly string[]): DocketError {
  return new DocketError('INVALID_FLAG_VALUE', `${flag} "${value}" is not one of ${allowed.join(', ')}.`, {
    suggestion: `Use one of ${allowed.join(', ')}.`,
    details: { flag, value, allowed: [...allowed] },
  });
}

/** `docket state list`: entries by ID, filtered (every filter must hold; a list flag matches any of its values). */
export function runStateList(root: string, filters: ListFilters, opts: StateOptions): Promise<StateResult<StateListData>> {
  return answering(opts, root, async (opened) => {
    if (filters.ready === true && filters.blocked === true)
      throw new DocketError('FLAG_CONFLICT', '--ready and --blocked cannot both hold: a ready entry has no open blockers.', {
        suggestion: 'Keep one of them.',
        details: { flags: ['--ready', '--blocked'] },
      });
    const priorities = (filters.priority ?? []).map(
      (p) =>
        canonicalPriority(p) ??
        (() => {
          throw invalidValue('--priority', p, ['P0', 'P1', 'P2', 'P3']);
        })(),
    );
    const states = (filters.implState ?? []).map(
      (s) =>
        canonicalState(s, opened.validStates) ??
        (() => {
          throw invalidValue('--impl-state', s, opened.validStates);
        })(),
    );
    const all = [...opened.analysis.views.values()];
    const entries = all.filter(
      (e) =>
        (filters.ready === undefined || e.ready === filters.ready) &&
        (filters.blocked === undefined || e.open_blockers.length > 0 === filters.blocked) &&
        (!filters.assignee?.length || (e.assignee !== undefined && filters.assignee.includes(e.assignee))) &&
        (priorities.length === 0 || priorities.includes(e.priority as never)) &&
        (states.length === 0 || states.includes(e.impl_state)),
    );
    return result(opened, {
      entries,
      valid_impl_states: opened.validStates,
      valid_doc_statuses: validDocStatuses(opened.config),
      summary: {
        total: all.length,
        returned: entries.length,
        ready: entries.filter((e) => e.ready).length,
        blocked: entries.filter((e) => e.open_blockers.length > 0).length,
      },
    });
  });
}

/** The order of `state next`: priority, then how much it unblocks, then age, then ID. */
function compareCandidates(a: EntryView, b: EntryView): number {
  return (
    priorityRank(a.priority) - priorityRank(b.priority) ||
    b.unblocks.length - a.unblocks.length ||
    timeOf(a.updated) - timeOf(b.updated) ||
    (a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : 0)
  );
}

/** `docket state next`: the ready entry to take next, and why. */
export function runStateNext(
  root: string,
  filter: { assignee?: string; priorityAtLeast?: string },
  opts: StateOptions,
): Promise<StateResult<StateNextData>> {
  return answering(opts, root, async (opened) => {
    const atLeast =
      filter.priorityAtLeast === undefined
        ? undefined
        : (canonicalPriority(filter.priorityAtLeast) ??
          (() => {
            throw invalidValue('--priority-at-least', filter.priorityAtLeast, ['P0', 'P1', 'P2', 'P3']);
          })());
    const candidates = [...opened.analysis.views.values()]
      .filter(
        (e) =>
          e.ready &&
          (filter.assignee === undefined || e.assignee === filter.assignee) &&
          (atLeast === undefined || priorityRank(e.priority) <= priorityRank(atLeast)),
      )
      .sort(compareCandidates);
    const entry = candidates[0] ?? null;
    const reason = entry ? null : opened.file.exists ? 'queue_empty' : 'state_missing';
    const advice: Advice[] = entry
      ? [
          {
            code: 'NEXT_STATE_SET',
            message: `Take ${entry.document_id}: record that work on it started.`,
            command: opts.cmd(`state set ${entry.document_id} --impl-state "In Progress"`),
          },
        ]
      : [
          {
            code: 'NEXT_STATE_SET',
            message:
              reason === 'state_missing'
                ? 'No work is recorded yet: record the state of a document.'
                : 'Nothing is ready: see what blocks the queue.',
            command: opts.cmd(reason === 'state_missing' ? 'state set <ID> --impl-state "Not Started"' : 'state blockers'),
          },
        ];
    return result(
      opened,
      {
        entry,
        selection: {
          rule: NEXT_RULE,
          candidates_considered: candidates.length,
          filter: {
            ...(filter.assignee !== undefined ? { assignee: filter.assignee } : {}),
            ...(atLeast !== undefined ? { priority_at_least: atLeast } : {}),
          },
        },
        reason,
      },
      advice,
    );
  });
}

/** `docket state blockers`: every entry waiting for something not Done, and what. */
export function runStateBlockers(root: string, filter: { assignee?: string }, opts: StateOptions): Promise<StateResult<StateBlockersData>> {
  return answering(opts, root, async (opened) => {
    const views = [...opened.analysis.views.values()];
    const { entries } = opened.file;
    const blocked = views
      .filter((e) => e.open_blockers.length > 0 && (filter.assignee === undefined || e.assignee === filter.assignee))
      .map((e) => ({
        document_id: e.document_id,
        impl_state: e.impl_state,
        priority: e.priority,
        assignee: e.assignee ?? null,
        open_blockers: e.open_blockers.map((id) => {
          const dep = entries.get(id);
          return {
            id,
            impl_state: dep ? (canonicalState(dep.impl_state, opened.validStates) ?? dep.impl_state) : null,
            known: dep !== undefined || (opened.known?.ids.has(id) ?? false),
          };
        }),
      }));
    return result(opened, {
      blocked,
      summary: { total_entries: views.length, blocked: blocked.length, ready: views.filter((e) => e.ready).length },
    });
  });
}
