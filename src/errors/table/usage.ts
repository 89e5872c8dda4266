import { EXIT, type CodeSpec } from '../types.js';

const usage = (summary: string, cause: string, action: string, commands: string[] = ['docket <command> --help']): CodeSpec => ({
  kind: 'error',
  exit: EXIT.USAGE,
  category: 'usage',
  summary,
  cause,
  remediation: { action, commands },
});

export const USAGE_CODES = {
  UNKNOWN_COMMAND: usage(
    'The command does not exist.',
    'A typo in the command name, or a command from a newer docket version.',
    'Run the suggested command, or list the commands with `docket capabilities`.',
    ['docket capabilities', 'docket --help'],
  ),
  MISSING_COMMAND: usage(
    'No command was given.',
    'docket was called with flags only, such as `docket --format json`.',
    'Name a command; `docket capabilities` lists them all.',
    ['docket capabilities', 'docket --help'],
  ),
  UNKNOWN_FLAG: usage(
    'A flag is not known to this command.',
    'A typo in the flag name, or a flag that belongs to another command.',
    'Remove the flag or use the suggested one; `details.valid_flags` lists what the command accepts.',
  ),
  MISSING_ARGUMENT: usage(
    'A required argument was not given.',
    'The command was called with fewer positional arguments than it needs.',
    'Add the argument named in `details.missing`.',
  ),
  UNEXPECTED_ARGUMENT: usage(
    'More arguments were given than the command accepts.',
    'An extra word on the command line, often an unquoted value with spaces.',
    'Remove the extra arguments or quote the value that contains spaces.',
  ),
  INVALID_FLAG_VALUE: usage(
    'A flag or argument value is not allowed.',
    'A value outside the allowed set, or of the wrong type.',
    'Use one of the values listed in `details.allowed`.',
  ),
  FLAG_CONFLICT: usage(
    'Two flags cannot be used together.',
    'Flags with opposite meanings, such as `--json` with `--format text`.',
    'Keep one of the conflicting flags.',
  ),
  INVALID_FORMAT: usage(
    'The output format is not supported by this command.',
    'A format from another command (for example `sarif` outside `check`), or an invalid DOCKET_FORMAT value.',
    'Use one of the formats listed in `details.allowed`.',
    ['docket capabilities --format json'],
  ),
  INVALID_CORRELATION_ID: usage(
    'The correlation ID is too long or contains whitespace.',
    'A correlation ID longer than 128 characters, empty, or with spaces or control characters.',
    'Pass a value of 1 to 128 visible ASCII characters, for example a CI job ID.',
    ['docket context --correlation-id <id>'],
  ),
  INVALID_RUN_ID: usage(
    'DOCKET_RUN_ID is not a UUID.',
    'The environment pins run_id to a value that is not a UUID.',
    'Unset DOCKET_RUN_ID or set it to a UUID such as 00000000-0000-4000-8000-000000000000.',
    [],
  ),
  INVALID_PREFIX: usage(
    'The repository prefix is not 3 to 10 uppercase letters.',
    'A prefix with digits, punctuation, or the wrong length.',
    'Choose a prefix of 3 to 10 letters A-Z, for example ACME.',
    ['docket init --prefix ACME'],
  ),
  UNKNOWN_CODE: usage(
    "The code is neither docket's nor one of the Python DocOps CLI's (meminit).",
    'A typo, or a code from a third tool.',
    'List every code with `docket explain --list`.',
    ['docket explain --list'],
  ),
} as const satisfies Record<string, CodeSpec>;
