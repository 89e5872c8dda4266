import { EXIT, type CodeSpec } from '../types.js';

type Spec = Omit<CodeSpec, 'remediation'> & { action: string; commands?: string[] };
const spec = ({ action, commands = [], ...rest }: Spec): CodeSpec => ({ ...rest, remediation: { action, commands } });

/** Codes of `index`, `resolve`, `identify`, `link`, `scan`, `fix --plan` and NDJSON streams. */
export const INDEX_CODES = {
  INDEX_DUPLICATE_ID: spec({
    kind: 'violation', exit: EXIT.POLICY, category: 'document',
    summary: 'Two or more governed documents share one document_id, so the index cannot be built.',
    cause: 'A document copied without a new ID, or two branches that allocated the same number.',
    action: 'Give every document but one a new ID (each file involved is listed), then run `docket index` again; the previous artifact is left untouched.',
    commands: ['docket check', 'docket index'],
  }),
  INDEX_SUPERSESSION_CYCLE: spec({
    kind: 'violation', exit: EXIT.POLICY, category: 'document',
    summary: 'superseded_by links form a cycle, so no document in it is the current one.',
    cause: 'Two documents that name each other (directly or through others) in superseded_by.',
    action: 'Remove superseded_by from the document that is current; every document in the cycle is listed.',
    commands: ['docket index'],
  }),
  INDEX_DANGLING_RELATION: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'related_ids or superseded_by names an ID that no governed document has.',
    cause: 'A typo in the ID, a document that was deleted or not yet created, or one in an excluded path.',
    action: 'Fix the ID (the message suggests close ones) or remove it.',
    commands: ['docket resolve <ID>', 'docket index'],
  }),
  INDEX_STATUS_MISMATCH: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'A document has superseded_by but its status is not Superseded.',
    cause: 'The successor was recorded but the status was not updated (or the other way round).',
    action: 'Set `status: Superseded`, or remove superseded_by if the document is still current.',
    commands: ['docket index'],
  }),
  INDEX_RELATION_ONE_SIDED: spec({
    kind: 'advice', exit: EXIT.OK, category: 'guidance',
    summary: 'A document lists another in related_ids, but not the other way round.',
    cause: 'Relations are usually written on both sides so either document leads to the other.',
    action: 'Add the first document\'s ID to the other\'s related_ids, if the relation holds both ways.',
    commands: ['docket index'],
  }),
  INDEX_DOCUMENT_SKIPPED: spec({
    kind: 'warning', exit: EXIT.OK, category: 'document',
    summary: 'A governed file has no usable document_id and is not in the index.',
    cause: 'Missing or invalid frontmatter, a missing document_id, or one that is not PREFIX-TYPE-NNN.',
    action: 'Run `docket check` to see the file\'s findings and `docket fix` to repair what is mechanical.',
    commands: ['docket check', 'docket fix'],
  }),
  INDEX_CACHE_CORRUPT: spec({
    kind: 'warning', exit: EXIT.OK, category: 'filesystem',
    summary: 'The index cache could not be read; the index was built in full and the cache rewritten.',
    cause: 'A truncated or edited file under .docket/cache/, or one written by another docket version.',
    action: 'Nothing to do: the index is complete. Delete .docket/cache/ if the warning repeats.',
    commands: ['docket index --rebuild-cache'],
  }),
  INDEX_CACHE_WRITE_FAILED: spec({
    kind: 'warning', exit: EXIT.OK, category: 'filesystem',
    summary: 'The index cache could not be written; the index itself is complete.',
    cause: 'A read-only checkout, a full disk, or something other than a file where .docket/cache/ keeps the manifest or the facts.',
    action: 'Nothing to do for this run. Make .docket/cache/ writable (or delete it) so the next runs can be incremental again.',
    commands: ['docket index --rebuild-cache'],
  }),
  INDEX_CACHE_BUSY: spec({
    kind: 'warning', exit: EXIT.OK, category: 'conflict',
    summary: 'Another docket process holds the index cache; this run built the index in full without it.',
    cause: 'Two `docket index` runs at once (an editor hook and a terminal, parallel CI steps).',
    action: 'Nothing to do: the index is complete. A lock left by a dead process is taken over automatically.',
    commands: ['docket index'],
  }),
  INDEX_MISSING: spec({
    kind: 'warning', exit: EXIT.OK, category: 'input',
    summary: 'The index artifact does not exist; docket built the index in memory for this run.',
    cause: '`docket index` has not been run in this repository (or index_path changed).',
    action: 'Run `docket index` to write the artifact, so pipelines can read it without rescanning.',
    commands: ['docket index'],
  }),
  INDEX_STALE: spec({
    kind: 'warning', exit: EXIT.OK, category: 'input',
    summary: 'The index artifact is out of date; docket used a fresh in-memory index for this run.',
    cause: 'Documents, the config or the schema changed since `docket index` last ran, or the artifact was edited.',
    action: 'Run `docket index` to bring the artifact up to date.',
    commands: ['docket index'],
  }),
  ID_NOT_FOUND: spec({
    kind: 'error', exit: EXIT.NO_INPUT, category: 'input',
    summary: 'No governed document has this ID.',
    cause: 'A typo, a lowercase ID (IDs match exactly: ACME-ADR-001), or a document not indexed (see INDEX_DOCUMENT_SKIPPED).',
    action: 'Use one of the IDs in `details.did_you_mean`, or list the documents with `docket context --deep`.',
    commands: ['docket context --deep', 'docket index'],
  }),
  DOCUMENT_NOT_INDEXED: spec({
    kind: 'error', exit: EXIT.NO_INPUT, category: 'input',
    summary: 'The path exists but is not a governed document in the index.',
    cause: 'A file outside every docs root, an excluded file, a file that is not Markdown, or a document without a valid document_id.',
    action: 'Pass the path of a governed document; `docket check PATH` tells why a document is not indexed.',
    commands: ['docket check <PATH>', 'docket context --deep'],
  }),
  PLAN_INVALID: spec({
    kind: 'error', exit: EXIT.DATA, category: 'input',
    summary: 'The plan file is not a docket scan plan docket can apply.',
    cause: 'A file that is not JSON, a plan edited by hand into an invalid shape, or one from a newer docket.',
    action: 'Make a new plan with `docket scan --plan <FILE>`; `details.problems` says what is wrong.',
    commands: ['docket scan --plan <FILE>'],
  }),
  PLAN_TARGET_EXISTS: spec({
    kind: 'error', exit: EXIT.CANT_CREATE, category: 'conflict',
    summary: 'The --plan file exists and is not a docket plan, so it was not overwritten.',
    cause: 'A --plan path that names another file (a document, a config file, a report).',
    action: 'Choose a new file name for the plan, e.g. .docket/scan-plan.json.',
    commands: ['docket scan --plan .docket/scan-plan.json'],
  }),
  PLAN_ACTION_REFUSED: spec({
    kind: 'warning', exit: EXIT.OK, category: 'conflict',
    summary: 'fix --plan refused an action: its source changed since the plan was made, vanished, or its target exists.',
    cause: 'The repository changed after `docket scan --plan`, or an earlier run already applied the action.',
    action: 'Make a new plan with `docket scan --plan <FILE>` and apply that one.',
    commands: ['docket scan --plan <FILE>', 'docket fix --plan <FILE> --apply'],
  }),
  NEXT_SCAN_APPLY: spec({
    kind: 'advice', exit: EXIT.OK, category: 'guidance',
    summary: 'Preview or apply the adoption plan that scan wrote.',
    cause: 'docket suggests the command that usually comes next.',
    action: 'Run the command in the advice item\'s `command` field.',
    commands: ['docket fix --plan <FILE>'],
  }),
  NEXT_RESOLVE: spec({
    kind: 'advice', exit: EXIT.OK, category: 'guidance',
    summary: 'Look a document up by ID in the index.',
    cause: 'docket suggests the command that usually comes next.',
    action: 'Run the command in the advice item\'s `command` field.',
    commands: ['docket resolve <ID>'],
  }),
} as const satisfies Record<string, CodeSpec>;
