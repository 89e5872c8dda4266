import * as Flags from '@oclif/core/flags';
import { sortIssues } from '../../core/issues.js';
import type { Outcome } from '../outcome.js';
import type { FindingsData } from '../../contract/findings.js';

/**
 * `--max-findings N`, for commands that report findings. A command opts in by spreading
 * `findingsFlags` into its `flags` and declaring `totals` and `truncated` in its data schema;
 * the base command does the rest (see `capFindings`).
 */
export const findingsFlags = {
  'max-findings': Flags.integer({
    description:
      'List at most N violations and N warnings (0 lists none); data.totals keeps the full counts and data.truncated says whether any were left out.',
    min: 0,
    helpValue: '<n>',
  }),
};

export const MAX_FINDINGS_FLAG = 'max-findings';

export type { FindingsData } from '../../contract/findings.js';

/**
 * Keeps the first `max` violations and warnings in the envelope's order, and records the full
 * counts in data. `success` is decided on the full lists before anything is cut.
 */
export function capFindings<D extends object>(outcome: Outcome<D>, max: number | undefined): Outcome<D & FindingsData> {
  const violations = sortIssues(outcome.violations ?? []);
  const warnings = sortIssues(outcome.warnings ?? []);
  const limit = max ?? Number.POSITIVE_INFINITY;
  const truncated = violations.length > limit || warnings.length > limit;
  return {
    ...outcome,
    success: outcome.success ?? (outcome.error === undefined && violations.length === 0),
    violations: violations.slice(0, limit),
    warnings: warnings.slice(0, limit),
    data: { ...outcome.data, totals: { violations: violations.length, warnings: warnings.length }, truncated },
  };
}
