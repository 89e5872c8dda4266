import type { CodeKind, ExitCode } from '../contract/data/explain.js';
export type { CodeKind, ExitCode };

/** Process exit codes: identical in every output format (see docs and `docket explain`). */
export const EXIT = {
  OK: 0,
  POLICY: 1,
  USAGE: 64,
  DATA: 65,
  NO_INPUT: 66,
  TOOL_MISSING: 69,
  INTERNAL: 70,
  CANT_CREATE: 73,
  REFUSED: 77,
  INTERRUPTED: 130,
  /** 128 + SIGPIPE, what a shell reports for a writer whose pipe closed. */
  OUTPUT_CLOSED: 141,
} as const satisfies Record<string, ExitCode>;

export const EXIT_MEANINGS: Record<ExitCode, string> = {
  0: 'success',
  1: 'policy failure: violations were found (warnings too under --strict)',
  64: 'usage error: unknown command or flag, bad argument or flag value',
  65: 'bad data: a file docket must read is malformed',
  66: 'missing input: config, file, ID or root not found',
  69: 'tool missing: an external program docket needs is absent',
  70: 'internal error: a bug in docket',
  73: 'cannot create: duplicate ID, file exists, lock timeout, write failed',
  77: 'refused path: outside the root, symlink escape, protected location',
  130: 'interrupted by a signal',
  141: 'output closed: the reader of stdout closed the pipe before the output ended (e.g. `| head`)',
};

export type Category =
  'usage' | 'config' | 'input' | 'document' | 'filesystem' | 'conflict' | 'security' | 'tool' | 'internal' | 'interrupt' | 'guidance';

export interface CodeSpec {
  kind: CodeKind;
  exit: ExitCode;
  category: Category;
  /** One line: what the code means. */
  summary: string;
  /** What usually causes it. */
  cause: string;
  remediation: {
    /** What to do, in one or two sentences. */
    action: string;
    /** Exact command lines that help (placeholders in <angle brackets>). */
    commands: readonly string[];
  };
}
