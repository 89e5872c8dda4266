import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { IndexEdge, IndexNode } from '../index/graph.js';
import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { stateFilePath } from './file.js';
import { canonicalState, validDocStatuses, validImplStates } from './model.js';
import { nodeState, stateViews, type StatefulNode } from './nodes.js';
import { validateStateFile } from './validate.js';

/** `index --status` and `--impl-state`: comma-separated or repeated values, case-insensitive, `_` for a space. */
export interface IndexFilters {
  status?: readonly string[];
  implState?: readonly string[];
}

export const hasFilters = (f: IndexFilters | undefined): f is IndexFilters => Boolean(f?.status?.length || f?.implState?.length);

export async function stateFileExists(config: RepoConfig): Promise<boolean> {
  return fs.lstat(path.join(config.root, stateFilePath(config))).then(
    () => true,
    () => false,
  );
}

/** Each value canonical, or INVALID_FLAG_VALUE with the allowed values (in a fixed order). */
function canonicalValues(flag: string, values: readonly string[], allowed: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => {
      const c = canonicalState(v, allowed);
      if (c === undefined)
        throw new DocketError('INVALID_FLAG_VALUE', `${flag} "${v}" is not one of ${allowed.join(', ')}.`, {
          suggestion: `Use one of ${allowed.join(', ')}.`,
          details: { flag, value: v, allowed: [...allowed] },
        });
      return c;
    });
}

/** The filter values checked before the index is built (a bad value builds nothing). */
export function checkFilters(config: RepoConfig, filters: IndexFilters): { status: string[]; implState: string[] } {
  return {
    status: canonicalValues('--status', filters.status ?? [], validDocStatuses(config)),
    implState: canonicalValues('--impl-state', filters.implState ?? [], validImplStates(config)),
  };
}

/** Whether a document passes the filters: every filter must hold, a value list matches any of its values. */
export function filterOf(
  config: RepoConfig,
  filters: { status: readonly string[]; implState: readonly string[] },
): (n: { status: string | null; impl_state?: string }) => boolean {
  const statuses = validDocStatuses(config);
  return (n) =>
    (filters.status.length === 0 || (n.status !== null && filters.status.includes(canonicalState(n.status, statuses) ?? n.status))) &&
    (filters.implState.length === 0 || (n.impl_state !== undefined && filters.implState.includes(n.impl_state)));
}

/**
 * The nodes the filters keep (every filter must hold, a value list matches any of its values),
 * with their work-queue fields, and the edges between two of them. The artifact is never filtered.
 */
export async function filteredNodes(
  config: RepoConfig,
  nodes: readonly IndexNode[],
  edges: readonly IndexEdge[],
  filters: { status: string[]; implState: string[] },
): Promise<{ nodes: StatefulNode[]; edges: IndexEdge[] }> {
  const state = await stateViews(config);
  const views = state?.views ?? new Map();
  const kept = nodes.map((n): StatefulNode => ({ ...n, ...nodeState(n.document_id, views) })).filter(filterOf(config, filters));
  const ids = new Set(kept.map((n) => n.document_id));
  return { nodes: kept, edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)) };
}

/**
 * The state file checked as the Python DocOps CLI's index checks it: a file that does not
 * read or breaks its structure fails the run (the artifact is still written); the rest are
 * warnings, and Done-before-dependency is advice.
 */
export async function indexStateFindings(
  config: RepoConfig,
  ids: () => Promise<ReadonlySet<string> | undefined>,
  cmd: (c: string) => string,
): Promise<{ violations: Issue[]; warnings: Issue[]; advice: Advice[] }> {
  const checked = await validateStateFile(config, ids, cmd);
  const broken = checked.issues.filter(
    (i) => i.code === 'STATE_YAML_MALFORMED' || i.code === 'STATE_SCHEMA_VIOLATION' || i.code === 'SYMLINK_REFUSED',
  );
  return {
    violations: broken,
    warnings: checked.issues.filter((i) => !broken.includes(i)).map((i) => ({ ...i, severity: 'warning' })),
    advice: checked.advice,
  };
}
