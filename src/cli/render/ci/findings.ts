import type { Issue } from '../../../core/issues.js';
import type { Envelope } from '../../envelope.js';
import type { CiContext } from './context.js';

/** Where a finding without a path lands in formats that need a file: the repository's config. */
export const REPOSITORY_FILE = 'docops.config.yaml';

/** The findings of an envelope in its order: violations, then warnings. */
export function allFindings(env: Envelope): Issue[] {
  return [...env.violations, ...env.warnings];
}

/** A root-relative path as CI tools want it: relative to the source root (see `sourceRootOf`). */
export function ciPath(ctx: CiContext, rel: string): string {
  return `${ctx.prefix}${rel}`;
}

/** Full counts (before --max-findings) and how many of each the envelope lists. */
export function findingCounts(env: Envelope): {
  violations: number;
  warnings: number;
  shownViolations: number;
  shownWarnings: number;
  truncated: boolean;
} {
  const totals = env.data.totals as { violations?: unknown; warnings?: unknown } | undefined;
  const violations = typeof totals?.violations === 'number' ? totals.violations : env.violations.length;
  const warnings = typeof totals?.warnings === 'number' ? totals.warnings : env.warnings.length;
  return {
    violations,
    warnings,
    shownViolations: env.violations.length,
    shownWarnings: env.warnings.length,
    truncated: env.data.truncated === true,
  };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `docket check`'s file counts, when the data has them (other commands have none). */
export function fileSummary(data: Record<string, unknown>): string | undefined {
  const n = (key: string) => (typeof data[key] === 'number' ? data[key] : undefined);
  const checked = n('files_checked');
  if (checked === undefined) return undefined;
  const parts = [`${plural(checked, 'file')} checked`];
  if (n('files_passed') !== undefined) parts.push(`${n('files_passed')} passed`);
  if (n('files_failed') !== undefined) parts.push(`${n('files_failed')} failed`);
  return parts.join(', ');
}
