import { DEFAULT_IMPL_STATES } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
export type { EntryView } from '../../contract/data/state.js';

/** The version a state file written by docket carries; a file without the key is the legacy 1.0 layout. */
export const STATE_SCHEMA_VERSION = '2.0';
export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const NOT_STARTED = 'Not Started';
const DONE = 'Done';
/** Field limits of the Python DocOps CLI (reference §10). */
export const LIMITS = { notes: 500, assignee: 120, next_action: 500, actor: 100 } as const;
export const ACTOR_PATTERN = /^[a-zA-Z0-9._-]+$/;
/** The keys of an entry, in the order they are written (reference §9.1). */
export const ENTRY_KEYS = [
  'impl_state',
  'updated',
  'updated_by',
  'notes',
  'priority',
  'depends_on',
  'blocked_by',
  'assignee',
  'next_action',
] as const;

/** One document's entry as stored (lists de-duplicated and sorted; `updated` in UTC). */
export interface StateEntry {
  impl_state: string;
  updated: string;
  updated_by: string;
  notes?: string;
  priority?: string;
  depends_on: string[];
  blocked_by: string[];
  assignee?: string;
  next_action?: string;
}

/** Canonical states first, then those the config adds (any namespace), without duplicates. */
export function validImplStates(config: RepoConfig): string[] {
  const out: string[] = [...DEFAULT_IMPL_STATES];
  const seen = new Set(out.map((s) => s.toLowerCase()));
  for (const ns of config.namespaces) {
    for (const s of ns.valid_impl_states) {
      if (!seen.has(s.toLowerCase())) {
        seen.add(s.toLowerCase());
        out.push(s);
      }
    }
  }
  return out;
}

/** Document statuses of every namespace, sorted. */
export function validDocStatuses(config: RepoConfig): string[] {
  return [...new Set(config.namespaces.flatMap((ns) => ns.valid_doc_statuses))].sort();
}

/** The canonical spelling of a state (case-insensitive; `_` stands for a space), or undefined. */
export function canonicalState(value: string, valid: readonly string[]): string | undefined {
  const key = value.trim().replace(/_/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return valid.find((s) => s.toLowerCase() === key);
}

export const isDone = (state: string | undefined) => state?.toLowerCase() === DONE.toLowerCase();
export const isNotStarted = (state: string) => state.toLowerCase() === NOT_STARTED.toLowerCase();

/** P0..P3 in upper case, or undefined. */
export function canonicalPriority(value: string): Priority | undefined {
  const up = value.trim().toUpperCase();
  return (PRIORITIES as readonly string[]).includes(up) ? (up as Priority) : undefined;
}

export const priorityRank = (p: string | undefined) => (p === undefined ? 2 : PRIORITIES.indexOf(p as Priority));

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO-8601 date-time with an offset, in UTC with `+00:00` (as Python's isoformat writes it),
 * the fraction kept; undefined when the text is not one (a date alone, no offset, no time).
 */
export function utcTimestamp(text: string): string | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [, date, time, fraction = '', offset] = m;
  const hms = time!.length === 5 ? `${time}:00` : time!;
  const ms = Date.parse(
    `${date}T${hms}${fraction.slice(0, 4)}${/^[Zz]$/.test(offset!) ? 'Z' : offset!.length === 5 ? `${offset!.slice(0, 3)}:${offset!.slice(3)}` : offset}`,
  );
  if (Number.isNaN(ms)) return undefined;
  if (/^[Zz]$|^[+-]00:?00$/.test(offset!)) return `${date}T${hms}${fraction}+00:00`;
  // Another offset: moved to UTC (the fraction beyond milliseconds is kept as written).
  const utc = new Date(ms).toISOString();
  return `${utc.slice(0, 19)}${fraction ? `.${utc.slice(20, 23)}${fraction.slice(4)}` : ''}+00:00`;
}

/** A run's time as the state file stores it: UTC, microsecond digits (the clock gives milliseconds). */
export function timestampOf(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 19)}.${iso.slice(20, 23)}000+00:00`;
}

/** Milliseconds since the epoch of a stored timestamp, for ordering by age. */
export const timeOf = (updated: string) => Date.parse(updated.replace(/(\.\d{3})\d+/, '$1'));
