import * as Flags from '@oclif/core/flags';

const helpGroup = 'GLOBAL';

/** Flags every docket command accepts (oclif `baseFlags`). */
export const globalFlags = {
  format: Flags.string({
    description: 'Output format: text, json or md (some commands add more). Env: DOCKET_FORMAT.',
    helpValue: '<format>',
    helpGroup,
  }),
  json: Flags.boolean({ description: 'Shorthand for --format json.', helpGroup }),
  root: Flags.string({
    description:
      'Repository root; relative paths on the command line then resolve against it. Default: the nearest directory holding docops.config.yaml, from the current one up to the git work tree top.',
    default: '.',
    helpValue: '<dir>',
    helpGroup,
  }),
  output: Flags.string({
    description:
      'Write the result to this file instead of stdout (atomically; anywhere but system and credential places, never through a link that crosses the root).',
    helpValue: '<file>',
    helpGroup,
  }),
  'include-timestamp': Flags.boolean({ description: 'Add a UTC ISO 8601 timestamp to the envelope.', helpGroup }),
  'include-metrics': Flags.boolean({ description: 'Add metrics (elapsed_ms, peak RSS, ...) to the envelope.', helpGroup }),
  'correlation-id': Flags.string({
    description: 'Echo this ID in the envelope (max 128 chars, no whitespace). Env: DOCKET_CORRELATION_ID (or MEMINIT_CORRELATION_ID).',
    helpValue: '<id>',
    helpGroup,
  }),
  color: Flags.boolean({
    description: 'Force colour on or off (--no-color); NO_COLOR and FORCE_COLOR are honoured.',
    allowNo: true,
    helpGroup,
  }),
  verbose: Flags.boolean({
    description: 'Print what docket decided (root, format, config file, namespaces, ID, owner, ...) to stderr, in every format.',
    helpGroup,
  }),
  debug: Flags.boolean({
    description: 'Like --verbose, plus stack traces on stderr. Env: DOCKET_DEBUG=1 (or MEMINIT_DEBUG=1).',
    helpGroup,
  }),
  fields: Flags.string({
    description: 'Keep only these top-level keys of data (comma-separated), to save tokens.',
    helpValue: '<keys>',
    helpGroup,
  }),
};

export type GlobalFlags = {
  format?: string;
  json: boolean;
  root: string;
  output?: string;
  'include-timestamp': boolean;
  'include-metrics': boolean;
  'correlation-id'?: string;
  color?: boolean;
  verbose: boolean;
  debug: boolean;
  fields?: string;
};
