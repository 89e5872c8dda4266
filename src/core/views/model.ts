import type { IndexNode } from '../index/graph.js';
import { timeOf, utcTimestamp } from '../state/model.js';
import type { StateViews } from '../state/nodes.js';

/** One governed document as the views show it: its frontmatter and, when tracked, its work-queue entry. */
export interface ViewDocument {
  document_id: string;
  /** Repository-relative path. */
  path: string;
  type: string | null;
  title: string | null;
  status: string | null;
  owner: string | null;
  last_updated: string | null;
  /** The entry's state, canonical; absent for a document project-state.yaml does not track. */
  impl_state?: string;
  updated?: string;
  /** The priority the entry sets (absent: none set, P2 in effect). */
  priority?: string;
  notes?: string;
  ready: boolean;
  open_blockers: readonly string[];
  unblocks: readonly string[];
}

/** Everything the catalogue and the kanban board show; rendering it is pure (see catalog.ts, kanban.ts). */
export interface ViewModel {
  project_name: string;
  /** The default namespace's prefix: the catalogue's own ID is `<prefix>-INDEX-001`. */
  repo_prefix: string;
  /** Repository-relative directory the views are written to: their links are relative to it. */
  dir: string;
  documents: readonly ViewDocument[];
  /** Canonical filter values the documents were chosen by (index --status / --impl-state). */
  filters?: { status: readonly string[]; impl_state: readonly string[] };
  /** Build time, UTC ISO 8601: only when asked for (--include-timestamp), so two runs write the same bytes. */
  built_at?: string;
}

/** The documents of the index with their entries, as the views need them (state: undefined when there is no usable state file). */
export function viewDocuments(nodes: readonly IndexNode[], state: StateViews | undefined): ViewDocument[] {
  return nodes.map((n) => {
    const doc: ViewDocument = {
      document_id: n.document_id,
      path: n.path,
      type: n.type,
      title: n.title,
      status: n.status,
      owner: n.owner,
      last_updated: n.last_updated,
      ready: false,
      open_blockers: [],
      unblocks: [],
    };
    const view = state?.views.get(n.document_id);
    if (!view) return doc;
    const priority = state!.entries.get(n.document_id)?.priority;
    return {
      ...doc,
      impl_state: view.impl_state,
      updated: view.updated,
      ...(priority !== undefined ? { priority } : {}),
      ...(view.notes !== undefined ? { notes: view.notes } : {}),
      ready: view.ready,
      open_blockers: view.open_blockers,
      unblocks: view.unblocks,
    };
  });
}

/** A frontmatter date or date-time as milliseconds (a date alone is midnight UTC, a time without offset UTC). */
function frontmatterTime(value: string | null): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : timeOf(utcTimestamp(v) ?? utcTimestamp(`${v}Z`) ?? '');
  return Number.isNaN(ms) ? undefined : ms;
}

/** Activity recency (the later of the entry's `updated` and the frontmatter's `last_updated`), in milliseconds; undefined when neither reads as a date. */
export function recencyOf(doc: ViewDocument): number | undefined {
  const times = [frontmatterTime(doc.last_updated), doc.updated === undefined ? undefined : timeOf(doc.updated)].filter(
    (t): t is number => t !== undefined && !Number.isNaN(t),
  );
  return times.length === 0 ? undefined : Math.max(...times);
}

/** A time as its UTC calendar date (YYYY-MM-DD). */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
