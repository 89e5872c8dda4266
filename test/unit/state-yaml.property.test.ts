import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlString } from '../../src/core/state/yaml-out.js';

/** Strings that look like what YAML might read as something else, mixed with arbitrary text. */
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    '~',
    'null',
    '<<',
    '0b101',
    '0x1F',
    '0755',
    '1:20',
    '1_000',
    '.5',
    '-.inf',
    '2026-01-31',
    '2026-01-31T10:00:00+00:00',
    'P1',
    'Not Started',
    'a: b',
    'a #b',
    '- x',
    '[x]',
    '{x}',
    '&a',
    '*a',
    '!t',
    '|',
    '>',
    '%x',
    '@x',
    '`x',
    "it's",
    'x ',
    ' x',
    'a\nb',
    'tab\there',
    '\u2028',
    '\ufeffx',
    'café',
  ),
  fc.tuple(fc.constantFrom('', 'x', '1', '-', ' '), fc.string({ unit: 'grapheme-ascii', maxLength: 12 })).map(([a, b]) => a + b),
);

describe('state file scalars', () => {
  it('read back as the same string under YAML 1.1 (the Python DocOps CLI) and 1.2, as values, list items and keys, for every input', () => {
    fc.assert(
      fc.property(tricky, fc.boolean(), (s, quote) => {
        const text = yamlString(s, quote);
        expect(text).not.toMatch(/\n/);
        for (const version of ['1.1', '1.2'] as const) {
          expect(parse(`k: ${text}\n`, { version }).k, `${version} ${text}`).toBe(s);
          expect(parse(`k:\n- ${text}\n`, { version }).k, `${version} ${text}`).toEqual([s]);
          if (s !== '') expect(Object.keys(parse(`${text}: 1\n`, { version }) as object), `${version} key ${text}`).toEqual([s]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('writes IDs, states and names plain, timestamps and versions quoted', () => {
    expect(['ACME-ADR-001', 'Not Started', 'agent-one', 'P1', 'QA Required'].map((s) => yamlString(s))).toEqual([
      'ACME-ADR-001',
      'Not Started',
      'agent-one',
      'P1',
      'QA Required',
    ]);
    expect(yamlString('2026-01-31T12:00:00.000000+00:00', true)).toBe("'2026-01-31T12:00:00.000000+00:00'");
    expect(yamlString('yes')).toBe("'yes'");
  });
});
