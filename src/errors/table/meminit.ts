import type { Code } from '../codes.js';
import type { Category } from '../types.js';

/**
 * A code of the Python DocOps CLI (meminit) that docket does not emit under that name, so that
 * `docket explain` can answer for a log, a script or an agent that still speaks it.
 */
export interface ForeignCodeSpec {
  /** How that tool used it: as `error.code`, as a warning, or as a finding of check/fix/doctor (a violation). */
  kind: 'error' | 'warning' | 'violation' | 'advice';
  /** That tool's exit code with it (reference §3.1, §3.2): findings exit 1, warnings and advice 0. */
  exit: number;
  category: Category;
  /** What it meant there. */
  summary: string;
  /** docket's codes for the same conditions (checked to exist at compile time); empty when docket has no such feature. */
  replacedBy: readonly Code[];
  /** What docket does instead, or what to use where docket lacks the feature. */
  docket: string;
  commands?: readonly string[];
}

type Spec = ForeignCodeSpec;
/** A state code docket reports under its own name (the `E_` and `W_` prefixes dropped, reference §12 TD-004). */
const state = (exit: number, summary: string, replacedBy: readonly Code[], docket: string, kind: Spec['kind'] = 'error'): Spec => ({
  kind,
  exit,
  category: 'document',
  summary,
  replacedBy,
  docket,
  commands: ['docket doctor', 'docket state list'],
});
const SCAN_PLAN =
  'fix --plan refuses each unsafe action on its own with a PLAN_ACTION_REFUSED warning that says why, and applies the rest; a plan that is not valid as a whole is PLAN_INVALID.';

