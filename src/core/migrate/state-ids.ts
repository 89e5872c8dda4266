import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { RepoConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { readStateFile, serializeState } from '../state/file.js';
import type { StateEntry } from '../state/model.js';
import type { IdEdit } from './id-edits.js';
import { DocketError } from '../../errors/docket-error.js';

/** project-state.yaml with migrated IDs: its bytes as read (the write checks them), text before and after, and each edit. */
export interface StateIdsChange {
  rel: string;
  old: Buffer;
  before: string;
  after: string;
  edits: IdEdit[];
}

/**
 * The work queue follows its documents: an entry keyed by a migrated ID takes the new ID, and so
 * does each depends_on / blocked_by value naming one (`ids`: old ID to new, unambiguous ones
 * only). Written in the layout `state set` writes. A file with structural problems, or an entry
 * whose new ID already has one, is left as it is, with a warning.
 */
export async function stateIdsChange(
  config: RepoConfig,
  ids: ReadonlyMap<string, string>,
  warnings: Issue[],
): Promise<StateIdsChange | undefined> {
  if (ids.size === 0) return undefined;
  const file = await readStateFile(config);
  if (!file.exists) return undefined;
  const named = [...file.entries].some(([id, e]) => ids.has(id) || [...e.depends_on, ...e.blocked_by].some((d) => ids.has(d)));
  if (!named) return undefined;
  if (file.violations.length > 0) {
    warnings.push({
      code: 'MIGRATE_SKIPPED',
      severity: 'warning',
      message: `${file.rel} breaks its structure, so its entries keep the old IDs.`,
      path: file.rel,
      suggestion: 'Fix it (`docket doctor` lists the problems), then run migrate-ids again or rename its entries with `docket state set`.',
    });
    return undefined;
  }
  const old = await fs.readFile(file.abs);
  // The entries must be those of the bytes the write will check, or a `state set` between the
  // two reads would be overwritten.
  if (createHash('sha256').update(old).digest('hex') !== file.sha256)
    throw new DocketError('FILE_CHANGED', `${file.rel} changed while docket read it; nothing was written.`, {
      details: { path: file.rel },
    });
  const edits: IdEdit[] = [];
  const entries = new Map<string, StateEntry>();
  const renamed = (list: string[], line: number) =>
    list.map((d) => {
      const next = ids.get(d);
      if (next === undefined) return d;
      edits.push({ path: file.rel, line, kind: 'state_dependency', old: d, new: next });
      return next;
    });
  for (const [id, entry] of file.entries) {
    const line = file.lines.get(id) ?? 1;
    let key = id;
    const next = ids.get(id);
    if (next !== undefined && (file.entries.has(next) || entries.has(next))) {
      warnings.push({
        code: 'MIGRATE_SKIPPED',
        severity: 'warning',
        message: `${file.rel} already has an entry for ${next}, so the entry of ${id} keeps its ID.`,
        path: file.rel,
        suggestion: `Merge the two entries by hand, or with \`docket state set ${next}\`.`,
      });
    } else if (next !== undefined) {
      key = next;
      edits.push({ path: file.rel, line, kind: 'state_entry', old: id, new: next });
    }
    entries.set(key, { ...entry, depends_on: renamed(entry.depends_on, line), blocked_by: renamed(entry.blocked_by, line) });
  }
  if (edits.length === 0) return undefined;
  return { rel: file.rel, old, before: old.toString('utf8'), after: serializeState(entries), edits };
}
