import { EXIT, type CodeSpec } from '../types.js';

/** Codes of `docket fix` and the migrations: what they refused to do, their usage errors and next steps. */
export const FIX_CODES = {
  FIX_SKIPPED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'conflict',
    summary: "fix left a file alone instead of risking the author's content.",
    cause: 'The file changed after docket read it, a rename target already exists, or the file cannot be written safely.',
    remediation: {
      action: 'Read the message, resolve the conflict (or let the other writer finish), then run `docket fix --apply` again.',
      commands: ['docket fix', 'docket fix --apply'],
    },
  },
  STALE_TEMP_FILE: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary: 'A temporary file left by a killed docket write (`.<name>.<pid>.<hex>.tmp`) whose process is gone.',
    cause: 'A docket run was killed between writing a temporary file and renaming it over its target; the target itself is intact.',
    remediation: {
      action: 'Run `docket fix --apply`: it removes such files of dead processes (nothing else). Or delete the file yourself.',
      commands: ['docket doctor', 'docket fix --apply'],
    },
  },
  NEXT_FIX_APPLY: {
    kind: 'advice',
    exit: EXIT.OK,
    category: 'guidance',
    summary: 'Write the fixes that the dry run listed.',
    cause: 'docket suggests the command that usually comes next.',
    remediation: { action: "Run the command in the advice item's `command` field.", commands: ['docket fix --apply'] },
  },
  MIGRATE_SKIPPED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'conflict',
    summary: 'A migration left a document, a file name or a template alone.',
    cause:
      'migrate-ids found no type for a new ID, no free number, a document_id that is not a one-line value, or a taken file name; migrate-templates found a legacy entry that document_types already sets, a taken template name, or placeholders it cannot translate.',
    remediation: {
      action: 'Read the message, make the change yourself (or remove what blocks it), then run the migration again.',
      commands: ['docket migrate-ids', 'docket migrate-templates'],
    },
  },
  MIGRATE_REFERENCE_KEPT: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'document',
    summary: 'migrate-ids left references to an old ID as written.',
    cause:
      'Several documents had the same old ID (which one a reference means is unknown), the old ID is too generic to find in prose (no letter or no digit), or --rewrite-references was not given.',
    remediation: {
      action: 'Edit the references yourself; `docket index` reports related_ids and superseded_by values that name no document.',
      commands: ['docket migrate-ids --rewrite-references', 'docket index'],
    },
  },
} as const satisfies Record<string, CodeSpec>;
