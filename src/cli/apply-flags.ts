import * as Flags from '@oclif/core/flags';

/** Commands that write outside a single new document preview by default; --apply writes. */
export const applyFlags = {
  apply: Flags.boolean({ description: 'Write the changes (the default is a dry run).', exclusive: ['dry-run'] }),
  'dry-run': Flags.boolean({ description: 'Only report what would change (the default).' }),
};

export const profileFlag = Flags.string({ description: 'Profile name (default: default).', helpValue: '<name>', default: 'default' });
