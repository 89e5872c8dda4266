import * as Flags from '@oclif/core/flags';
import { DocketError } from '../errors/docket-error.js';

/**
 * --apply, plus the Python DocOps CLI's spelling of the same choice (reference §1.4):
 * --dry-run (the default) and --no-dry-run (= --apply), so its scripts run unchanged.
 */
export const applyOrDryRunFlags = {
  apply: Flags.boolean({ description: 'Write the changes (default: dry run). Same as --no-dry-run.' }),
  'dry-run': Flags.boolean({ description: 'Only report what would change (the default); --no-dry-run writes, like --apply.', allowNo: true }),
};

/** Whether the run writes: --apply or --no-dry-run. --apply with --dry-run contradict each other and are refused. */
export function wantsApply(flags: { apply?: boolean; 'dry-run'?: boolean }): boolean {
  if (flags.apply === true && flags['dry-run'] === true) {
    throw new DocketError('FLAG_CONFLICT', '--apply and --dry-run contradict each other: one writes, the other only previews.', {
      suggestion: 'Drop --dry-run to write the changes, or drop --apply to preview them (the default).',
      details: { flags: ['--apply', '--dry-run'] },
    });
  }
  return flags.apply === true || flags['dry-run'] === false;
}
