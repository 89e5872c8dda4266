import * as Flags from '@oclif/core/flags';

/**
 * `--exit-zero`, for consumers that gate on the report (SARIF, JUnit, a JSON envelope) instead
 * of the exit code. A command opts in by spreading `exitZeroFlags` into its `flags`; the base
 * command then exits 0 when the run completed, whatever it found. Errors (usage, config, I/O,
 * internal, interrupted) keep their exit codes, and the report is unchanged: `success` stays
 * false when the policy failed.
 */
export const exitZeroFlags = {
  'exit-zero': Flags.boolean({
    description:
      'Exit 0 when the run completed, even with violations; errors keep their exit codes and the report still says success: false.',
  }),
};

export const EXIT_ZERO_FLAG = 'exit-zero';

/** The exit code under --exit-zero: 0 for a run that completed, the contract's code for an error. */
export function exitZeroCode(hasError: boolean, code: number): number {
  return hasError ? code : 0;
}
