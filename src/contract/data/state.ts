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
