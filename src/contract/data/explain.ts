// The data of `docket explain`: one code, or with --list all of them.

/** docket's process exit codes (src/errors/types.ts names them and says what each means). */
export type ExitCode = 0 | 1 | 64 | 65 | 66 | 69 | 70 | 73 | 77 | 130 | 141;

/**
 * kind says where a code appears: `error` in `error.code` (decides the exit code),
 * `violation` and `warning` as findings in the envelope arrays, `advice` in `advice`.
 */
export type CodeKind = 'error' | 'violation' | 'warning' | 'advice';

export interface CodeSummary {
  code: string;
  origin: 'docket';
  kind: CodeKind;
  exit_code: ExitCode;
  category: string;
  summary: string;
}

/** A code of the Python DocOps CLI (meminit) that docket does not emit: what replaces it. */
export interface ForeignCodeSummary {
  code: string;
  origin: 'meminit';
  category: string;
  summary: string;
  /** docket's codes for the same conditions; empty where docket lacks the feature. */
  replaced_by: string[];
}

export interface CodeExplanation extends CodeSummary {
  cause: string;
  remediation: { action: string; commands: string[] };
}

export interface ForeignCodeExplanation extends ForeignCodeSummary {
  /** How that tool used the code: never docket's own kind or exit code. */
  meminit: { kind: string; exit_code: number };
  /** What docket does instead, or what to use where it has no such feature. */
  remediation: { action: string; commands: string[] };
}

export interface CodeList {
  count: number;
  codes: (CodeSummary | ForeignCodeSummary)[];
  exit_codes: { exit_code: number; meaning: string }[];
}
