import type { RepoConfig } from '../config/types.js';
import { DocketError } from '../../errors/docket-error.js';
import { analyzeState } from './analyze.js';
import { readStateFile, stateFilePath } from './file.js';
import type { Issue } from '../issues.js';
import { ACTOR_PATTERN, LIMITS, validImplStates, type EntryView, type StateEntry } from './model.js';
import type { NodeState } from '../../contract/data/document-index.js';
export type { NodeState };
export type { StatefulNode } from '../../contract/data/document-index.js';

/**
 * The entries of a readable, well-formed state file with their derived fields, by ID;
 * undefined when there is no file or it cannot be read (index and doctor report why).
 */
export interface StateViews {
  views: Map<string, EntryView>;
  /** The entries as stored. */
  entries: ReadonlyMap<string, StateEntry>;
}

export async function stateViews(config: RepoConfig): Promise<StateViews | undefined> {
  return (await readWorkQueue(config, '')).state;
}

/** The state file's views, or (a file that exists but is refused) a warning saying what the answer leaves out. */
export interface WorkQueueRead {
  state: StateViews | undefined;
  warnings: Issue[];
}

/** As stateViews, for readers that go on without the work queue: `leftOut` says what their answer lacks. */
export async function readWorkQueue(config: RepoConfig, leftOut: string): Promise<WorkQueueRead> {
  let file;
  try {
    file = await readStateFile(config);
  } catch (error) {
    if (!(error instanceof DocketError)) throw error;
    const rel = typeof error.details?.path === 'string' ? error.details.path : stateFilePath(config);
    return { state: undefined, warnings: [ignored(rel, error.message, leftOut, error.details?.line)] };
  }
  if (!file.exists) return { state: undefined, warnings: [] };
  const first = file.violations[0];
  if (first) return { state: undefined, warnings: [ignored(file.rel, first.message, leftOut, first.line)] };
  return {
    state: { views: analyzeState(file, { validStates: validImplStates(config), cmd: (c) => `docket ${c}` }).views, entries: file.entries },
    warnings: [],
  };
}

function ignored(rel: string, problem: string, leftOut: string, line: unknown): Issue {
  // The problem's first line, as one sentence that names the file (YAML errors end in a code frame).
  const first = (problem.split('\n', 1)[0] ?? '').replace(/[\s:.]+$/, '');
  const said = first.startsWith(rel) ? first : `${rel} was not read: ${first}`;
  return {
    code: 'STATE_FILE_IGNORED',
    severity: 'warning',
    message: `${said}.${leftOut ? ` ${leftOut}` : ''}`,
    path: rel,
    ...(typeof line === 'number' ? { line } : {}),
    suggestion: 'Run `docket doctor` to see each problem of the file, then fix it.',
  };
}

export function nodeState(id: string, views: ReadonlyMap<string, EntryView>): NodeState {
  const view = views.get(id);
  if (!view) return { ready: false, open_blockers: [], unblocks: [] };
  const { document_id: _id, ...fields } = view;
  return fields;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * The fields the Python DocOps CLI merges into its artifact's nodes from project-state.yaml
 * (reference §7.1): `updated_by` only when a valid actor, `priority` only when set, notes
 * HTML-escaped and at most 500 characters, then the derived fields.
 */
export function meminitWorkQueue({ views, entries }: StateViews): Map<string, Record<string, string | boolean | string[]>> {
  const out = new Map<string, Record<string, string | boolean | string[]>>();
  for (const [id, v] of views) {
    const fields: Record<string, string | boolean | string[]> = { impl_state: v.impl_state, updated: v.updated };
    if (ACTOR_PATTERN.test(v.updated_by) && v.updated_by.length <= LIMITS.actor) fields.updated_by = v.updated_by;
    if (v.notes !== undefined) fields.notes = v.notes.slice(0, LIMITS.notes).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
    if (entries.get(id)?.priority !== undefined) fields.priority = v.priority;
    fields.depends_on = v.depends_on;
    fields.blocked_by = v.blocked_by;
    if (v.assignee !== undefined) fields.assignee = v.assignee;
    if (v.next_action !== undefined) fields.next_action = v.next_action;
    fields.ready = v.ready;
    fields.open_blockers = v.open_blockers;
    fields.unblocks = v.unblocks;
    out.set(id, fields);
  }
  return out;
}
