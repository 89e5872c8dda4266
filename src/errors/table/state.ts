import { EXIT, type CodeSpec } from '../types.js';

type Spec = Omit<CodeSpec, 'remediation'> & { action: string; commands?: string[] };
const spec = ({ action, commands = [], ...rest }: Spec): CodeSpec => ({ ...rest, remediation: { action, commands } });
/** Checks of an entry's fields: fatal for `state set`, warnings when a read finds them in the file. */
const field = (summary: string, cause: string, action: string): CodeSpec => spec({ kind: 'error', exit: EXIT.DATA, category: 'document', summary: `${summary} \`state set\` refuses it; reads report it as a warning.`, cause, action, commands: ['docket state get <ID>', 'docket doctor'] });

/** Codes of the work queue: `docket state set|get|list|next|blockers` and project-state.yaml. */
export const STATE_CODES = {
  STATE_YAML_MALFORMED: spec({
    kind: 'error', exit: EXIT.DATA, category: 'document',
    summary: 'project-state.yaml is not valid YAML.',
    cause: 'A hand edit or a merge conflict left the file unparseable.',
    action: 'Fix the YAML at the line given, or restore the file from version control.',
    commands: ['docket doctor'],
  }),
  STATE_SCHEMA_VIOLATION: spec({
    kind: 'error', exit: EXIT.DATA, category: 'document',
    summary: 'project-state.yaml breaks its structure: unknown keys, a wrong version, missing or mistyped fields, a date without a time.',
    cause: 'A hand edit, or a file written by another tool or version. Every state command refuses the file until it is fixed; `details.violations` lists each problem.',
    action: 'Fix each listed problem by hand (`updated` is an ISO-8601 date-time with an offset; entries have only impl_state, updated, updated_by, notes, priority, depends_on, blocked_by, assignee, next_action).',
    commands: ['docket doctor'],
  }),
  STATE_NOT_FOUND: spec({
    kind: 'error', exit: EXIT.NO_INPUT, category: 'input',
    summary: 'The document has no state entry, or there is no project-state.yaml.',
    cause: 'The work on this document was never recorded, or the ID is mistyped.',
    action: 'Record it with `docket state set <ID> --impl-state "Not Started"`, or list the entries.',
    commands: ['docket state list', 'docket state set <ID> --impl-state "Not Started"'],
  }),
  STATE_AMBIGUOUS_ID: spec({
    kind: 'error', exit: EXIT.USAGE, category: 'usage',
    summary: 'A shorthand ID (such as ADR-002) matches several documents.',
    cause: 'Several namespaces have a document ending in the same TYPE-NNN.',
    action: 'Pass the full ID; `details.candidates` lists the matches.',
    commands: ['docket state list'],
  }),
  STATE_NO_MUTATION_PROVIDED: spec({
    kind: 'error', exit: EXIT.USAGE, category: 'usage',
    summary: '`state set` was given nothing to change.',
    cause: 'None of --impl-state, --notes, --priority, the dependency flags, --assignee, --next-action or --clear was passed.',
    action: 'Add the change to make, e.g. `--impl-state "In Progress"`.',
    commands: ['docket state set --help'],
  }),
  STATE_CLEAR_MUTATION_CONFLICT: spec({
    kind: 'error', exit: EXIT.USAGE, category: 'usage',
    summary: '`state set --clear` was combined with other changes.',
    cause: '--clear removes the whole entry, so a change to one of its fields contradicts it.',
    action: 'Run --clear alone, or drop it to change fields.',
    commands: ['docket state set --help'],
  }),
  STATE_MIXED_MUTATION_MODE: spec({
    kind: 'error', exit: EXIT.USAGE, category: 'usage',
    summary: '`state set` mixes replacing, adding/removing and clearing one list (depends_on or blocked_by).',
    cause: 'e.g. --depends-on with --add-depends-on, or --clear-blocked-by with --remove-blocked-by.',
    action: 'Use one way per list: --depends-on (replace), --add-/--remove-depends-on (edit), or --clear-depends-on.',
    commands: ['docket state set --help'],
  }),
  STATE_INVALID_PRIORITY: field('A priority is not one of P0, P1, P2, P3.', 'A typo, or a priority scale of another tool. Reads leave such an entry out.', 'Use P0 (most urgent) to P3; P2 is the default.'),
  STATE_FIELD_TOO_LONG: field('assignee is over 120 characters, or next_action over 500.', 'A description pasted where a name or a one-line next step belongs.', 'Shorten the value; put longer text in the document itself.'),
  STATE_FIELD_INVALID_FORMAT: field('next_action contains a line break.', 'A multi-line value; next_action is one line.', 'Pass one line.'),
  STATE_INVALID_DEPENDENCY_ID: field('A depends_on or blocked_by value is not a document ID (PREFIX-TYPE-NNN).', 'A typo, a path, or a shorthand ID in a dependency list.', 'Pass full document IDs such as ACME-ADR-001.'),
  STATE_SELF_DEPENDENCY: field('An entry depends on itself.', 'The entry\'s own ID in its depends_on or blocked_by.', 'Remove the ID from its own dependency lists.'),
  STATE_DEPENDENCY_CYCLE: field('Dependencies form a cycle, so no entry in it can ever become ready.', 'Two entries that wait for each other, directly or through others; the message shows the cycle.', 'Remove one dependency of the cycle with --remove-depends-on or --remove-blocked-by.'),
  STATE_UNDEFINED_DEPENDENCY: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'A dependency names an ID with no state entry and no document.',
    cause: 'A typo, or a document not written yet. It counts as open: the entry that waits for it is not ready.',
    action: 'Fix the ID, or record the dependency\'s state.',
    commands: ['docket resolve <ID>'],
  }),
  STATE_UNKNOWN_DOC_ID: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'A state entry names an ID that no governed document has.',
    cause: 'The document was renamed, deleted or not written yet, or the ID is mistyped.',
    action: 'Fix the ID or remove the entry with `docket state set <ID> --clear`.',
    commands: ['docket state set <ID> --clear'],
  }),
  STATE_UNKNOWN_IMPL_STATE: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'An entry\'s impl_state is none of the configured states.',
    cause: 'A hand edit, or a state another configuration allowed.',
    action: 'Set a listed state, or add it to valid_impl_states in docops.config.yaml.',
    commands: ['docket state set <ID> --impl-state "In Progress"'],
  }),
  STATE_FIELD_SANITIZED: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'updated_by has characters outside [a-zA-Z0-9._-], or notes are over 500 characters.',
    cause: 'A hand edit; docket writes actors and notes within these limits.',
    action: 'Fix the field; the next `state set` of the entry truncates notes to 500 characters.',
  }),
  STATE_NOTES_TRUNCATED: spec({
    kind: 'warning', exit: EXIT.OK, category: 'input',
    summary: '--notes was longer than 500 characters and was cut to 500.',
    cause: 'Notes are a short status line, as in the Python DocOps CLI.',
    action: 'Keep notes short; write longer text into the document.',
  }),
  STATE_UNSORTED_KEYS: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'project-state.yaml does not list its documents in ID order.',
    cause: 'A hand edit or a merge; both tools write them sorted.',
    action: 'Nothing is required: the next `state set` writes the file sorted.',
  }),
  STATE_DEPENDENCY_STATUS_CONFLICT: spec({
    kind: 'advice', exit: EXIT.OK, category: 'guidance',
    summary: 'An entry is Done while something it depends on is not.',
    cause: 'The work was finished out of order, or a dependency\'s state was not updated.',
    action: 'Update the dependency\'s state, or remove the dependency.',
    commands: ['docket state blockers'],
  }),
} as const satisfies Record<string, CodeSpec>;
