// The data of the `docket state` commands: project-state entries as every read surface shows them.

/** An entry as every read surface shows it: the stored fields and the derived ones (never stored). */
export interface EntryView {
  document_id: string;
  impl_state: string;
  updated: string;
  updated_by: string;
  notes?: string;
  /** The effective priority: P2 when the file has none. */
  priority: string;
  depends_on: string[];
  blocked_by: string[];
  assignee?: string;
  next_action?: string;
  /** Not Started, and every dependency is Done. */
  ready: boolean;
  /** Dependencies (depends_on and blocked_by) not Done, sorted; unknown IDs count as open. */
  open_blockers: string[];
  /** Entries that list this one as a dependency, sorted. */
  unblocks: string[];
}
export type StateGetData = EntryView;

export interface StateListData {
  entries: EntryView[];
  valid_impl_states: string[];
  valid_doc_statuses: string[];
  summary: { total: number; returned: number; ready: number; blocked: number };
}

export interface StateNextData {
  /** The entry to work on next; null when none is ready (see reason). */
  entry: EntryView | null;
  selection: { rule: string; candidates_considered: number; filter: { assignee?: string; priority_at_least?: string } };
  reason: 'queue_empty' | 'state_missing' | null;
}

export interface OpenBlocker {
  id: string;
  impl_state: string | null;
  /** The ID has a state entry or a document. */
  known: boolean;
}

export interface StateBlockersData {
  blocked: { document_id: string; impl_state: string; priority: string; assignee: string | null; open_blockers: OpenBlocker[] }[];
  summary: { total_entries: number; blocked: number; ready: number };
}

export interface StateSetData {
  action: 'set' | 'clear';
  document_id: string;
  /** Repository-relative path of the state file. */
  path: string;
  dry_run: boolean;
  /** The entry differs from what the file had (a set with the same values and actor changes nothing). */
  changed: boolean;
  /** The file was replaced (never in a dry run). */
  written: boolean;
  /** The entry as written (or as it would be); null after --clear. */
  entry: EntryView | null;
}
