import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternRunner } from '../../src/core/schema/pattern/engine.js';
import { re2Tester } from '../../src/core/schema/pattern/re2.js';
import { provenLinear } from '../../src/core/schema/pattern/safety.js';
import { parsePattern } from '../../src/core/schema/pattern/syntax.js';
import { schemaPatterns } from '../../src/core/schema/pattern/walk.js';
import { REPO } from '../helpers/cli.js';

const proven = (p: string) => provenLinear(parsePattern(p));

describe('schema patterns: which engine runs them', () => {
  it('proves the patterns of ordinary schemas linear, so they keep V8 RegExp', () => {
    for (const p of [
      '^[A-Z]{3,10}-[A-Z]{3,10}-\\d{3}$',
      '^\\d+\\.\\d+$',
      '^[a-z0-9]+(?:-[a-z0-9]+)*$',
      '^v?\\d+(\\.\\d+){1,2}$',
      '^[^@\\s]+@[^@\\s]+$',
      '^https?://\\S+$',
      '^(Draft|In Review|Approved)$',
      '^\\p{Lu}\\p{Ll}+$',
      '\\.md$',
      'TODO',
      '^.*$',
    ]) {
      expect(proven(p), p).toBe(true);
    }
  });

  it('leaves every ambiguous or unanchored-unbounded pattern to RE2', () => {
    // Overlapping alternatives, nested and adjacent loops, loops over what can be empty,
    // two ways to match nothing, and searches whose every start could run to the end.
    for (const p of [
      '^(a|a)*$',
      '^(a+)+$',
      '^(a*)*$',
      '^a*a*$',
      '^(ab|ac)*$',
      '^(?:a?)*$',
      '^(?:|)(?:|)x',
      '^(?:a{1,3}){1,3}$',
      '^.*x$',
      '\\d+x',
      '[a-z]+@',
      '^(\\p{L}|x)+$',
      '(?:^a|^b)+c*c',
    ]) {
      expect(proven(p), p).toBe(false);
      expect(patternRunner(p)).toMatchObject({ ok: true, engine: 're2' });
    }
  });

  it('refuses what RE2 cannot run, and never runs it on the backtracking engine', () => {
    for (const p of ['(a)\\1', '(?=a)a', '(?!a)b', '(?<=a)b', '(?<!a)b', '\\k<n>(?<n>a)', '^(a{1,2000})+$']) {
      expect(patternRunner(p), p).toMatchObject({ ok: false, reason: expect.stringContaining('RE2 cannot run this one') });
    }
  });

  it('proves every pattern of the built-in schema linear (its precompiled validator uses V8 RegExp)', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schemas/metadata.schema.json'), 'utf8'));
    const found = schemaPatterns(schema);
    expect(found.length).toBeGreaterThan(0);
    for (const { pattern } of found) expect(patternRunner(pattern), pattern).toMatchObject({ ok: true, engine: 'native' });
  });

  it('finds patterns in every subschema and patternProperties keys, not in data keywords', () => {
    const schema = {
      properties: { a: { pattern: 'x' }, pattern: { type: 'string' } },
      patternProperties: { '^y': {} },
      items: [{ anyOf: [{ pattern: 'z' }] }],
      $defs: { d: { propertyNames: { pattern: 'w' } } },
      enum: [{ pattern: 'data' }],
      default: { pattern: 'data' },
    };
    expect(schemaPatterns(schema)).toEqual([
      { pointer: '/$defs/d/propertyNames/pattern', pattern: 'w' },
      { pointer: '/items/0/anyOf/0/pattern', pattern: 'z' },
      { pointer: '/patternProperties/^y', pattern: '^y' },
      { pointer: '/properties/a/pattern', pattern: 'x' },
    ]);
  });

  it('gives RE2 the meaning ECMAScript gives a pattern (\\s, ., \\w, classes, escapes, astral code points)', () => {
    const patterns = [
      '^\\s+$',
      '^.$',
      '^\\w+\\b',
      '[^\\s\\d]',
      '^[\\u00e0-\\u00ff]+$',
      '^\\u{1F600}$',
      '^\\uD83D\\uDE00$',
      '^[^]$',
      '^[\\b]$',
      '\\cJ',
      '^a{2,3}$',
      '^(?:x|y)?z*$',
      '^[\\w-]{2}$',
      '\\.',
      '^\\p{Lu}',
      '[\\S]',
      '^$',
    ];
    const alphabet = fc.constantFrom(
      'a',
      'x',
      'y',
      'z',
      'Z',
      '_',
      '-',
      '.',
      '1',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u2028',
      '\u00e9',
      'É',
      '\u{1F600}',
      '\b',
      '\u000c',
    );
    for (const p of patterns) {
      const native = new RegExp(p, 'u');
      const re2 = re2Tester(parsePattern(p));
      fc.assert(
        fc.property(
          fc.array(alphabet, { maxLength: 6 }).map((a) => a.join('')),
          (s) => re2(s) === native.test(s),
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe('config values inside docket RegExps', () => {
  it('are matched literally (a type key is never regular expression syntax)', async () => {
    const { highestFileSeq } = await import('../../src/core/ids/next-id.js');
    const { conventionName } = await import('../../src/core/scan/names.js');
    expect(highestFileSeq(['a+b-007-x.md', 'aab-009-y.md'], 'A+B')).toBe(7);
    expect(highestFileSeq([`${'a'.repeat(30)}!`], '(A+)+')).toBe(0);
    expect(conventionName('docs/x/a.b-notes.md', 'A.B', undefined).slug).toBe('notes');
    expect(conventionName('docs/x/axb-notes.md', 'A.B', undefined).slug).toBe('axb-notes');
  });
});
