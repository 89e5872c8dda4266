import type { Issue } from '../../../core/issues.js';
import type { Envelope } from '../../envelope.js';
import type { CiContext } from './context.js';
import { ciPath, fileSummary, findingCounts, plural } from './findings.js';

/** GitHub shows at most this many annotations of each type (error, warning, notice) per step. */
export const ANNOTATION_LIMIT = 10;

type Kind = 'error' | 'warning' | 'notice';

/** Escapes a workflow command's message, as @actions/core does. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value, as @actions/core does. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function command(kind: Kind, properties: Record<string, string | number | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${kind}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/** A plain log line: one line, whatever the finding's text holds. */
function oneLine(s: string): string {
  return s.replace(/\r\n|\r|\n/g, ' ');
}

function kindOf(f: Issue): Kind {
  return f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
}

function annotation(ctx: CiContext, f: Issue): string {
  const file = f.path === undefined ? undefined : ciPath(ctx, f.path);
  const line = file === undefined ? undefined : Math.max(1, f.line ?? 1);
  const col = file !== undefined && f.column !== undefined ? Math.max(1, f.column) : undefined;
  const message = f.suggestion ? `${f.message}\n${f.suggestion}` : f.message;
  return command(kindOf(f), { file, line, col, title: `docket ${f.code}` }, message);
}

function logLine(ctx: CiContext, f: Issue): string {
  const where =
    f.path === undefined ? '(repository)' : `${ciPath(ctx, f.path)}${f.line !== undefined ? `:${f.line}:${f.column ?? 1}` : ''}`;
  // Always starts with "docket", so a path or message can never begin a workflow command (`::`, `##[`).
  return oneLine(`docket: ${where}: ${f.severity} ${f.code} ${f.message}${f.suggestion ? ` (${f.suggestion})` : ''}`);
}

function verdict(env: Envelope, errors: number, warnings: number): string {
  if (!env.success) return 'failed';
  return errors + warnings > 0 ? 'passed with warnings' : 'passed';
}

/**
 * GitHub Actions workflow commands: one annotation per finding up to GitHub's limit per type,
 * the rest as plain log lines, a notice with the counts when some were not annotated, and a
 * summary line. Findings without a path become annotations without a file.
 */
export function renderGithub(env: Envelope, ctx: CiContext): string {
  const findings = [...env.violations, ...env.warnings];
  const byKind = (k: Kind) => findings.filter((f) => kindOf(f) === k);
  const over = (['error', 'warning', 'notice'] as const).some((k) => byKind(k).length > ANNOTATION_LIMIT);
  const limit: Record<Kind, number> = {
    error: ANNOTATION_LIMIT,
    warning: ANNOTATION_LIMIT,
    notice: over ? ANNOTATION_LIMIT - 1 : ANNOTATION_LIMIT,
  };
  const lines: string[] = [];
  const rest: Issue[] = [];
  const used: Record<Kind, number> = { error: 0, warning: 0, notice: 0 };
  for (const f of findings) {
    const k = kindOf(f);
    if (used[k] < limit[k]) {
      used[k]++;
      lines.push(annotation(ctx, f));
    } else rest.push(f);
  }
  for (const f of rest) lines.push(logLine(ctx, f));
  const counts = findingCounts(env);
  const total = `${plural(counts.violations, 'error')}, ${plural(counts.warnings, 'warning')}`;
  if (rest.length > 0) {
    const skipped = (['error', 'warning', 'notice'] as const)
      .map((k) => [k, rest.filter((f) => kindOf(f) === k).length] as const)
      .filter(([, n]) => n > 0);
    const list = skipped.map(([k, n]) => plural(n, k)).join(', ');
    lines.push(
      command(
        'notice',
        { title: `docket ${env.command}` },
        `${total}: ${list} not annotated (GitHub shows ${ANNOTATION_LIMIT} annotations of each type per step); they are listed in the log.`,
      ),
    );
  }
  const files = fileSummary(env.data);
  let summary = `docket ${env.command}: ${verdict(env, counts.violations, counts.warnings)}: ${total}${files ? `; ${files}` : ''}.`;
  if (counts.truncated)
    summary += ` Listed ${counts.shownViolations} of ${counts.violations} errors and ${counts.shownWarnings} of ${counts.warnings} warnings (--max-findings).`;
  lines.push(oneLine(summary));
  return `${lines.join('\n')}\n`;
}

/** A run that produced no report: one error annotation and the summary line, with the exit code. */
export function renderGithubError(env: Envelope, exitCode: number): string {
  const error = env.error!;
  const message = error.suggestion ? `${error.message}\n${error.suggestion}` : error.message;
  const name = env.command ? `docket ${env.command}` : 'docket';
  return `${command('error', { title: `${name}: ${error.code}` }, message)}\n${oneLine(`${name}: error ${error.code} (exit ${exitCode}): ${error.message}`)}\n`;
}
