import { inspectRepository } from '../check/inspect.js';
import type { Finding, InspectedDocument } from '../check/model.js';
import { resolveTargets } from '../check/targets.js';
import { loadConfig } from '../config/load.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues, type Advice, type Issue } from '../issues.js';

export interface CheckData {
  files_checked: number;
  files_passed: number;
  files_failed: number;
  files_with_warnings: number;
  violations_count: number;
  warnings_count: number;
  /** Documents checked (and files outside the docs roots that were named), sorted. */
  checked_paths: string[];
  /** Files the PATHS selected that are not governed (excluded, not Markdown, symbolic links), sorted. */
  ignored_paths: string[];
  strict: boolean;
}

export interface CheckOptions {
  paths?: readonly string[];
  strict?: boolean;
  signal?: AbortSignal;
  cmd(command: string): string;
  /** Streaming: each checked document with its findings, in path order. */
  onDocument?(doc: InspectedDocument): void;
}

export interface CheckResult {
  data: CheckData;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
  success: boolean;
}

function notFound(path: string): Finding {
  return { code: 'FILE_NOT_FOUND', severity: 'error', message: `No file or directory matches ${path}.`, path, suggestion: 'Pass paths relative to the repository root (or --root), or fix the glob.', fixable: false };
}

/** `docket check`: every rule on the governed set, or on the documents PATHS select. */
export async function runCheck(root: string, opts: CheckOptions): Promise<CheckResult> {
  const { config, warnings: configWarnings } = await loadConfig(root);
  const paths = opts.paths ?? [];
  const targets = paths.length > 0 ? await resolveTargets(config, paths, opts.signal) : undefined;
  if (targets && paths.length === 1 && targets.missing.length === 1 && targets.governed.size + targets.outside.length + targets.ignored.length === 0) {
    throw new DocketError('FILE_NOT_FOUND', `No file or directory matches ${targets.missing[0]}.`, {
      suggestion: 'Pass a path relative to the repository root (or --root), or fix the glob.',
      details: { path: targets.missing[0] },
    });
  }
  const inspection = await inspectRepository(config, { signal: opts.signal, ...(targets ? { only: targets.governed } : {}), ...(opts.onDocument ? { onDocument: opts.onDocument } : {}) });
  const checked = inspection.documents.filter((d) => d.checked);
  const ignored = new Set(targets?.ignored ?? []);
  const checkedPaths = new Set(checked.map((d) => d.rel));
  if (targets) for (const rel of targets.governed) if (!checkedPaths.has(rel)) ignored.add(rel);

  const findings: Finding[] = [...inspection.repository, ...(targets?.unreadable ?? [])];
  for (const doc of checked) findings.push(...doc.findings);
  const outside = targets?.outside ?? [];
  for (const rel of outside) {
    findings.push({ code: 'OUTSIDE_DOCS_ROOT', severity: 'warning', message: `${rel} is outside every namespace's docs root, so it is not a governed document.`, path: rel, suggestion: `Move it under ${config.namespaces.map((n) => `${n.docs_root}/`).join(' or ')} if it should be governed; otherwise leave it out of PATHS.` });
  }
  for (const missing of targets?.missing ?? []) findings.push(notFound(missing));

  findings.sort(compareIssues);
  const violations = findings.filter((f) => f.severity === 'error');
  const warnings = [...configWarnings, ...findings.filter((f) => f.severity !== 'error')];
  const strict = opts.strict ?? false;
  const perFile = new Map<string, { errors: number; warnings: number }>();
  for (const rel of [...checked.map((d) => d.rel), ...outside]) perFile.set(rel, { errors: 0, warnings: 0 });
  for (const f of findings) {
    const entry = f.path !== undefined ? perFile.get(f.path) : undefined;
    if (entry) f.severity === 'error' ? entry.errors++ : entry.warnings++;
  }
  const failed = [...perFile.values()].filter((e) => e.errors > 0 || (strict && e.warnings > 0)).length;
  const data: CheckData = {
    files_checked: perFile.size,
    files_passed: perFile.size - failed,
    files_failed: failed,
    files_with_warnings: [...perFile.values()].filter((e) => e.warnings > 0).length,
    violations_count: violations.length,
    warnings_count: warnings.length,
    checked_paths: [...perFile.keys()].sort(),
    ignored_paths: [...ignored].sort(),
    strict,
  };
  const success = violations.length === 0 && !(strict && warnings.length > 0);
  const advice: Advice[] = [];
  const fixable = findings.filter((f) => f.fixable).length;
  if (fixable > 0) advice.push({ code: 'NEXT_FIX', message: `Preview the ${fixable} mechanical fix${fixable === 1 ? '' : 'es'} (nothing is written without --apply).`, command: opts.cmd('fix') });
  const first = violations[0] ?? warnings.find((w) => w.path !== 'docops.config.yaml');
  if (first) advice.push({ code: 'NEXT_EXPLAIN', message: `Read what ${first.code} means and how to fix it.`, command: `docket explain ${first.code}` });
  const partial = inspection.partial || (targets?.unreadable.length ?? 0) > 0;
  return { data, violations, warnings, advice, partial, success };
}
