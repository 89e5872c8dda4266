import { EXIT, type CodeSpec } from '../types.js';

/** Codes of `docket fix`: what it refused to do, its usage errors and its next step. */
export const FIX_CODES = {
  FIX_SKIPPED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'conflict',
    summary: 'fix left a file alone instead of risking the author\'s content.',
    cause: 'The file changed after docket read it, a rename target already exists, or the file cannot be written safely.',
    remediation: { action: 'Read the message, resolve the conflict (or let the other writer finish), then run `docket fix --apply` again.', commands: ['docket fix', 'docket fix --apply'] },
  },
  STALE_TEMP_FILE: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary: 'A temporary file left by a killed docket write (`.<name>.<pid>.<hex>.tmp`) whose process is gone.',
    cause: 'A docket run was killed between writing a temporary file and renaming it over its target; the target itself is intact.',
    remediation: { action: 'Run `docket fix --apply`: it removes such files of dead processes (nothing else). Or delete the file yourself.', commands: ['docket doctor', 'docket fix --apply'] },
  },
  NEXT_FIX_APPLY: {
    kind: 'advice',
    exit: EXIT.OK,
    category: 'guidance',
    summary: 'Write the fixes that the dry run listed.',
    cause: 'docket suggests the command that usually comes next.',
    remediation: { action: 'Run the command in the advice item\'s `command` field.', commands: ['docket fix --apply'] },
  },
} as const satisfies Record<string, CodeSpec>;
