import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { buildIndex, type RebuildInfo } from '../index/build.js';
import type { CacheMode } from '../index/cache.js';
import type { Advice, Issue } from '../issues.js';
import type { ItemSink } from '../stream.js';

export interface IndexData {
  index_path: string;
  node_count: number;
  edge_count: number;
  /** Whether the artifact's bytes changed and were written (false: unchanged, or integrity failed). */
  written: boolean;
  /** --check: whether the artifact is what `docket index` would write now. */
  current?: boolean;
  rebuild: RebuildInfo;
}

export interface IndexOptions {
  cache: CacheMode;
  signal?: AbortSignal;
  cmd(command: string): string;
  /** Set: a missing config gives the defaults (see loadConfigOrDefaults). */
  fallback?: ConfigFallback;
  /** NDJSON: nodes and edges are written here as items. */
  sink?: ItemSink;
  /** false: files `.gitignore` ignores are walked too (--no-ignore). */
  ignoreFiles?: boolean;
  /** Progress for a person at a terminal (ignored when `sink` is set: a stream reports its own). */
  progress?(phase: string, done: number, total: number): void;
  /** --check: write nothing (neither the artifact nor the cache); a missing or stale artifact is INDEX_OUT_OF_DATE. */
  check?: boolean;
}

export interface IndexResult {
  data: IndexData;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
}

function outOfDate(indexPath: string, missing: boolean): Issue {
  return {
    code: 'INDEX_OUT_OF_DATE',
    severity: 'error',
    message: missing ? `${indexPath} does not exist.` : `${indexPath} is not what \`docket index\` would write now: the documents changed since it was written.`,
    path: indexPath,
    suggestion: 'Run `docket index` and commit the artifact.',
  };
}

/**
 * `docket index`: builds the graph and writes the artifact at index_path when its bytes
 * change. Duplicate IDs and supersession cycles fail the run and leave the artifact as it was.
 */
export async function runIndex(root: string, opts: IndexOptions): Promise<IndexResult> {
  const { config, warnings: configWarnings } = await loadConfigOrDefaults(root, opts.fallback);
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  const sink = opts.sink;
  const built = await buildIndex(config, {
    cache: opts.cache,
    write: opts.cache !== 'off' && !opts.check,
    ...(opts.check ? { compare: true } : { artifact: true }),
    graph: sink !== undefined || opts.check === true,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(sink ? { onProgress: (done: number, total: number) => sink.progress('read', done, total) } : opts.progress ? { onProgress: (done: number, total: number) => opts.progress!('read', done, total) } : {}),
  });
  const failed = built.violations.length > 0;
  if (sink) {
    for (const node of built.nodes ?? []) await sink.item('node', node);
    for (const edge of built.edges ?? []) await sink.item('edge', edge);
  }
  const advice: Advice[] = [...built.advice];
  if (failed) advice.unshift({ code: 'NEXT_CHECK', message: 'See every finding of the documents involved.', command: opts.cmd('check') });
  else if (built.first_id !== null) advice.push({ code: 'NEXT_RESOLVE', message: 'Look a document up by ID.', command: opts.cmd(`resolve ${built.first_id}`) });
  const stale = opts.check && !failed && built.onDisk !== 'same';
  if (stale) advice.unshift({ code: 'NEXT_INDEX', message: 'Write the index as the documents are now, then commit it.', command: opts.cmd('index') });
  return {
    data: { index_path: config.index_path, node_count: built.node_count, edge_count: built.edge_count, written: built.written, ...(opts.check && !failed ? { current: !stale } : {}), rebuild: built.rebuild },
    violations: stale ? [...built.violations, outOfDate(config.index_path, built.onDisk === 'missing')] : built.violations,
    warnings: [...configWarnings, ...built.warnings],
    advice,
    // A document that could not be read makes the index incomplete. (inspectRepository counts
    // unreadable documents as partial only when its rules ran; the index reads without rules.)
    partial: built.partial || built.warnings.some((w) => w.code === 'FILE_UNREADABLE' || w.code === 'WALK_LIMIT_REACHED'),
  };
}
