import { CODES, isCode } from '../../errors/codes.js';
import { DocketError } from '../../errors/docket-error.js';
import { EXIT_MEANINGS, type CodeKind, type ExitCode } from '../../errors/types.js';
import { closest } from '../text/suggest.js';

export interface CodeSummary {
  code: string;
  kind: CodeKind;
  exit_code: ExitCode;
  category: string;
  summary: string;
}

export interface CodeExplanation extends CodeSummary {
  cause: string;
  remediation: { action: string; commands: string[] };
}

export interface CodeList {
  count: number;
  codes: CodeSummary[];
  exit_codes: { exit_code: number; meaning: string }[];
}

function summary(code: keyof typeof CODES): CodeSummary {
  const spec = CODES[code];
  return { code, kind: spec.kind, exit_code: spec.exit, category: spec.category, summary: spec.summary };
}

export function explainCode(input: string): CodeExplanation {
  const code = input.trim().toUpperCase().replace(/[-\s]+/g, '_');
  if (!isCode(code)) {
    const guesses = closest(code, Object.keys(CODES), 3);
    throw new DocketError('UNKNOWN_CODE', `${input} is not a docket code.`, {
      suggestion: guesses.length > 0 ? `Did you mean ${guesses[0]}? Run \`docket explain ${guesses[0]}\`.` : 'Run `docket explain --list` for every code.',
      details: { code: input, did_you_mean: guesses },
    });
  }
  const spec = CODES[code];
  return { ...summary(code), cause: spec.cause, remediation: { action: spec.remediation.action, commands: [...spec.remediation.commands] } };
}

export function listCodes(): CodeList {
  const codes = (Object.keys(CODES) as (keyof typeof CODES)[]).sort().map(summary);
  const exit_codes = Object.entries(EXIT_MEANINGS)
    .map(([exit, meaning]) => ({ exit_code: Number(exit), meaning }))
    .sort((a, b) => a.exit_code - b.exit_code);
  return { count: codes.length, codes, exit_codes };
}
