import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { buildIndex } from '../index/build.js';
import type { CacheMode } from '../cache/index-cache.js';
import type { Advice, Issue } from '../issues.js';
import type { ItemSink } from '../stream.js';
import { checkFilters, filteredNodes, hasFilters, indexStateFindings, stateFileExists, type IndexFilters } from '../state/index-view.js';
import { knownIds } from '../state/open.js';
import { nodeState, stateViews } from '../state/nodes.js';
import { requestedViews, viewRequest, viewsDir, writeIndexViews } from '../views/write.js';
import type { IndexData } from '../../contract/data/document-index.js';
export type { IndexData };

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
  /** --status / --impl-state. */
  filters?: IndexFilters;
  /** --output-catalog (with --catalog-name) / --output-kanban: the filters choose their documents too. */
  views?: { catalog: boolean; catalogName?: string; kanban: boolean };
  /** --include-timestamp: the views print this build time (without it they carry none, so two runs write the same bytes). */
  now?: Date;
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
    message: missing
      ? `${indexPath} does not exist.`
      : `${indexPath} is not what \`docket index\` would write now: the documents changed since it was written.`,
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
  const filters = hasFilters(opts.filters) ? checkFilters(config, opts.filters) : undefined;
  const hasState = await stateFileExists(config);
  const views = opts.views && !opts.check ? viewRequest(config, opts.views) : undefined;
  const built = await buildIndex(config, {
    cache: opts.cache,
    write: opts.cache !== 'off' && !opts.check,
    ...(opts.check ? { compare: true } : { artifact: true }),
    // The graph is needed for --check and filtered nodes, and made again when the Python DocOps
    // CLI's artifact merges project-state.yaml (which may have changed when no document did).
    graph:
      sink !== undefined ||
      opts.check === true ||
      filters !== undefined ||
      views !== undefined ||
      (hasState && config.index_format === 'meminit'),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(sink
      ? { onProgress: (done: number, total: number) => sink.progress('read', done, total) }
      : opts.progress
        ? { onProgress: (done: number, total: number) => opts.progress!('read', done, total) }
        : {}),
  });
  // The work queue, checked against the index's IDs (the nodes built, or the artifact just written).
  const state = hasState
    ? await indexStateFindings(
        config,
        async () => (built.nodes ? new Set(built.nodes.map((n) => n.document_id)) : (await knownIds(config, opts.signal))?.ids),
        opts.cmd,
      )
    : { violations: [], warnings: [], advice: [] };
  const failed = built.violations.length > 0;
  // Views show a sound graph and a readable state file only: otherwise they stay as they were.
  const viewFiles =
    views === undefined
      ? undefined
      : failed || state.violations.length > 0
        ? requestedViews(viewsDir(config), views)
        : await writeIndexViews(config, built.nodes ?? [], views, {
            ...(filters ? { filters } : {}),
            ...(opts.now ? { now: opts.now } : {}),
          });
  if (sink) {
    // Each node with its work-queue fields, as data.nodes lists them (see filteredNodes).
    const views = hasState ? (await stateViews(config))?.views : undefined;
    for (const node of built.nodes ?? []) await sink.item('node', views ? { ...node, ...nodeState(node.document_id, views) } : node);
    for (const edge of built.edges ?? []) await sink.item('edge', edge);
  }
  const advice: Advice[] = [...built.advice, ...state.advice];
  if (failed) advice.unshift({ code: 'NEXT_CHECK', message: 'See every finding of the documents involved.', command: opts.cmd('check') });
  else if (built.first_id !== null)
    advice.push({ code: 'NEXT_RESOLVE', message: 'Look a document up by ID.', command: opts.cmd(`resolve ${built.first_id}`) });
  const stale = opts.check && !failed && built.onDisk !== 'same';
  if (stale)
    advice.unshift({
      code: 'NEXT_INDEX',
      message: 'Write the index as the documents are now, then commit it.',
      command: opts.cmd('index'),
    });
  return {
    data: {
      index_path: config.index_path,
      node_count: built.node_count,
      edge_count: built.edge_count,
      written: built.written,
      ...(opts.check && !failed ? { current: !stale } : {}),
      rebuild: built.rebuild,
      ...(filters ? { filtered: true, ...(await filteredNodes(config, built.nodes ?? [], built.edges ?? [], filters)) } : {}),
      ...(viewFiles ? { views: viewFiles } : {}),
    },
    violations: [...built.violations, ...state.violations, ...(stale ? [outOfDate(config.index_path, built.onDisk === 'missing')] : [])],
    warnings: [...configWarnings, ...built.warnings, ...state.warnings],
    advice,
    // A document that could not be read makes the index incomplete. (inspectRepository counts
    // unreadable documents as partial only when its rules ran; the index reads without rules.)
    partial: built.partial || built.warnings.some((w) => w.code === 'FILE_UNREADABLE' || w.code === 'WALK_LIMIT_REACHED'),
  };
}