/** The Python DocOps CLI's codes that docket does not share, by name (reference §3.1, §3.3, §3.4). */
export const MEMINIT_CODES = {
  // §3.1 ErrorCode enum: shared
  INVALID_ID_FORMAT: {
    kind: 'error',
    exit: 65,
    category: 'usage',
    summary: 'An --id is malformed, or its prefix or type does not match.',
    replacedBy: ['INVALID_ID'],
    docket: 'A malformed --id, or one of another prefix or type, is INVALID_ID (exit 64: a bad argument is a usage error).',
    commands: ['docket new --list-types'],
  },
  INVALID_FLAG_COMBINATION: {
    kind: 'error',
    exit: 64,
    category: 'usage',
    summary: 'Conflicting or invalid flags, a bad correlation ID, a missing TYPE or TITLE, or explain without a code.',
    replacedBy: ['FLAG_CONFLICT', 'INVALID_CORRELATION_ID', 'MISSING_ARGUMENT', 'INTERACTIVE_UNAVAILABLE'],
    docket:
      'docket names each case: FLAG_CONFLICT (flags that contradict each other), INVALID_CORRELATION_ID, MISSING_ARGUMENT (TYPE or TITLE), INTERACTIVE_UNAVAILABLE (--interactive with machine output). `docket explain` without a code lists every code.',
    commands: ['docket <command> --help'],
  },
  CONFIG_MISSING: {
    kind: 'error',
    exit: 66,
    category: 'config',
    summary: 'docops.config.yaml is missing, not a regular file, malformed, or without docops_version.',
    replacedBy: ['CONFIG_NOT_FOUND', 'CONFIG_INVALID'],
    docket:
      'CONFIG_NOT_FOUND when docops.config.yaml is absent (exit 66); CONFIG_INVALID when it is not a regular file or not a YAML mapping (exit 65). A config without docops_version is accepted: it defaults to "2.0".',
    commands: ['docket init', 'docket doctor'],
  },
  INVALID_ROOT_PATH: {
    kind: 'error',
    exit: 66,
    category: 'input',
    summary: '--root does not exist or is not a directory.',
    replacedBy: ['ROOT_NOT_FOUND'],
    docket: 'ROOT_NOT_FOUND, with the same exit code (66).',
    commands: ['docket doctor --root <dir>'],
  },
  PATH_ESCAPE: {
    kind: 'error',
    exit: 77,
    category: 'security',
    summary: 'A path resolves outside the root, traverses a symbolic link, or is an unsafe --output/--plan path.',
    replacedBy: ['PATH_OUTSIDE_ROOT', 'SYMLINK_REFUSED', 'OUTPUT_PATH_REFUSED'],
    docket:
      'PATH_OUTSIDE_ROOT for a path outside the root, SYMLINK_REFUSED for a symbolic link on the way, OUTPUT_PATH_REFUSED for an unsafe --output: all exit 77, as there.',
  },
  INVALID_RELATED_ID: {
    kind: 'error',
    exit: 65,
    category: 'usage',
    summary: 'A --related-ids or --superseded-by value is not a document ID.',
    replacedBy: ['INVALID_ID', 'RELATED_ID_UNKNOWN'],
    docket:
      'A value that is not PREFIX-TYPE-NNN is INVALID_ID (exit 64); a well-formed ID that no document has is the RELATED_ID_UNKNOWN warning.',
  },
  TEMPLATE_NOT_FOUND: {
    kind: 'error',
    exit: 66,
    category: 'config',
    summary: 'A configured template path does not exist.',
    replacedBy: ['TEMPLATE_MISSING'],
    docket:
      'A warning instead of a failure: `new` uses the built-in template for that type and says so with TEMPLATE_MISSING; `doctor` reports it too.',
    commands: ['docket doctor'],
  },
  MISSING_FRONTMATTER: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Documented but never raised by that tool (check reports FRONTMATTER_MISSING).',
    replacedBy: ['FRONTMATTER_MISSING'],
    docket: 'FRONTMATTER_MISSING, a finding of check and doctor, which fix can repair.',
    commands: ['docket check', 'docket fix'],
  },
  MISSING_FIELD: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Documented but never raised by that tool (check reports SCHEMA_VALIDATION).',
    replacedBy: ['SCHEMA_VALIDATION'],
    docket: 'SCHEMA_VALIDATION, one finding per field with its line.',
    commands: ['docket check', 'docket fix'],
  },
  INVALID_FIELD: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Documented but never raised by that tool (check reports SCHEMA_VALIDATION).',
    replacedBy: ['SCHEMA_VALIDATION'],
    docket: 'SCHEMA_VALIDATION, one finding per field with its line.',
    commands: ['docket check', 'docket fix'],
  },
  DIRECTORY_MISMATCH: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Documented but never raised by that tool (check reports DIRECTORY_MATCH).',
    replacedBy: ['DIRECTORY_MATCH'],
    docket: "DIRECTORY_MATCH, the same rule under check's name.",
    commands: ['docket check'],
  },
  VALIDATION_ERROR: {
    kind: 'error',
    exit: 1,
    category: 'input',
    summary: 'A fix plan could not be loaded, or migrate-templates failed (mapped to 65, emitted with exit 1).',
    replacedBy: ['PLAN_INVALID', 'MIGRATE_SKIPPED'],
    docket:
      'A plan that cannot be read or is not valid is PLAN_INVALID (exit 65). `docket migrate-templates` never fails for what it cannot migrate: each such item is a MIGRATE_SKIPPED warning and the rest is migrated (exit 0).',
    commands: ['docket scan --plan <FILE>', 'docket migrate-templates'],
  },
  UNKNOWN_ERROR: {
    kind: 'error',
    exit: 65,
    category: 'internal',
    summary: 'An unexpected exception; also a missing index for resolve/identify/link, and a scan plan that could not be written.',
    replacedBy: ['INTERNAL_ERROR', 'INDEX_MISSING', 'WRITE_FAILED'],
    docket:
      'An unexpected failure is INTERNAL_ERROR (exit 70; --debug prints the stack trace). A missing index is not an error: resolve, identify and link build it in memory and warn INDEX_MISSING. A write that fails is WRITE_FAILED (exit 73).',
    commands: ['docket <command> --debug'],
  },
  // §3.1: templates (T2)
  LEGACY_CONFIG_UNSUPPORTED: {
    kind: 'error',
    exit: 64,
    category: 'config',
    summary: 'Never raised by that tool (legacy keys only produce a Python DeprecationWarning).',
    replacedBy: ['CONFIG_DEPRECATED_KEY'],
    docket: 'docket reads the legacy keys and says so with the CONFIG_DEPRECATED_KEY warning where a newer key replaces them.',
    commands: ['docket doctor'],
  },
  INVALID_TEMPLATE_PLACEHOLDER: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'A template uses a legacy placeholder ({title}, <REPO>, ...) instead of {{variable}}.',
    replacedBy: ['UNKNOWN_TEMPLATE_VARIABLE'],
    docket:
      'docket substitutes only {{variable}} placeholders and refuses unknown ones (UNKNOWN_TEMPLATE_VARIABLE); other text, legacy placeholders included, is copied as written. `docket migrate-templates --apply` rewrites them as {{title}}, {{repo_prefix}}, ...',
    commands: ['docket migrate-templates'],
  },
  INVALID_TEMPLATE_FILE: {
    kind: 'error',
    exit: 65,
    category: 'config',
    summary: 'A template is a symbolic link, not a regular .md file, over 256 KiB, not UTF-8, or its configured path leaves the root.',
    replacedBy: ['TEMPLATE_INVALID', 'CONFIG_PATH_REFUSED'],
    docket:
      'TEMPLATE_INVALID for the file itself (same limits); a configured path outside the root is the CONFIG_PATH_REFUSED warning and the default is used.',
  },
  DUPLICATE_SECTION_ID: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'A template repeats a MEMINIT_SECTION id.',
    replacedBy: [],
    docket: "docket does not read MEMINIT_SECTION markers: a template's sections are copied as written, so a repeated id is not an error.",
  },
  AMBIGUOUS_SECTION_BOUNDARY: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Never raised by that tool.',
    replacedBy: [],
    docket: 'docket does not read MEMINIT_SECTION markers; nothing to do.',
  },
  // §3.1: project state (PS, P4)
  E_STATE_YAML_MALFORMED: state(
    65,
    'project-state.yaml is not valid YAML.',
    ['STATE_YAML_MALFORMED'],
    'STATE_YAML_MALFORMED, with the line.',
  ),
  E_STATE_SCHEMA_VIOLATION: state(
    65,
    'project-state.yaml breaks its structure, or a shorthand ID is ambiguous.',
    ['STATE_SCHEMA_VIOLATION', 'STATE_AMBIGUOUS_ID'],
    'STATE_SCHEMA_VIOLATION for the structure (details.violations lists each problem); an ambiguous shorthand ID is STATE_AMBIGUOUS_ID (exit 64) with details.candidates.',
  ),
  E_INVALID_FILTER_VALUE: {
    kind: 'error',
    exit: 64,
    category: 'usage',
    summary: 'A bad state filter, actor or priority, conflicting --ready/--blocked flags, or an unknown index --status/--impl-state value.',
    replacedBy: ['INVALID_FLAG_VALUE', 'FLAG_CONFLICT'],
    docket:
      'docket names each case: INVALID_FLAG_VALUE for a value outside the allowed set (details.allowed, in a fixed order), FLAG_CONFLICT for --ready with --blocked.',
    commands: ['docket state list --help', 'docket index --help'],
  },
  // §3.1: agent interface (P1, P5)
  UNKNOWN_ERROR_CODE: {
    kind: 'error',
    exit: 65,
    category: 'usage',
    summary: '`explain` was given a code it does not know.',
    replacedBy: ['UNKNOWN_CODE'],
    docket: "UNKNOWN_CODE (exit 64), with the nearest codes in details.did_you_mean; docket also explains that tool's codes.",
    commands: ['docket explain --list'],
  },
  STREAM_UNSUPPORTED_FORMAT: {
    kind: 'error',
    exit: 64,
    category: 'usage',
    summary: '--format ndjson on a command (or mode) that does not stream.',
    replacedBy: ['INVALID_FORMAT'],
    docket: 'INVALID_FORMAT (exit 64) with the formats the command supports in details.allowed.',
    commands: ['docket capabilities --format json'],
  },
  STREAM_PRODUCER_FAILED: {
    kind: 'error',
    exit: 65,
    category: 'internal',
    summary: 'An unexpected exception while streaming NDJSON.',
    replacedBy: ['INTERNAL_ERROR'],
    docket: "INTERNAL_ERROR (exit 70) as the stream's error record.",
    commands: ['docket <command> --debug'],
  },
  STREAM_INTERRUPTED: {
    kind: 'error',
    exit: 130,
    category: 'interrupt',
    summary: 'SIGINT or SIGTERM during an NDJSON stream (exit 128 + signal).',
    replacedBy: ['INTERRUPTED'],
    docket: "INTERRUPTED (exit 130) as the stream's last record, in every format.",
  },
  CACHE_LOCK_HELD: {
    kind: 'error',
    exit: 73,
    category: 'conflict',
    summary: 'Another process holds the index cache lock.',
    replacedBy: ['INDEX_CACHE_BUSY'],
    docket: 'A warning instead of a failure: the index is built in full without the cache (INDEX_CACHE_BUSY).',
    commands: ['docket index'],
  },
  CACHE_ENTRY_INVALID: {
    kind: 'warning',
    exit: 0,
    category: 'filesystem',
    summary: 'An index cache entry could not be used.',
    replacedBy: ['INDEX_CACHE_CORRUPT'],
    docket: 'INDEX_CACHE_CORRUPT: the index is built in full and the cache rewritten.',
    commands: ['docket index --rebuild-cache'],
  },
  CACHE_WRITE_FAILED: {
    kind: 'error',
    exit: 73,
    category: 'filesystem',
    summary: 'The index cache could not be written.',
    replacedBy: ['INDEX_CACHE_WRITE_FAILED'],
    docket: 'A warning instead of a failure: the index itself is complete (INDEX_CACHE_WRITE_FAILED).',
    commands: ['docket index --rebuild-cache'],
  },
  // §3.1: graph (P2)
  GRAPH_DUPLICATE_DOCUMENT_ID: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'Two documents share an ID, so the index graph cannot be built.',
    replacedBy: ['INDEX_DUPLICATE_ID', 'ID_UNIQUE'],
    docket: 'INDEX_DUPLICATE_ID from `index` (every file involved listed; exit 1, the previous artifact kept) and ID_UNIQUE from check.',
    commands: ['docket check', 'docket index'],
  },
  GRAPH_SUPERSESSION_CYCLE: {
    kind: 'error',
    exit: 65,
    category: 'document',
    summary: 'superseded_by links form a cycle.',
    replacedBy: ['INDEX_SUPERSESSION_CYCLE'],
    docket: 'INDEX_SUPERSESSION_CYCLE (exit 1), with every document in the cycle.',
    commands: ['docket index'],
  },
  // §3.1: protocol assets (P3): docket emits the PROTOCOL_ASSET_* codes under the same names.
  PROTOCOL_SYNC_WRITE_FAILED: {
    kind: 'error',
    exit: 77,
    category: 'filesystem',
    summary: '`protocol sync` could not write an asset.',
    replacedBy: ['WRITE_FAILED', 'SYMLINK_REFUSED', 'PATH_OUTSIDE_ROOT'],
    docket:
      'docket names the cause: WRITE_FAILED (exit 73) when the file system refuses, SYMLINK_REFUSED or PATH_OUTSIDE_ROOT (exit 77) for a path through a link. An asset that changed while sync ran is refused and left as it is.',
    commands: ['docket protocol check'],
  },
  // §3.3 WarningCode constants
  W_STATE_UNKNOWN_DOC_ID: state(
    0,
    'A state entry names no governed document.',
    ['STATE_UNKNOWN_DOC_ID'],
    'The STATE_UNKNOWN_DOC_ID warning, checked against the index (read when current, else built in memory).',
    'warning',
  ),
  W_STATE_UNKNOWN_IMPL_STATE: state(
    0,
    "A state entry's impl_state is not a configured one.",
    ['STATE_UNKNOWN_IMPL_STATE'],
    'The STATE_UNKNOWN_IMPL_STATE warning.',
    'warning',
  ),
  W_FIELD_SANITIZATION_FAILED: state(
    0,
    'updated_by has characters outside [a-zA-Z0-9._-], or notes are over 500 characters.',
    ['STATE_FIELD_SANITIZED', 'STATE_NOTES_TRUNCATED'],
    'STATE_FIELD_SANITIZED when a read finds such a field; `state set --notes` over 500 characters keeps the first 500 with the STATE_NOTES_TRUNCATED warning (that tool truncates silently).',
    'warning',
  ),
  W_STATE_UNSORTED_KEYS: state(
    0,
    'project-state.yaml lists its documents out of order.',
    ['STATE_UNSORTED_KEYS'],
    'The STATE_UNSORTED_KEYS warning; the next `state set` writes the file sorted.',
    'warning',
  ),
  GRAPH_DANGLING_RELATED_ID: {
    kind: 'warning',
    exit: 0,
    category: 'document',
    summary: 'related_ids names an ID that no document has.',
    replacedBy: ['INDEX_DANGLING_RELATION'],
    docket: 'INDEX_DANGLING_RELATION, for related_ids and superseded_by alike, with close IDs suggested.',
    commands: ['docket index'],
  },
  GRAPH_DANGLING_SUPERSEDED_BY: {
    kind: 'warning',
    exit: 0,
    category: 'document',
    summary: 'superseded_by names an ID that no document has.',
    replacedBy: ['INDEX_DANGLING_RELATION'],
    docket: 'INDEX_DANGLING_RELATION, for related_ids and superseded_by alike, with close IDs suggested.',
    commands: ['docket index'],
  },
  GRAPH_SUPERSESSION_STATUS_MISMATCH: {
    kind: 'warning',
    exit: 0,
    category: 'document',
    summary: 'A document has superseded_by but its status is not Superseded.',
    replacedBy: ['INDEX_STATUS_MISMATCH'],
    docket: "INDEX_STATUS_MISMATCH, the same warning under docket's name.",
    commands: ['docket index'],
  },
  // §3.4 rule and issue codes
  UNHANDLED_EXCEPTION: {
    kind: 'violation',
    exit: 1,
    category: 'document',
    summary: 'check could not process a file: YAML error, huge, binary or non-UTF-8 file (the exception text as message).',
    replacedBy: ['FRONTMATTER_INVALID', 'FILE_TOO_LARGE', 'FILE_BINARY', 'FILE_ENCODING', 'FILE_UNREADABLE'],
    docket:
      'A specific finding instead: FRONTMATTER_INVALID (with its line), FILE_TOO_LARGE, FILE_BINARY, FILE_ENCODING, or the FILE_UNREADABLE warning.',
    commands: ['docket check'],
  },
  DRIFT_DETECTED: {
    kind: 'violation',
    exit: 1,
    category: 'conflict',
    summary: 'fix --plan: a file changed since the plan was made.',
    replacedBy: ['PLAN_ACTION_REFUSED'],
    docket: SCAN_PLAN,
    commands: ['docket scan --plan <FILE>'],
  },
  UNSAFE_PATH: {
    kind: 'violation',
    exit: 1,
    category: 'security',
    summary: "fix --plan: an action's path is unsafe (outside the root, a symbolic link).",
    replacedBy: ['PATH_OUTSIDE_ROOT', 'PLAN_INVALID'],
    docket:
      'A plan whose paths leave the root is refused as a whole: PATH_OUTSIDE_ROOT (exit 77); other malformed paths make it PLAN_INVALID.',
    commands: ['docket scan --plan <FILE>'],
  },
  UNSAFE_ACTION: {
    kind: 'violation',
    exit: 1,
    category: 'security',
    summary: 'fix --plan: an action would do something unsafe (overwrite, leave its directory).',
    replacedBy: ['PLAN_ACTION_REFUSED', 'PLAN_INVALID'],
    docket: SCAN_PLAN,
    commands: ['docket scan --plan <FILE>'],
  },
  COLLISION: {
    kind: 'violation',
    exit: 1,
    category: 'conflict',
    summary: "fix --plan: an action's target already exists.",
    replacedBy: ['PLAN_ACTION_REFUSED'],
    docket: 'PLAN_ACTION_REFUSED (reason target_exists): nothing is ever overwritten.',
    commands: ['docket scan --plan <FILE>'],
  },
  UNKNOWN_ACTION: {
    kind: 'violation',
    exit: 1,
    category: 'input',
    summary: 'fix --plan: an action of an unknown kind.',
    replacedBy: ['PLAN_INVALID'],
    docket: 'PLAN_INVALID: the plan is checked as a whole before anything runs, and details.problems lists what is wrong.',
    commands: ['docket scan --plan <FILE>'],
  },
  APPLY_ERROR: {
    kind: 'violation',
    exit: 1,
    category: 'filesystem',
    summary: 'fix --plan: an action failed while being applied.',
    replacedBy: ['PLAN_ACTION_REFUSED'],
    docket: 'PLAN_ACTION_REFUSED (reason write_failed) for that action; the others still run.',
    commands: ['docket fix --plan <FILE> --apply'],
  },
  DOCS_ROOT_MISSING: {
    kind: 'violation',
    exit: 1,
    category: 'config',
    summary: "doctor: a namespace's docs_root does not exist.",
    replacedBy: ['REPO_STRUCTURE'],
    docket: 'REPO_STRUCTURE, from doctor and check alike.',
    commands: ['docket doctor'],
  },
  DOCTOR_PARSE_ERRORS: {
    kind: 'violation',
    exit: 1,
    category: 'document',
    summary: 'doctor: some documents could not be parsed.',
    replacedBy: ['FRONTMATTER_INVALID'],
    docket: 'doctor diagnoses the setup only; check reports each document that cannot be parsed as FRONTMATTER_INVALID, with its line.',
    commands: ['docket check'],
  },
  GRAPH_RELATED_ID_ASYMMETRY: {
    kind: 'advice',
    exit: 0,
    category: 'guidance',
    summary: 'index advice: related_ids lists a document that does not list this one back.',
    replacedBy: ['INDEX_RELATION_ONE_SIDED'],
    docket: "INDEX_RELATION_ONE_SIDED, the same advice under docket's name.",
    commands: ['docket index'],
  },
  WARNING: {
    kind: 'warning',
    exit: 0,
    category: 'config',
    summary: 'migrate-templates: a literal code for each of its warnings.',
    replacedBy: ['MIGRATE_SKIPPED'],
    docket:
      '`docket migrate-templates` reports each thing it left alone as MIGRATE_SKIPPED with the file; docket also reads the legacy type_directories/templates keys as they are, and `docket doctor` reports what is deprecated.',
    commands: ['docket migrate-templates', 'docket doctor'],
  },
} as const satisfies Record<string, Spec>;
