import { closest } from '../../core/text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Envelope } from '../envelope.js';

/**
 * `--fields a,b`: which top-level keys of `data` to keep. Names are checked against the keys the
 * command's data schema declares (a key the schema knows but this run did not produce is simply
 * absent), so a typo is a usage error rather than an empty result.
 */
export function parseFields(raw: string | undefined, valid: readonly string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const sorted = [...valid].sort();
  if (names.length === 0) {
    throw new DocketError('INVALID_FLAG_VALUE', '--fields needs at least one key of data.', {
      suggestion: `Name one or more of: ${sorted.join(', ')}.`,
      details: { flag: '--fields', valid_fields: sorted },
    });
  }
  const unknown = names.filter((n) => !valid.includes(n));
  if (unknown.length > 0) {
    const guesses = [...new Set(unknown.flatMap((n) => closest(n, sorted, 1)))];
    const dym = guesses.length > 0 ? `Did you mean ${guesses.join(', ')}? ` : '';
    throw new DocketError('INVALID_FLAG_VALUE', `Unknown field${unknown.length === 1 ? '' : 's'} for --fields: ${unknown.join(', ')}.`, {
      suggestion: `${dym}Valid fields: ${sorted.join(', ')}.`,
      details: { flag: '--fields', unknown, valid_fields: sorted, did_you_mean: guesses },
    });
  }
  return names;
}

/** Keeps only the named keys of `data` (the envelope's key order is kept). */
export function projectData<E extends Envelope>(env: E, fields: readonly string[] | undefined): E {
  if (fields === undefined) return env;
  const keep = new Set(fields);
  const data = Object.fromEntries(Object.entries(env.data).filter(([key]) => keep.has(key)));
  return { ...env, data };
}
