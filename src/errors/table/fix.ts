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
  UNKNOWN_NAMESPACE: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'usage',
    summary: 'The namespace given with --namespace is not defined in docops.config.yaml.',
    cause: 'A typo in the name, or a namespace that was renamed.',
    remediation: { action: 'Use one of the namespaces listed in `details.namespaces` (or by `docket context`).', commands: ['docket context'] },
  },
  INVALID_TODAY: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'usage',
    summary: 'DOCKET_TODAY is not a real date in YYYY-MM-DD form.',
    cause: 'A typo, another date format, or a date that does not exist such as 2026-02-30.',
    remediation: { action: 'Unset DOCKET_TODAY or set it to a date such as 2026-01-31.', commands: [] },
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
