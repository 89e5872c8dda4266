import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { parseSimpleFrontmatter } from '../../src/core/frontmatter/fast.js';
import { parseWithYaml, type ParsedFrontmatter } from '../../src/core/frontmatter/parse.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';
import { tempDir } from '../helpers/fixtures.js';

/** Everything a caller can observe of a parse, probed the same way for both parsers. */
function observe(fm: ParsedFrontmatter) {
  const keys = fm.keys();
  const probes = [...keys, 'missing', '__proto__', 'constructor', 'toString'];
  return {
    // Entries, not the object: an own `constructor` key would confuse the matcher's type check.
    data: Object.entries(fm.data),
    proto: Object.getPrototypeOf(fm.data),
    dataKeys: Object.keys(fm.data),
    keys,
    per: probes.map((k) => ({
      k,
      source: fm.source(k),
      plain: fm.plain(k),
      line: fm.line(k),
      span: fm.valueSpan(k),
      at: [
        fm.lineAt([k]),
        fm.lineAt([k, 0]),
        fm.lineAt([k, 1]),
        fm.lineAt([k, 2]),
        fm.lineAt([k, 7]),
        fm.lineAt([k, 'x']),
        fm.lineAt([k, 0, 'x']),
      ],
    })),
    empty: fm.lineAt([]),
    numeric: fm.lineAt([0]),
  };
}

/** The fast path either declines or agrees with the `yaml` package on everything observable. */
function agrees(yaml: string, firstLine = 2): boolean {
  const fast = parseSimpleFrontmatter(yaml, firstLine);
  if (!fast) return false;
  const full = parseWithYaml(yaml, firstLine);
  expect(full.ok, `the yaml package rejects what the fast path accepted:\n${yaml}`).toBe(true);
  if (full.ok) expect(observe(fast), yaml).toStrictEqual(observe(full.value));
  return true;
}

const KEYS = [
  'document_id',
  'type',
  'title',
  'status',
  'version',
  'last_updated',
  'owner',
  'related_ids',
  'keywords',
  'a',
  '_x',
  'k-1',
  'true',
  'null',
  'True',
  'y',
  'no',
  'on',
  'NaN',
  'inf',
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'e1',
  'x'.repeat(130),
];

/** Scalars as written: plain words, numbers of every YAML form, dates, indicators, quotes, unicode. */
const scalarText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'Draft',
      'Bench Team',
      'ACME-ADR-001',
      '2026-01-15',
      '1.10',
      '0.1',
      '"2.0"',
      "'x'",
      'Ünïcödé',
      'a:b',
      'C#',
      'x [y]',
      '12',
      'true',
      '~',
    ),
  },
  fc.constantFrom(
    'Draft',
    'In Review',
    'Bench Team',
    'ACME-ADR-001',
    '2026-01-15',
    '2026-02-30',
    '2026-01-15T10:00:00Z',
    '1',
    '1.0',
    '1.10',
    '01',
    '007',
    '0.1',
    '2.0',
    '1.0.3',
    '-1',
    '+1',
    '.5',
    '5.',
    '1e3',
    '1E-3',
    '0x1F',
    '0o17',
    '0b11',
    '.inf',
    '-.Inf',
    '.nan',
    '.NaN',
    '~',
    'null',
    'Null',
    'NULL',
    'nULL',
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'yes',
    'no',
    'on',
    'off',
    'y',
    'n',
    '1_000',
    '12345678901234567890',
    '1234567890123456',
    '3.141592653589793238',
    '""',
    "''",
    '"quoted"',
    "'single'",
    '"a: b"',
    "'#x'",
    '"it\'s"',
    '\'say "hi"\'',
    '"esc\\n"',
    "'it''s'",
    '"unterminated',
    "'x",
    '"a" b',
    "'a' # c",
    'C#',
    'a#b',
    'a #b',
    'a: b',
    'a:b',
    'a:',
    'http://x.y/z?q=1#f',
    '[a, b]',
    '[]',
    '{}',
    '{a: 1}',
    'x [draft], {y}',
    '- x',
    '-x',
    '? x',
    ': x',
    ',x',
    '&a x',
    '*a',
    '!!str 1',
    '!tag x',
    '| x',
    '> x',
    '%x',
    '@x',
    '`x',
    'x`',
    'Ünïcödé',
    'caf\u00e9',
    '\u00a0x',
    'x\u00a0',
    '\u00a0#x',
    'a\u00a0#b',
    'x\u2028y',
    'x\u0085y',
    '\ufeffx',
    '\u{1F600}',
    'Over: there',
    'a\tb',
    'tab\t',
    'x ',
    '  x',
    '',
    ' ',
    '---',
    '...',
    '--- x',
    '<<',
    '=',
    'x\\y',
    '"x\\y"',
    "'x\\y'",
    '0',
    '-0',
    '+0.0',
    '00.5',
  ),
  fc.string({ maxLength: 12 }),
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,;:#'"()\-_/]{0,20}$/) },
);

const keyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom('"quoted"', 'with space', '1abc', '-x', '? k', 'k ', '') },
);

/** A frontmatter line: a key with a scalar, an empty value, a list (any indentation), or odd lines. */
const entry = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(keyText, scalarText, fc.constantFrom(' ', ' ', ' ', '  ', '')).map(([k, v, sp]) => `${k}:${sp}${v}`) },
  { weight: 1, arbitrary: keyText.map((k) => `${k}:`) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        keyText,
        fc.constantFrom('', '  ', '    ', ' '),
        fc.array(scalarText, { minLength: 0, maxLength: 4 }),
        fc.constantFrom('- ', '-  ', '-'),
      )
      .map(([k, indent, items, dash]) => [`${k}:`, ...items.map((i) => `${indent}${dash}${i}`)].join('\n')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '# comment',
      '  # indented comment',
      '  continued',
      '- stray',
      'key: value # trailing',
      'k: v\r',
      '---',
      '...',
      ' k: v',
      '\tk: v',
      'k:\t v',
      '[a, b]',
      'k: |\n  block',
      'k: >\n  folded',
      'k: &a x\nj: *a',
      'k: "multi\n  line"',
      'k: plain\n  continued',
      'k:\n  - a\n  -',
      'k:\n  - a\n    - b',
      'k:\n  - a: 1',
      'k:\n  a: 1',
      'title: {{title}}',
      'k:\n  - {{tag}}',
    ),
  },
);

const frontmatter = fc
  .array(entry, { minLength: 0, maxLength: 6 })
  .chain((lines) => fc.constantFrom('\n', '').map((end) => lines.join('\n') + end));

describe('the frontmatter fast path agrees with the yaml package', () => {
  it('on generated frontmatter (declines are allowed, disagreements are not)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(frontmatter, fc.integer({ min: 1, max: 5 }), (yaml, firstLine) => {
        if (agrees(yaml, firstLine)) accepted++;
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 4000) },
    );
    // The generator must exercise the fast path, not only its declines.
    expect(accepted).toBeGreaterThan(400);
  });

  it('on hand-picked edge cases', () => {
    const cases = [
      'title: A\n',
      'title: A',
      'a: 1\nb: 1.10\nc: "1.0"\nd: \'x\'\n',
      'k:\n- a\n- b\n',
      'k:\n  - a\n  - "b"\nz: 1\n',
      'k:\nz: 2\n',
      'k:\n',
      'k: ~\n',
      'k: null\n',
      'version: 2.0\n',
      'n: 12345678901234567\n',
      'last_updated: 2026-02-30\n',
      'a: Foo [draft], {x}\n',
      'a: x\nb:\n  - 1\n  - 2.50\n  - true\n  - ~\n',
      'title: "A title: with colon"\n',
      "title: 'It is #1'\n",
      'a: b\na: c\n',
      '__proto__: x\n',
      'constructor: x\ntoString: y\n',
      'true: 1\n',
      'y: 1\n',
      'a: "x" \n',
    ];
    for (const c of cases) agrees(c);
    expect(parseSimpleFrontmatter('title: A\n', 2)).toBeDefined();
    expect(parseSimpleFrontmatter('k:\n  - a\n  - "b"\nz: 1\n', 2)).toBeDefined();
  });

  it('declines what it must leave to the parser: aliases, anchors, tags, flow, blocks, escapes, comments, duplicates', () => {
    for (const c of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: [1, 2]\n',
      'a: {b: 1}\n',
      'a: |\n  x\n',
      'a: "x\\ny"\n',
      '# c\na: 1\n',
      'a: 1 # c\n',
      'a: 1\na: 2\n',
      '__proto__: 1\n',
      'a: b: c\n',
      'a:\n\n  - x\n',
      'a: 0x10\n',
      'a: 1e3\n',
      'a: .inf\n',
      'a: -1\n',
      'a:\tb\n',
      'a: b\r\n',
      'a: x\n  y\n',
      'title: {{title}}\n',
    ]) {
      expect(parseSimpleFrontmatter(c, 2), c).toBeUndefined();
    }
  });

  it('accepts nearly every document of a generated repository', () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 300, seed: 3, violations: 5 });
    let total = 0;
    let fast = 0;
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) walk(abs);
        else if (e.name.endsWith('.md')) {
          const split = splitFrontmatter(readFileSync(abs, 'utf8'));
          if (split.kind !== 'ok') continue;
          total++;
          if (agrees(split.yaml, split.firstLine)) fast++;
        }
      }
    };
    walk(root);
    expect(total).toBeGreaterThan(250);
    expect(fast).toBeGreaterThan(total * 0.95);
  });
});
