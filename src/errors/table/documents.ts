import { EXIT, type CodeSpec } from '../types.js';

const finding = (
  kind: 'violation' | 'warning',
  summary: string,
  cause: string,
  action: string,
  commands: string[] = ['docket check'],
): CodeSpec => ({
  kind,
  exit: kind === 'violation' ? EXIT.POLICY : EXIT.OK,
  category: 'document',
  summary,
  cause,
  remediation: { action, commands },
});

/** Findings about individual governed documents (reported by check, fix, context --deep, index, ...). */
export const DOCUMENT_CODES = {
  NOT_A_REGULAR_FILE: finding(
    'violation',
    'A path given to check is neither a regular file, a directory nor a symbolic link (a FIFO, a socket, a device): it was not read.',
    "A named pipe or device file carries a document's name, or the wrong path was passed. (The Python DocOps CLI used this code for any target that is not a regular file; docket names links SYMLINK_REFUSED and configs or templates CONFIG_INVALID or TEMPLATE_INVALID.)",
    'Replace it with a regular Markdown file, or leave it out of PATHS.',
  ),
  FRONTMATTER_MISSING: finding(
    'violation',
    'A governed document has no YAML frontmatter, or an empty one.',
    'The file does not start (blank lines aside) with a line of three or more dashes, or the block has no fields.',
    'Add a frontmatter block with the required fields; `docket fix --apply` can add one, except to a file with frontmatter-like lines near its top, which it leaves to a person.',
    ['docket fix', 'docket fix --apply'],
  ),
  FRONTMATTER_INVALID: finding(
    'violation',
    'The frontmatter cannot be parsed safely.',
    'A YAML syntax error, a duplicate key, an alias, nesting or size over the limits, an unterminated block, non-YAML (e.g. `---js`) front matter, a first line that only starts like a fence (`---__proto__`, CR-only line endings), or a mapping used as a key (an unfilled template `{{placeholder}}`).',
    'Fix the YAML at the line given; docket never evaluates JavaScript front matter and refuses aliases.',
  ),
  FILE_TOO_LARGE: finding(
    'violation',
    'The file is larger than docket reads as a document.',
    'A generated or pasted file of several megabytes inside the docs root.',
    'Move the file out of the docs root or list it in excluded_files.',
  ),
  FILE_BINARY: finding(
    'violation',
    'A `.md` file contains binary data.',
    'A binary file saved with a .md name, or a corrupted file.',
    'Restore the file from version control, or move it out of the docs root.',
  ),
  FILE_ENCODING: finding(
    'violation',
    'The file is not valid UTF-8.',
    'A file saved in Latin-1, Windows-1252 or UTF-16.',
    'Re-save the file as UTF-8.',
  ),
  SCHEMA_VALIDATION: finding(
    'violation',
    'A frontmatter field does not satisfy the metadata schema.',
    'A required field is missing, a value has the wrong type or format, an enum value is misspelt, or a field is unknown to the schema.',
    'Change the field named in the message to what the expectation says; `docket fix --apply` adds missing fields and normalises unambiguous values.',
    ['docket check', 'docket fix', 'docket fix --apply'],
  ),
  SCALAR_TYPE_MISMATCH: finding(
    'warning',
    'A frontmatter value is written so that YAML types it otherwise than the schema declares; docket reads it as written.',
    'An unquoted value YAML reads as a number, true/false or (YAML 1.1, the Python DocOps CLI) a date where the schema wants text (`title: 2024`, `owner: yes`, `review: 2026-01-01`), or a quoted number or boolean where it wants one. Unquoted `version`, `docops_version` and `template_version` numbers (`version: 1`) and an unquoted `last_updated` date are normalised silently, as the Python tool does.',
    'Quote the value as written (`title: "2024"`), or remove the quotes where the schema wants a number or boolean; `docket fix --apply` quotes a one-line value.',
    ['docket check', 'docket fix', 'docket fix --apply'],
  ),
  METADATA_BLOCK_DRIFT: finding(
    'warning',
    "The visible metadata block in the body shows a value that differs from the frontmatter's.",
    'A template copies a blockquote of the metadata into the body (`> **Status:** Draft` under the `<!-- DOCKET_METADATA_BLOCK -->` or `<!-- MEMINIT_METADATA_BLOCK -->` marker, or a `> **Document ID:**` quote right after the frontmatter), and the frontmatter changed since. Rows the block lacks or has extra are not drift.',
    "Make the line show the frontmatter's value; `docket fix --apply` rewrites only the lines that drifted.",
    ['docket check', 'docket fix', 'docket fix --apply'],
  ),
  ID_REGEX: finding(
    'violation',
    'A document_id does not have the form PREFIX-TYPE-NNN.',
    'A lower-case ID, a missing part, or a sequence number that is not three digits.',
    'Write the ID as PREFIX-TYPE-NNN, for example ACME-ADR-001 (3-10 capital letters, 3-10 capital letters, three digits).',
    ['docket check', 'docket fix'],
  ),
  ID_PREFIX: finding(
    'violation',
    "A document_id does not start with its namespace's repo_prefix.",
    'A document copied from another repository or namespace, or a changed repo_prefix.',
    "Give the document an ID with the namespace's prefix and update the references to it.",
    ['docket check', 'docket context'],
  ),
  ID_UNIQUE: finding(
    'violation',
    'Two or more governed documents share one document_id.',
    'A document copied to start a new one without a new ID, or two branches that allocated the same number.',
    'Keep the ID on the document that owns it and give the others new IDs; every file that shares the ID is listed.',
    ['docket check'],
  ),
  DIRECTORY_MATCH: finding(
    'warning',
    'A document lives outside the directory of its type.',
    'The `type` field names a type whose configured directory is elsewhere, e.g. an ADR under 10-prd/.',
    "Move the file into the type's directory, or correct `type`; `docket fix --apply` moves it and rewrites the links to it and from it (`docket mv` moves it where you choose).",
    ['docket fix', 'docket fix --apply'],
  ),
  FILENAME_CONVENTION: finding(
    'warning',
    "A document's filename is not lowercase kebab-case.",
    'Capital letters, spaces, underscores or other characters in the name (README.md and similar names are exempt).',
    'Rename the file; `docket fix --apply` renames it to the form `new` uses (`adr-007-slug.md`, from its ID; kebab-case without one) and rewrites the links to it.',
    ['docket fix', 'docket fix --apply'],
  ),
  FILENAME_ID_MISMATCH: finding(
    'warning',
    "A document's filename starts with a type word and number that contradict its ID (`adr-010-x.md` holding ACME-ADR-007).",
    'The file was copied or renumbered, or its ID was changed, without renaming it. A name whose first word is no type of the namespace (`org-gov-001-constitution.md` after its prefix) claims nothing and is not flagged.',
    'Rename the file to match its ID (or correct the ID); `docket fix --apply` renames it to the form `new` uses and rewrites the links to it.',
    ['docket fix', 'docket fix --apply'],
  ),
  OUTSIDE_DOCS_ROOT: finding(
    'warning',
    "A file given on the command line is outside every namespace's docs root.",
    'A path or glob that matched Markdown files that are not governed documents (e.g. the top-level README.md).',
    'Pass paths under a docs root, or ignore the warning for files that are not meant to be governed.',
  ),
} as const satisfies Record<string, CodeSpec>;
