import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { parseSimpleConfig, type ConfigYaml } from '../../src/core/config/simple-yaml.js';
import { YamlSource } from '../../src/core/config/yaml-source.js';
import { initRepository } from '../../src/core/usecases/init.js';
import { tempDir } from '../helpers/fixtures.js';

type Path = (string | number)[];

/** Every path into the data, plus missing keys, out-of-range items and steps of the wrong kind. */
function probes(data: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix, [...prefix, 'missing'], [...prefix, 0], [...prefix, 9], [...prefix, 'constructor'], [...prefix, 'x', 'y']];
  if (Array.isArray(data)) data.forEach((item, i) => out.push(...probes(item, [...prefix, i]), [...prefix, String(i)]));
  else if (data !== null && typeof data === 'object') for (const [k, v] of Object.entries(data)) out.push(...probes(v, [...prefix, k]));
  return out;
}

/** Data as entries (an own `constructor` key would confuse the matcher's type check), with prototypes. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return { array: v.map(shape) };
  if (v !== null && typeof v === 'object')
    return { proto: Object.getPrototypeOf(v) === Object.prototype, entries: Object.entries(v).map(([k, x]) => [k, shape(x)]) };
  return { type: typeof v, v: Object.is(v, -0) ? '-0' : v };
}

function observe(source: ConfigYaml, paths: Path[]) {
  const data = source.toJS();
  return {
    json: JSON.stringify(data),
    data: shape(data),
    per: paths.map((p) => ({ p, line: source.line(p), source: source.scalarSource(p) })),
  };
}

/** The fast path either declines or agrees with the `yaml` package on everything observable. */
function agrees(text: string): boolean {
  const fast = parseSimpleConfig('docops.config.yaml', text);
  if (!fast) return false;
  let full: YamlSource | undefined;
  expect(
    () => (full = YamlSource.parseWithYaml('docops.config.yaml', text)),
    `the yaml package rejects what the fast path accepted:\n${text}`,
  ).not.toThrow();
  const paths = probes(full!.toJS());
  expect(observe(fast, paths), text).toStrictEqual(observe(full!, paths));
  return true;
}

const KEYS = [
  'docops_version',
  'project_name',
  'repo_prefix',
  'docs_root',
  'excluded_paths',
  'document_types',
  'catalog_name',
  'valid_impl_states',
  'namespace',
  'type_directories',
  'ADR',
  'directory',
  'template',
  'a',
  '_x',
  'k-1',
  'true',
  'null',
  'no',
  'on',
  'e1',
  'constructor',
  'toString',
  '__proto__',
  'name',
];

const scalar = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'ACME',
      'docs',
      '"2.0"',
      "'2.0'",
      '2.0',
      '1.10',
      'Platform Team',
      'docs/00-governance/metadata.schema.json',
      'WIP-',
      'Architecture Decision Record',
      'docket maintainers',
    ),
  },
  fc.constantFrom(
    '[]',
    '{}',
    '[ ]',
    '[x]',
    '1',
    '01',
    '0.1',
    '1e3',
    '0x1F',
    '0o17',
    '.inf',
    '.nan',
    '~',
    'null',
    'Null',
    'true',
    'True',
    'false',
    'yes',
    'no',
    'on',
    '12345678901234567890',
    '-1',
    '+1',
    '""',
    "''",
    '"quoted"',
    "'single'",
    '"a: b"',
    "'#x'",
    '"esc\\n"',
    "'it''s'",
    '"unterminated',
    'C#',
    'a#b',
    'a #b',
    'a: b',
    'a:b',
    'a:',
    '[a, b]',
    '[]',
    '{}',
    '{a: 1}',
    '- x',
    '-x',
    '? x',
    '&a x',
    '*a',
    '!!str 1',
    '!tag x',
    '|',
    '>',
    '%x',
    '@x',
    'Ünïcödé',
    '\u00a0x',
    'x\u2028y',
    '\u{1F600}',
    'a\tb',
    'x ',
    '',
    '---',
    '...',
    '<<',
    '2026-01-15',
  ),
  fc.string({ maxLength: 8 }),
);
const comment = fc.constantFrom('# a comment', '#', '   # indented comment', '# ünïcödé: - [x]', '  #- item?', '');

