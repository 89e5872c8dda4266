import { EXIT, type CodeSpec } from '../types.js';

const finding = (kind: 'violation' | 'warning', summary: string, cause: string, action: string, commands: string[] = ['docket check']): CodeSpec => ({
  kind,
  exit: kind === 'violation' ? EXIT.POLICY : EXIT.OK,
  category: 'document',
  summary,
  cause,
  remediation: { action, commands },
});

/** Findings about individual governed documents (reported by check, context --deep, index, ...). */
export const DOCUMENT_CODES = {
  FRONTMATTER_MISSING: finding(
    'violation',
    'A governed document has no YAML frontmatter.',
    'The file does not start with a line that is exactly `---`.',
    'Add a frontmatter block with the required fields; `docket fix --apply` can add one.',
    ['docket fix', 'docket fix --apply'],
  ),
  FRONTMATTER_INVALID: finding(
    'violation',
    'The frontmatter cannot be parsed safely.',
    'A YAML syntax error, a duplicate key, an alias, nesting or size over the limits, an unterminated block, or non-YAML (e.g. `---js`) front matter.',
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
} as const satisfies Record<string, CodeSpec>;
