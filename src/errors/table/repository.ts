import { EXIT, type CodeSpec } from '../types.js';

/** Findings about the repository's setup, reported by `doctor` and `check`. */
export const REPOSITORY_CODES = {
  REPO_STRUCTURE: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'config',
    summary: "A namespace's docs root does not exist.",
    cause: 'docs_root points at a directory that was never created, or was moved.',
    remediation: {
      action: 'Create the directory (docket init does) or fix docs_root in docops.config.yaml.',
      commands: ['docket init', 'docket doctor'],
    },
  },
  DOCUMENTS_UNGOVERNED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: "Markdown files with a document ID lie outside every namespace's docs root, so nothing checks them any more.",
    cause:
      'namespaces were added to docops.config.yaml without the docs tree governed before (a config that lists namespaces governs only theirs), or a docs_root was changed.',
    remediation: {
      action: 'Add a namespace for that tree (docket scan suggests it with the others), or move the files under a docs root.',
      commands: ['docket scan', 'docket doctor'],
    },
  },
  SCHEMA_MISSING: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'config',
    summary: 'The metadata schema at schema_path does not exist.',
    cause: 'schema_path points at a missing file, or the schema was never created.',
    remediation: {
      action: 'Create the schema (docket init writes the default one) or fix schema_path.',
      commands: ['docket init', 'docket doctor'],
    },
  },
  SCHEMA_INVALID: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'config',
    summary: 'The metadata schema is not valid JSON or not a valid JSON Schema, or has a pattern docket will not run.',
    cause:
      'A syntax error in the file, a keyword used with the wrong type, or a `pattern` (or `patternProperties` key) with a backreference or lookaround: docket runs patterns in linear time, on RE2 where backtracking could take exponential time, and RE2 has neither.',
    remediation: { action: 'Fix the schema at the position given in the message, then run `docket doctor`.', commands: ['docket doctor'] },
  },
  SCHEMA_UNKNOWN_KEYWORD: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary:
      'The metadata schema has a keyword JSON Schema does not define: it is ignored and checks nothing (its JSON pointer is in the message).',
    cause:
      'A misspelt keyword (`patern`, `maxLenght`, `require`), a keyword of another draft, or an annotation of your own. JSON Schema and the Python DocOps CLI ignore unknown keywords, so the rest of the schema is used; a warning rather than SCHEMA_INVALID, because the schema stays usable and every other field is still checked. Keywords starting with `x-` are taken for deliberate annotations and not reported.',
    remediation: {
      action: 'Fix the spelling (the message suggests the closest keyword), or rename an annotation of your own to start with `x-`.',
      commands: ['docket doctor'],
    },
  },
  SCHEMA_UNKNOWN_FORMAT: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary:
      'The metadata schema names a `format` docket does not know: values there are not checked against it (its JSON pointer is in the message).',
    cause:
      'A misspelt format (`date-tme`), or one from another validator. JSON Schema lets validators ignore unknown formats, as the Python DocOps CLI does, so the rest of the schema is used; a warning rather than SCHEMA_INVALID, because every other field is still checked.',
    remediation: {
      action:
        'Use a known format (date, date-time, email, uri, uuid, ...; the message suggests the closest), or check the values with a `pattern` instead.',
      commands: ['docket doctor'],
    },
  },
  SCHEMA_PATTERN_RE2: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary:
      "A schema pattern could take exponential or polynomial time on a backtracking engine (V8's): docket runs it on RE2, in linear time.",
    cause:
      'A pattern docket cannot prove linear for a backtracking engine: nested or adjacent repetitions over the same characters (`(a+)+`, `a*a*`), alternatives that overlap inside a repetition (`(a|ab)*`), or a repetition without a `^` anchor. doctor reports it as a note; check, fix and new run it on RE2, which gives the same answers and is about eight times slower per match.',
    remediation: {
      action:
        'Nothing is required. To keep the faster engine, anchor the pattern with `^` and make each repetition unambiguous (`^[a-z]+(-[a-z]+)*$` rather than `^([a-z]+-?)+$`).',
      commands: ['docket doctor'],
    },
  },
  TEMPLATE_MISSING: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: 'A configured document template does not exist; the built-in template will be used.',
    cause: 'document_types.<TYPE>.template names a file that is missing.',
    remediation: { action: 'Create the template or remove the `template` entry.', commands: ['docket doctor'] },
  },
} as const satisfies Record<string, CodeSpec>;