/** A config-shaped YAML text: nested mappings, block lists (indented or compact), comments, blank lines. */
const configText = fc
  .letrec<{ map: string[]; value: string[] }>((tie) => ({
    map: fc
      .array(fc.tuple(fc.constantFrom(...KEYS), tie('value'), fc.option(comment, { nil: undefined })), { minLength: 1, maxLength: 5 })
      .map((entries) =>
        entries.flatMap(([key, value, c]) => [
          ...(c === undefined ? [] : [c]),
          ...(value.length === 1 && !value[0]!.startsWith('\n')
            ? [`${key}: ${value[0]}`]
            : [`${key}:`, ...value.map((l) => l.replace(/^\n/, ''))]),
        ]),
      ),
    value: fc.oneof(
      { weight: 4, arbitrary: scalar.map((s) => [s]) },
      { weight: 1, arbitrary: fc.constant(['\n'] as string[]) }, // empty value: `key:`
      fc
        .tuple(fc.constantFrom(0, 2, 4), fc.array(scalar, { minLength: 1, maxLength: 3 }))
        .map(([indent, items]) => items.map((s) => `\n${' '.repeat(indent)}- ${s}`)),
      fc
        .tuple(fc.constantFrom(1, 2, 4), tie('map'))
        .map(([indent, lines]) => lines.map((l) => `\n${l === '' ? '' : ' '.repeat(indent)}${l}`)),
      // A list of mappings (`namespaces`): `- key: value` then the item's other entries two columns in.
      fc
        .tuple(fc.constantFrom(0, 2), fc.array(tie('map'), { minLength: 1, maxLength: 3 }))
        .map(([indent, maps]) =>
          maps.flatMap((lines) => lines.map((l, i) => `\n${l === '' ? '' : ' '.repeat(indent)}${i === 0 ? '- ' : '  '}${l}`)),
        ),
    ),
  }))
  .map.map((lines) => `${lines.join('\n')}\n`);

/** Small damage: a character inserted, deleted or replaced, or a line indented differently. */
const damaged = fc
  .tuple(configText, fc.nat(), fc.constantFrom(' ', '\t', '\r', '#', ':', '-', '"', "'", '\n', '  ', 'x', ''))
  .map(([t, i, c]) => {
    const at = i % (t.length + 1);
    return `${t.slice(0, at)}${c}${t.slice(at + (c === '' ? 1 : 0))}`;
  });

describe('config fast path (differential against the yaml package)', () => {
  it('agrees on generated configs, and accepts most of them', () => {
    let accepted = 0;
    let total = 0;
    fc.assert(
      fc.property(configText, (text) => {
        total++;
        if (agrees(text)) accepted++;
      }),
      { numRuns: 1500 },
    );
    expect(accepted / total).toBeGreaterThan(0.2);
  });

  it('agrees on damaged configs', () => {
    fc.assert(
      fc.property(damaged, (text) => void agrees(text)),
      { numRuns: 1500 },
    );
  });

  it('takes the configs docket writes and the shipped ones, and agrees on them', async () => {
    const root = tempDir();
    await initRepository(root, { prefix: 'ACME', projectName: 'Acme Platform', cmd: (c) => c });
    const texts = [root, REPO, path.join(REPO, 'examples/handbook'), path.join(REPO, 'test/fixtures/monorepo')].map((dir) =>
      readFileSync(path.join(dir, 'docops.config.yaml'), 'utf8'),
    );
    // What the benchmark generator writes for a monorepo (a `namespaces` list of mappings).
    texts.push(
      'docops_version: "2.0"\nproject_name: Bench\nrepo_prefix: BENCH\ndocs_root: docs\nnamespaces:\n  - name: main\n    repo_prefix: BENCH\n    docs_root: docs\n  - name: svc1\n    repo_prefix: SVAB\n    docs_root: services/svc1/docs\n',
    );
    for (const text of texts) expect(agrees(text), text).toBe(true);
  });

  it('declines what it cannot be sure of', () => {
    const declined = [
      'a: 1 # trailing comment\n',
      'a: [x, y]\n',
      'a: {b: 1}\n',
      'namespaces:\n  -  name: x\n     docs_root: docs\n',
      'namespaces:\n  - name: x\n   docs_root: docs\n',
      'a:\n- b: 1\n - c: 2\n',
      'a: |\n  text\n',
      'a: >\n  text\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: b\na: c\n',
      '__proto__: 1\n',
      '"a": 1\n',
      'a: multi\n  line\n',
      'a:\n\tb: 1\n',
      'a: 1\r\n',
      '---\na: 1\n',
      '%YAML 1.2\n---\na: 1\n',
      '  a: 1\n',
      '- a\n',
      '# only a comment\n',
      '',
      'a: 1\n  b: 2\n',
      'a:\n  - x\n  b: 1\n',
      'a:\n- x\n  - y\n',
      '? a\n: 1\n',
      'a: 0x1F\n',
    ];
    for (const text of declined) expect(parseSimpleConfig('docops.config.yaml', text), JSON.stringify(text)).toBeUndefined();
  });
});
