import * as Flags from '@oclif/core/flags';
import { DocketError } from '../errors/docket-error.js';

/**
 * Flags of commands that preview by default and write with --apply. `--dry-run/--no-dry-run`
 * and `--force/--no-force` are the Python DocOps CLI's spellings (reference §1.4):
 * `--no-dry-run` means `--apply`.
 */
export const applyFlags = {
  apply: Flags.boolean({ description: 'Write the changes (the default is a dry run); same as --no-dry-run.' }),
  'dry-run': Flags.boolean({
    description: 'Only report what would change (the default); --no-dry-run writes, as --apply does.',
    allowNo: true,
  }),
};

/** Whether the run writes: --apply, or the Python DocOps CLI's --no-dry-run (both together are fine; --apply --dry-run is not). */
export function applies(flags: { apply?: boolean; 'dry-run'?: boolean }): boolean {
  if (flags.apply === true && flags['dry-run'] === true) {
    throw new DocketError('FLAG_CONFLICT', '--apply and --dry-run contradict each other: one writes, the other only previews.', {
      suggestion: 'Drop --dry-run to write the changes (or pass --no-dry-run), or drop --apply to preview them (the default).',
      details: { flags: ['--apply', '--dry-run'] },
    });
  }
  return flags.apply === true || flags['dry-run'] === false;
}

/** --force, with --no-force (the default) as the Python DocOps CLI has it. */
export function forceFlag(description: string) {
  return Flags.boolean({ description: `${description} --no-force (the default) keeps them.`, allowNo: true, default: false });
}

export const profileFlag = Flags.string({ description: 'Profile name (default: default).', helpValue: '<name>', default: 'default' });
