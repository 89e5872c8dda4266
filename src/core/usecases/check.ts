import { inspectRepository } from '../engine/inspect.js';
import type { Finding, InspectedDocument } from '../engine/model.js';
import { stagedDocuments } from '../engine/staged.js';
import { resolveTargets } from '../engine/targets.js';
import { loadConfig } from '../config/load.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues, type Advice, type Issue } from '../issues.js';
import type { ItemSink } from '../stream.js';
import { isStrictlySorted } from '../text/sorted.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import type { DocFacts } from '../index/facts.js';
import { FactsCollector, indexOnDisk, indexTracked, staleIndexWarning } from '../index/staleness.js';
import type { CheckData } from '../../contract/data/check.js';
export type { CheckData };

export interface CheckOptions {
  paths?: readonly string[];
  strict?: boolean;
  signal?: AbortSignal;
  cmd(command: string): string;
  /** Each checked document with its findings, in path order. */
  onDocument?(doc: InspectedDocument): void;
  /** NDJSON: findings and `file` items are written here as produced, not returned. */
  sink?: ItemSink;
  /** false: files `.gitignore` ignores are walked too (--no-ignore). */
  ignoreFiles?: boolean;
  /** Progress for a person at a terminal (ignored when `sink` is set: a stream reports its own). */
  progress?(phase: string, done: number, total: number): void;
  /** Use and update the cache of documents' own findings (.docket/cache/check.ndjson). Default true. */
  cache?: boolean;
  /** content: a document whose stat changed is still remembered when its bytes have the SHA-256 its memo was made from. Default metadata. */
  cacheStrategy?: CacheStrategy;
  /** Check the staged documents as the git index holds them (see engine/staged.ts); PATHS narrow them. */
  staged?: boolean;
}

export type CacheStrategy = 'metadata' | 'content';

export interface CheckResult {
  data: CheckData;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
  success: boolean;
  /** Where the time went (see InspectionTimings): the envelope's metrics with --include-metrics. */
  metrics: Record<string, number>;
}

function notFound(path: string): Finding {
  return {
    code: 'FILE_NOT_FOUND',
    severity: 'error',
    message: `No file or directory matches ${path}.`,
    path,
    suggestion: 'Pass paths relative to the repository root (or --root), or fix the glob.',
    fixable: false,
  };
}

/** Counts per file, for the summary and the streamed `file` items. */
type Tally = { errors: number; warnings: number };

/**
 * `docket check`: every rule on the governed set, or on the documents PATHS select. With a
 * sink (NDJSON), each finding is written as soon as its document is checked, merged in path
 * order with the findings about the repository, so the stream lists exactly the envelope's
 * findings in the envelope's order; nothing per document is kept once it is written.
 */
