import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: `new ADR 0o17` wrote `title: 0o17`, which YAML 1.2 reads back as the number 15,
// and ended in INTERNAL_ERROR. Titles that a YAML reader would take for a number, a date, a
// boolean or null are quoted, as `fix` quotes them.

const sign = fc.constantFrom('', '-', '+');
const digits = fc.integer({ min: 0, max: 99_999 }).map(String);
const oneCase = (word: string) => fc.constantFrom(word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1));
const scalarLike = fc.oneof(
  fc.tuple(sign, digits).map(([s, d]) => `${s}${d}`),
  fc
    .tuple(fc.constantFrom('0o', '0x', '0b', '0'), fc.integer({ min: 0, max: 0o7777 }))
    .map(([p, n]) => `${p}${n.toString(p === '0x' ? 16 : p === '0b' ? 2 : 8)}`),
  fc.tuple(sign, digits, digits, fc.constantFrom('', 'e3', 'E-2', 'e+10')).map(([s, a, b, e]) => `${s}${a}.${b}${e}`),
  fc.tuple(sign, fc.constantFrom('.inf', '.Inf', '.INF', '.nan', '.NaN')).map(([s, w]) => `${s}${w}`),
  fc.tuple(digits, digits).map(([a, b]) => `${a}_${b}`),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString().slice(0, 10), d.toISOString(), d.toISOString().replace('T', ' ').replace('Z', ''))),
  fc.constantFrom('true', 'false', 'yes', 'no', 'on', 'off', 'y', 'n').chain(oneCase),
  fc.constantFrom('null', '~', 'Null', 'NULL'),
);

describe('`new` with a title YAML would read as another type', () => {
  it('writes it quoted: `new` succeeds, `check` is clean and the title reads back exactly', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const env = { DOCKET_TODAY: '2026-03-04' };
    await fc.assert(
      fc.asyncProperty(scalarLike, async (title) => {
        // After `--`: a title such as -1 or -.inf is not a flag.
        const made = await docket(['new', 'ADR', '--root', root, '--json', '--', title], { env });
        expectValidEnvelope(made.json, 'new');
        expect(made.exitCode, made.stdout).toBe(0);
        const resolved = await docket(['resolve', made.json!.data.document_id, '--root', root, '--json']);
        expect(resolved.json!.data.title).toBe(title);
      }),
      { numRuns: 40, examples: [['0o17'], ['1e3'], ['2026-01-31'], ['no'], ['~'], ['.inf']] },
    );
    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect({ exit: check.exitCode, violations: check.json!.violations, warnings: check.json!.warnings }).toEqual({
      exit: 0,
      violations: [],
      warnings: [],
    });
  }, 120_000);
});
