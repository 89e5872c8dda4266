import type { Advice, Issue } from '../../core/issues.js';
import { safeText, type Style } from './style.js';

const REPOSITORY = '(repository)';

/** ESLint-style report: findings grouped per file, with a summary line. */
export function renderFindings(
  violations: readonly Issue[],
  warnings: readonly Issue[],
  style: Style,
  opts: { quiet?: boolean } = {},
): string {
  const all = [...violations, ...(opts.quiet ? [] : warnings)];
  if (all.length === 0) return '';
  const groups = new Map<string, Issue[]>();
  for (const issue of all) {
    const key = issue.path ?? REPOSITORY;
    groups.set(key, [...(groups.get(key) ?? []), issue]);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === REPOSITORY ? -1 : b === REPOSITORY ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const lines: string[] = [];
  for (const key of keys) {
    lines.push(style.underline(safeText(key)));
    const items = groups.get(key)!.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    for (const issue of items) {
      const pos = issue.line ? `${issue.line}:${issue.column ?? 1}` : '';
      const sev =
        issue.severity === 'error' ? style.red('error  ') : issue.severity === 'warning' ? style.yellow('warning') : style.cyan('info   ');
      lines.push(`  ${style.dim(pos.padEnd(7))} ${sev}  ${safeText(issue.message)}  ${style.dim(issue.code)}`);
      if (issue.suggestion) lines.push(`  ${' '.repeat(7)}          ${style.dim(`→ ${safeText(issue.suggestion)}`)}`);
    }
    lines.push('');
  }
  const errors = violations.length;
  const warns = warnings.length;
  const total = errors + warns;
  const summary = `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warns} warning${warns === 1 ? '' : 's'})`;
  lines.push(errors > 0 ? style.red(style.bold(`✖ ${summary}`)) : style.yellow(style.bold(`⚠ ${summary}`)));
  const fixable = all.filter((i) => i.fixable).length;
  if (fixable > 0) lines.push(style.dim(`  ${fixable} fixable with \`docket fix --apply\``));
  return `${lines.join('\n')}\n`;
}

export function renderAdvice(advice: readonly Advice[], style: Style): string {
  if (advice.length === 0) return '';
  // Message, then the command on its own line: long command lines stay aligned and copyable.
  const lines = advice.map((a) => `  ${a.message}${a.command ? `\n    ${style.cyan(a.command)}` : ''}`);
  return `\n${style.bold('Next:')}\n${lines.join('\n')}\n`;
}

/** The note under a findings list cut by --max-findings (data.totals and data.truncated). */
export function truncationNote(env: {
  data: Record<string, unknown>;
  violations: readonly unknown[];
  warnings: readonly unknown[];
}): string | undefined {
  const totals = env.data.totals as { violations?: number; warnings?: number } | undefined;
  if (env.data.truncated !== true || !totals) return undefined;
  return `Showing ${env.violations.length} of ${totals.violations ?? 0} violations and ${env.warnings.length} of ${totals.warnings ?? 0} warnings (--max-findings).`;
}