export async function runCheck(root: string, opts: CheckOptions): Promise<CheckResult> {
  const { config, warnings: configWarnings } = await loadConfig(root);
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  const paths = opts.paths ?? [];
  const named = paths.length > 0 ? await resolveTargets(config, paths, opts.signal) : undefined;
  if (
    named &&
    paths.length === 1 &&
    named.missing.length === 1 &&
    named.governed.size + named.outside.length + named.ignored.length + named.notRegular.length === 0
  ) {
    throw new DocketError('FILE_NOT_FOUND', `No file or directory matches ${named.missing[0]}.`, {
      suggestion: 'Pass a path that exists (relative to the working directory, or to --root when given), or fix the glob.',
      details: { path: named.missing[0] },
    });
  }
  const staged = opts.staged ? await stagedDocuments(config, named, opts.signal) : undefined;
  const targets = staged?.targets ?? named;
  const sink = opts.sink;
  const strict = opts.strict ?? false;
  const outside = targets?.outside ?? [];
  const extra: Finding[] = [...configWarnings, ...(targets?.unreadable ?? [])];
  for (const rel of outside) {
    extra.push({
      code: 'OUTSIDE_DOCS_ROOT',
      severity: 'warning',
      message: `${rel} is outside every namespace's docs root, so it is not a governed document.`,
      path: rel,
      suggestion: `Move it under ${config.namespaces.map((n) => `${n.docs_root}/`).join(' or ')} if it should be governed; otherwise leave it out of PATHS.`,
    });
  }
  for (const missing of targets?.missing ?? []) extra.push(notFound(missing));
  for (const rel of targets?.notRegular ?? []) {
    extra.push({
      code: 'NOT_A_REGULAR_FILE',
      severity: 'error',
      message: `${rel} is not a regular file (a FIFO, socket or device); it was not read.`,
      path: rel,
      suggestion: 'Pass regular Markdown files; replace this one with a regular file, or leave it out of PATHS.',
    });
  }

  const tallies = new Map<string, Tally>();
  const files: string[] = [...outside];
  const collected: Finding[] = [];
  let fixable = 0;
  let violationsCount = 0;
  let warningsCount = 0;
  let strictWarnings = 0;
  let firstViolation: Finding | undefined;
  let firstWarning: Finding | undefined;
  const emit = async (f: Finding): Promise<void> => {
    if (f.path !== undefined) {
      const t = tallies.get(f.path) ?? { errors: 0, warnings: 0 };
      if (f.severity === 'error') t.errors++;
      else if (f.severity === 'warning') t.warnings++;
      tallies.set(f.path, t);
    }
    if (f.fixable) fixable++;
    if (f.severity === 'error') {
      violationsCount++;
      if (!firstViolation || compareIssues(f, firstViolation) < 0) firstViolation = f;
    } else {
      warningsCount++;
      // Notes (severity info) are listed and counted but never fail --strict.
      if (f.severity === 'warning') strictWarnings++;
      if (f.path !== 'docops.config.yaml' && (!firstWarning || compareIssues(f, firstWarning) < 0)) firstWarning = f;
    }
    if (sink) await sink.finding(f);
    else collected.push(f);
  };
  let pending: Finding[] = [];
  let next = 0;
  // A stream without PATHS lists its files as it goes and its summary does not repeat them: it
  // keeps how many there were and, in `files`, only those with findings, so what it holds does
  // not grow with the documents it has written. Repository findings never
  // carry a governed document's path, so a document's tally is complete once it is written.
  const streamed = sink !== undefined && !targets;
  let streamedCount = 0;
  /** What a checked document adds besides its path: its findings in order, and the stream's record of it. */
  const handOn = async (doc: InspectedDocument): Promise<void> => {
    for (const f of doc.findings) {
      while (next < pending.length && compareIssues(pending[next]!, f) < 0) await emit(pending[next++]!);
      await emit(f);
    }
    if (streamed) {
      streamedCount++;
      if (tallies.has(doc.rel)) files.push(doc.rel);
    }
    if (sink) {
      const t = tallies.get(doc.rel) ?? { errors: 0, warnings: 0 };
      await sink.item('file', {
        path: doc.rel,
        ...(doc.document_id ? { document_id: doc.document_id } : {}),
        violations: t.errors,
        warnings: t.warnings,
      });
    }
    opts.onDocument?.(doc);
  };
  // A committed index is held against the documents on a check of the whole repository.
  const staleness = !targets && indexTracked(config) ? { facts: undefined as FactsCollector | undefined } : undefined;
  let staleIndex: Finding | undefined;
  const memos =
    opts.cache === false
      ? undefined
      : await (await import('../cache/check-cache.js')).CheckCache.open(config, opts.cacheStrategy === 'content');
  let inspection: Awaited<ReturnType<typeof inspectRepository>>;
  try {
    inspection = await inspectRepository(config, {
      signal: opts.signal,
      ...(memos ? { memos } : {}),
      ...(targets ? { only: targets.governed, onlyLinks: targets.links } : {}),
      ...(staged ? { overlay: staged.overlay } : {}),
      keepDocuments: false,
      digest: false,
      release: sink !== undefined,
      ...(staleness
        ? {
            onWalk: (files: readonly GovernedFile[]) => void (staleness.facts = new FactsCollector(files)),
            onFacts: (i: number, facts: DocFacts | null | undefined) => staleness.facts?.set(i, facts),
          }
        : {}),
      onSetup: async (repository) => {
        const stale =
          staleness && repository.every((f) => f.code !== 'FILE_UNREADABLE' && f.code !== 'WALK_LIMIT_REACHED')
            ? await indexOnDisk(config, staleness.facts?.inputs(), opts.signal)
            : undefined;
        if (stale === 'different' || stale === 'missing') staleIndex = staleIndexWarning(config, stale);
        pending = [...repository, ...extra, ...(staleIndex ? [staleIndex] : [])].sort(compareIssues);
      },
      onDocument: (doc: InspectedDocument) => {
        if (!streamed) files.push(doc.rel);
        // Most documents have no findings: outside a stream nothing else happens, and no promise is made.
        if (doc.findings.length === 0 && !sink && !opts.onDocument) return undefined;
        return handOn(doc);
      },
      ...(sink
        ? { onProgress: (done: number, total: number) => sink.progress('read', done, total) }
        : opts.progress
          ? { onProgress: (done: number, total: number) => opts.progress!('read', done, total) }
          : {}),
    });
  } catch (error) {
    memos?.abort();
    throw error;
  }
  memos?.finish();
  while (next < pending.length) await emit(pending[next++]!);
  if (sink)
    for (const rel of outside)
      await sink.item('file', { path: rel, violations: tallies.get(rel)?.errors ?? 0, warnings: tallies.get(rel)?.warnings ?? 0 });

  const ignored = new Set(targets?.ignored ?? []);
  // Without PATHS the files are the walk's, each once and (almost always) in order already:
  // a set and a sorted copy of them would raise a large check's peak memory at the very end.
  const checkedPaths = targets || !isStrictlySorted(files) ? [...new Set(files)].sort() : files;
  const checked = targets || tallies.size > 0 ? new Set(checkedPaths) : undefined;
  if (targets) for (const rel of targets.governed) if (!checked!.has(rel)) ignored.add(rel);
  // Only files with findings have a tally; the others passed.
  let failed = 0;
  let withWarnings = 0;
  for (const [rel, t] of tallies) {
    if (!checked!.has(rel)) continue;
    if (t.errors > 0 || (strict && t.warnings > 0)) failed++;
    if (t.warnings > 0) withWarnings++;
  }
  const violations = collected.filter((f) => f.severity === 'error');
  const warnings = collected.filter((f) => f.severity !== 'error');
  const checkedCount = streamed ? streamedCount : checkedPaths.length;
  const data: CheckData = {
    files_checked: checkedCount,
    files_passed: checkedCount - failed,
    files_failed: failed,
    files_with_warnings: withWarnings,
    violations_count: violationsCount,
    warnings_count: warningsCount,
    // A stream lists the files as it goes (see the command's `streamed`): the summary does not repeat them.
    checked_paths: sink ? [] : checkedPaths,
    ignored_paths: [...ignored].sort(),
    strict,
  };
  const success = violationsCount === 0 && !(strict && strictWarnings > 0);
  const advice: Advice[] = [];
  if (fixable > 0)
    advice.push({
      code: 'NEXT_FIX',
      message: `Preview the ${fixable} mechanical fix${fixable === 1 ? '' : 'es'} (nothing is written without --apply).`,
      command: opts.cmd('fix'),
    });
  if (staleIndex)
    advice.push({ code: 'NEXT_INDEX', message: `Bring ${config.index_path} up to date, then commit it.`, command: opts.cmd('index') });
  const first = firstViolation ?? firstWarning;
  if (first)
    advice.push({
      code: 'NEXT_EXPLAIN',
      message: `Read what ${first.code} means and how to fix it.`,
      command: `docket explain ${first.code}`,
    });
  const partial = inspection.partial || (targets?.unreadable.length ?? 0) > 0;
  return { data, violations, warnings, advice, partial, success, metrics: { ...inspection.timings } };
}
