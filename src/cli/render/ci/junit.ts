import type { Issue } from '../../../core/issues.js';
import type { Envelope } from '../../envelope.js';
import type { CiContext } from './context.js';
import { ciPath, findingCounts, plural } from './findings.js';
import { attrs, xmlText } from './xml.js';

/** The test case of findings that belong to no checked file (config, schema, docs roots, ...). */
const REPOSITORY_CASE = '(repository)';
const TRUNCATED_CASE = '(not listed: --max-findings)';

interface Case {
  name: string;
  file?: string;
  violations: Issue[];
  warnings: Issue[];
  /** A failure whose body is given rather than built from findings. */
  failure?: { message: string; type: string; body: string };
}

function position(f: Issue, withPath: boolean): string {
  const where = withPath ? (f.path ?? '') : '';
  const pos = f.line !== undefined ? `${f.line}:${f.column ?? 1}` : '';
  return [where, pos].filter(Boolean).join(':');
}

function findingLines(findings: readonly Issue[], withPath: boolean): string {
  return findings
    .map((f) => {
      const head = [position(f, withPath), f.severity, f.code, f.message].filter(Boolean).join(' ');
      return f.suggestion ? `${head}\n  → ${f.suggestion}` : head;
    })
    .join('\n');
}

function properties(env: Envelope, ctx: CiContext): string {
  const counts = findingCounts(env);
  const props: [string, string | number | boolean | undefined][] = [
    ['docket.version', ctx.version],
    ['docket.command', env.command],
    ['docket.run_id', env.run_id],
    ['docket.correlation_id', env.correlation_id],
    ['docket.root', env.root],
    ['docket.success', env.success],
    ['docket.status', env.status],
  ];
  // Counts only for a report: an error run found nothing, it did not find zero.
  if (!env.error) {
    props.push(
      ['docket.strict', typeof env.data.strict === 'boolean' ? env.data.strict : undefined],
      ['docket.violations', counts.violations],
      ['docket.warnings', counts.warnings],
      ['docket.truncated', counts.truncated],
    );
  }
  const lines = props
    .filter(([, v]) => v !== undefined)
    .map(([name, value]) => `      <property${attrs({ name, value: String(value) })}/>`);
  return `    <properties>\n${lines.join('\n')}\n    </properties>\n`;
}

function caseXml(c: Case, classname: string, strict: boolean): { xml: string; failed: boolean } {
  // --strict fails on warnings, never on notes (severity info: OUTPUT_REDACTED, OUTPUT_TRUNCATED, CONFIG_DEPRECATED_KEY).
  const failingWarnings = strict ? c.warnings.filter((f) => f.severity === 'warning') : [];
  const failing = [...c.violations, ...failingWarnings];
  const withPath = c.file === undefined;
  let inner = '';
  let failed = false;
  if (c.failure) {
    failed = true;
    inner += `      <failure${attrs({ message: c.failure.message, type: c.failure.type })}>${xmlText(c.failure.body)}</failure>\n`;
  } else if (failing.length > 0) {
    failed = true;
    const codes = [...new Set(failing.map((f) => f.code))];
    const what = failingWarnings.length > 0 ? plural(failing.length, 'problem') : plural(c.violations.length, 'violation');
    inner += `      <failure${attrs({ message: `${what}: ${codes.join(', ')}`, type: codes[0] })}>${xmlText(findingLines(failing, withPath))}</failure>\n`;
  }
  const notes = strict ? c.warnings.filter((f) => f.severity !== 'warning') : c.warnings;
  if (notes.length > 0) inner += `      <system-out>${xmlText(findingLines(notes, withPath))}</system-out>\n`;
  const open = `    <testcase${attrs({ name: c.name, classname, file: c.file })}`;
  return { xml: inner ? `${open}>\n${inner}    </testcase>\n` : `${open}/>\n`, failed };
}

function document(env: Envelope, ctx: CiContext, cases: string[], counts: { failures: number; errors: number }): string {
  const name = `docket ${env.command}`.trim();
  const time = typeof env.metrics?.elapsed_ms === 'number' ? (env.metrics.elapsed_ms / 1000).toFixed(3) : undefined;
  const totals = { tests: cases.length, failures: counts.failures, errors: counts.errors, skipped: 0 };
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n';
  out += `<testsuites${attrs({ name: 'docket', ...totals, time })}>\n`;
  out += `  <testsuite${attrs({ name, ...totals, timestamp: env.timestamp, time })}>\n`;
  out += properties(env, ctx);
  out += cases.join('');
  out += '  </testsuite>\n</testsuites>\n';
  return out;
}

/**
 * JUnit XML: one test case per checked file (failing when it has violations, or warnings with
 * --strict; other warnings in <system-out>), plus a "(repository)" case for findings that belong
 * to no checked file, so the suite passes exactly when the run does.
 */
export function renderJunit(env: Envelope, ctx: CiContext): string {
  const classname = `docket.${env.command.replace(/ /g, '.')}`;
  const strict = env.data.strict === true;
  const checked = Array.isArray(env.data.checked_paths)
    ? (env.data.checked_paths as unknown[]).filter((p): p is string => typeof p === 'string')
    : undefined;
  const findings = [...env.violations, ...env.warnings];
  const files = checked ?? [...new Set(findings.flatMap((f) => (f.path === undefined ? [] : [f.path])))].sort();
  const byFile = new Map<string, Case>(files.map((rel) => [rel, { name: rel, file: ciPath(ctx, rel), violations: [], warnings: [] }]));
  const repository: Case = { name: REPOSITORY_CASE, violations: [], warnings: [] };
  for (const f of findings) {
    const c = (f.path !== undefined ? byFile.get(f.path) : undefined) ?? repository;
    (f.severity === 'error' ? c.violations : c.warnings).push(f);
  }
  const all: Case[] = [repository, ...byFile.values()];
  const counts = findingCounts(env);
  if (counts.truncated) {
    const hidden = counts.violations - counts.shownViolations + (strict ? counts.warnings - counts.shownWarnings : 0);
    const body = `--max-findings listed ${counts.shownViolations} of ${counts.violations} violations and ${counts.shownWarnings} of ${counts.warnings} warnings; run without it for the full report.`;
    all.push(
      hidden > 0
        ? {
            name: TRUNCATED_CASE,
            violations: [],
            warnings: [],
            failure: { message: `${plural(hidden, 'problem')} not listed`, type: 'OUTPUT_TRUNCATED', body },
          }
        : { name: TRUNCATED_CASE, violations: [], warnings: [{ code: 'OUTPUT_TRUNCATED', severity: 'info', message: body }] },
    );
  }
  let failures = 0;
  const cases = all.map((c) => {
    const r = caseXml(c, classname, strict);
    if (r.failed) failures++;
    return r.xml;
  });
  return document(env, ctx, cases, { failures, errors: 0 });
}

/** A run that produced no report: one test case with an <error> carrying the code and the exit code. */
export function renderJunitError(env: Envelope, ctx: CiContext, exitCode: number): string {
  const error = env.error!;
  const name = `docket ${env.command}`.trim();
  const body = [error.suggestion, `exit code ${exitCode}`, error.details ? `details: ${JSON.stringify(error.details)}` : undefined]
    .filter(Boolean)
    .join('\n');
  const testcase = `    <testcase${attrs({ name, classname: `docket.${env.command.replace(/ /g, '.')}`.replace(/\.$/, '') })}>\n      <error${attrs({ message: error.message, type: error.code })}>${xmlText(body)}</error>\n    </testcase>\n`;
  return document(env, ctx, [testcase], { failures: 0, errors: 1 });
}
