import { CODES, isCode } from '../../errors/codes.js';
import { DocketError } from '../../errors/docket-error.js';
import { MEMINIT_CODES } from '../../errors/table/meminit.js';
import { EXIT_MEANINGS } from '../../errors/types.js';
import { closest } from '../text/suggest.js';
import type { CodeSummary, ForeignCodeSummary, CodeExplanation, ForeignCodeExplanation, CodeList } from '../../contract/data/explain.js';
export type { CodeExplanation, ForeignCodeExplanation, CodeList };

type MeminitCode = keyof typeof MEMINIT_CODES;

function isMeminitCode(value: string): value is MeminitCode {
  return Object.prototype.hasOwnProperty.call(MEMINIT_CODES, value);
}

function summary(code: keyof typeof CODES): CodeSummary {
  const spec = CODES[code];
  return { code, origin: 'docket', kind: spec.kind, exit_code: spec.exit, category: spec.category, summary: spec.summary };
}

function foreignSummary(code: MeminitCode): ForeignCodeSummary {
  const spec = MEMINIT_CODES[code];
  return { code, origin: 'meminit', category: spec.category, summary: spec.summary, replaced_by: [...spec.replacedBy] };
}

function foreignExplanation(code: MeminitCode): ForeignCodeExplanation {
  const spec: (typeof MEMINIT_CODES)[MeminitCode] & { commands?: readonly string[] } = MEMINIT_CODES[code];
  const commands = [...(spec.commands ?? []), ...spec.replacedBy.map((c) => `docket explain ${c}`)];
  return { ...foreignSummary(code), meminit: { kind: spec.kind, exit_code: spec.exit }, remediation: { action: spec.docket, commands } };
}

/** docket's code, else the Python DocOps CLI's (its codes that docket shares are docket's). */
export function explainCode(input: string): CodeExplanation | ForeignCodeExplanation {
  const code = input
    .trim()
    .toUpperCase()
    .replace(/[-\s]+/g, '_');
  if (isMeminitCode(code)) return foreignExplanation(code);
  if (!isCode(code)) {
    const guesses = closest(code, [...Object.keys(CODES), ...Object.keys(MEMINIT_CODES)], 3);
    throw new DocketError('UNKNOWN_CODE', `${input} is not a docket code, nor one of the Python DocOps CLI's.`, {
      suggestion:
        guesses.length > 0
          ? `Did you mean ${guesses[0]}? Run \`docket explain ${guesses[0]}\`.`
          : 'Run `docket explain --list` for every code.',
      details: { code: input, did_you_mean: guesses },
    });
  }
  const spec = CODES[code];
  return {
    ...summary(code),
    cause: spec.cause,
    remediation: { action: spec.remediation.action, commands: [...spec.remediation.commands] },
  };
}

export function listCodes(): CodeList {
  const docket: (CodeSummary | ForeignCodeSummary)[] = (Object.keys(CODES) as (keyof typeof CODES)[]).map(summary);
  const foreign = (Object.keys(MEMINIT_CODES) as MeminitCode[]).map(foreignSummary);
  const codes = [...docket, ...foreign].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const exit_codes = Object.entries(EXIT_MEANINGS)
    .map(([exit, meaning]) => ({ exit_code: Number(exit), meaning }))
    .sort((a, b) => a.exit_code - b.exit_code);
  return { count: codes.length, codes, exit_codes };
}
