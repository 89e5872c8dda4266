import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeMetadata } from '../../src/core/engine/documents/normalize.js';
import { yaml11Type } from '../../src/core/engine/documents/yaml11.js';
import { parseSimpleFrontmatter } from '../../src/core/frontmatter/fast.js';
import { parseWithYaml, type ParsedFrontmatter } from '../../src/core/frontmatter/parse.js';

/**
 * The one rule for scalars (documents/normalize.ts readScalar): each YAML scalar kind against
 * each declared schema type, read by both frontmatter parsers (the fast path declines what it
 * does not handle, e.g. hex numbers; the `yaml` package reads everything).
 */
function parsers(yaml: string): [string, ParsedFrontmatter][] {
  const full = parseWithYaml(yaml, 2);
  if (!full.ok) throw new Error(full.problem.message);
  const fast = parseSimpleFrontmatter(yaml, 2);
  return fast
    ? [
        ['yaml package', full.value],
        ['fast parser', fast],
      ]
    : [['yaml package', full.value]];
}

const schemaOf = (type: unknown) => ({ properties: { f: { type } } });

function read(line: string, type: unknown) {
  const results = parsers(`${line}\n`).map(([name, fm]) => {
    const { metadata, normalized } = normalizeMetadata(fm, schemaOf(type));
    return { name, value: metadata.f, mismatch: normalized.find((n) => n.field === 'f')?.mismatch };
  });
  // Both parsers agree on everything.
  for (const r of results.slice(1))
    expect({ value: r.value, mismatch: r.mismatch }, `${r.name}: ${line}`).toEqual({
      value: results[0]!.value,
      mismatch: results[0]!.mismatch,
    });
  return results[0]!;
}

describe('a scalar YAML 1.2 types as a number or boolean where the schema wants text', () => {
  const cases: [string, string][] = [
    ['42', 'a number'],
    ['12345678901234567890', 'a number'],
    ['1.50', 'a number'],
    ['-7', 'a number'],
    ['010', 'a number'],
    ['0x1F', 'a number'],
    ['0o17', 'a number'],
    ['1e3', 'a number'],
    ['.inf', 'a number'],
    ['.NaN', 'a number'],
    ['true', 'true or false'],
    ['FALSE', 'true or false'],
  ];
  for (const [written, reads] of cases) {
    it(`f: ${written} is read as its source text, with a warning`, () => {
      const r = read(`f: ${written}`, 'string');
      expect(r.value).toBe(written);
      expect(r.mismatch).toEqual({ written, reads, yaml11: false, wanted: 'string', remedy: 'quote' });
    });
  }
  it('a schema that also accepts the number takes it as it is', () => {
    expect(read('f: 42', ['string', 'number'])).toMatchObject({ value: 42, mismatch: undefined });
    expect(read('f: 42', 'integer')).toMatchObject({ value: 42, mismatch: undefined });
    expect(read('f: true', 'boolean')).toMatchObject({ value: true, mismatch: undefined });
  });
  it('a number where the schema wants neither it nor text is left to the schema', () => {
    expect(read('f: 1', 'boolean')).toMatchObject({ value: 1, mismatch: undefined });
    expect(read('f: 1.5', 'integer')).toMatchObject({ value: 1.5, mismatch: undefined });
  });
});

describe('a plain scalar docket (YAML 1.2) reads as text and the Python DocOps CLI (YAML 1.1) does not', () => {
  const cases: [string, string][] = [
    ['yes', 'true or false'],
    ['Off', 'true or false'],
    ['ON', 'true or false'],
    ['2026-01-01', 'a date'],
    ['2026-01-01 10:00:00', 'a date'],
    ['2026-1-1T10:00:00Z', 'a date'],
    ['1_000', 'a number'],
    ['0b101', 'a number'],
    ['1:30', 'a number'],
    ['1_0.5', 'a number'],
  ];
  for (const [written, reads] of cases) {
    it(`f: ${written} stays text, with a warning that names that reader`, () => {
      const r = read(`f: ${written}`, 'string');
      expect(r.value).toBe(written);
      expect(r.mismatch).toEqual({ written, reads, yaml11: true, wanted: 'string', remedy: 'quote' });
    });
  }
  it('where the schema wants a boolean, a YAML 1.1 boolean is read as that tool reads it', () => {
    expect(read('f: yes', 'boolean')).toEqual({
      name: 'yaml package',
      value: true,
      mismatch: { written: 'yes', reads: 'text', yaml11: true, wanted: 'boolean', remedy: 'rewrite' },
    });
    expect(read('f: off', 'boolean')).toMatchObject({ value: false });
    expect(read('f: "yes"', 'boolean')).toMatchObject({ value: 'yes', mismatch: undefined });
  });
  it('a schema that accepts that type too has no quarrel with it', () => {
    expect(read('f: yes', ['string', 'boolean'])).toMatchObject({ value: 'yes', mismatch: undefined });
  });
});

describe('a quoted number or boolean where the schema wants one', () => {
  it('is read as the number or boolean, with a warning to remove the quotes', () => {
    expect(read('f: "3"', 'integer')).toMatchObject({
      value: 3,
      mismatch: { written: '3', reads: 'text', yaml11: false, wanted: 'integer', remedy: 'unquote' },
    });
    expect(read("f: '2.5'", 'number')).toMatchObject({ value: 2.5, mismatch: { wanted: 'number', remedy: 'unquote' } });
    expect(read('f: "3"', ['integer', 'number'])).toMatchObject({ value: 3, mismatch: { wanted: 'integer' } });
    expect(read('f: "true"', 'boolean')).toMatchObject({ value: true, mismatch: { wanted: 'boolean', remedy: 'unquote' } });
  });
  it('text that is no such value is left to the schema', () => {
    expect(read('f: "2.5"', 'integer')).toMatchObject({ value: '2.5', mismatch: undefined });
    expect(read('f: "three"', 'number')).toMatchObject({ value: 'three', mismatch: undefined });
    expect(read('f: three', 'number')).toMatchObject({ value: 'three', mismatch: undefined });
    expect(read('f: "0x1F"', 'number')).toMatchObject({ value: '0x1F', mismatch: undefined });
  });
});

describe('scalars that need nothing', () => {
  const quiet: [string, unknown][] = [
    ['f: hello', 'hello'],
    ['f: "42"', '42'],
    ["f: 'yes'", 'yes'],
    ['f: "2026-01-01"', '2026-01-01'],
    // PyYAML does not take y or n for booleans, whatever YAML 1.1 says.
    ['f: y', 'y'],
    ['f: n', 'n'],
    ['f: 1.2.3', '1.2.3'],
    ['f: 09', 9],
    ['f: on the way', 'on the way'],
    ['f: |\n  42', '42\n'],
    // A null is no value: the schema reports it (as the Python tool's schema check does).
    ['f: null', null],
    ['f: ~', null],
    ['f:', null],
  ];
  for (const [line, value] of quiet) {
    it(`${line.replace('\n', '⏎')} is read as YAML reads it, without a warning`, () => {
      const r = read(line, line === 'f: 09' ? 'integer' : 'string');
      expect(r.value).toEqual(value);
      expect(r.mismatch).toBeUndefined();
    });
  }
  it('a property that declares no type is never a mismatch', () => {
    for (const line of ['f: 42', 'f: yes', 'f: 2026-01-01']) {
      const [[, fm]] = parsers(line) as [[string, ParsedFrontmatter]];
      expect(normalizeMetadata(fm, { properties: { f: { pattern: '.' } } }).normalized).toEqual([]);
      expect(normalizeMetadata(fm, undefined).normalized).toEqual([]);
    }
  });
});

describe('what the Python DocOps CLI normalises stays silent (reference §5.2)', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/metadata.schema.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
  const silent: [string, string, unknown][] = [
    ['version', '1', '1.0'],
    ['version', '1.0', '1.0'],
    ['version', '0.9', '0.9'],
    // The source digits are kept (that tool's str(float) would write 1.1).
    ['template_version', '1.10', '1.10'],
    ['docops_version', '2.0', '2.0'],
    ['docops_version', '2', '2.0'],
    ['last_updated', '2026-01-01', '2026-01-01'],
    ['last_updated', '2026-01-31T10:00:00Z', '2026-01-31'],
    ['last_updated', '2026-01-31 10:00:00', '2026-01-31'],
  ];
  for (const [key, written, value] of silent) {
    it(`${key}: ${written} is ${JSON.stringify(value)}, without a warning`, () => {
      for (const [, fm] of parsers(`${key}: ${written}\n`)) {
        const { metadata, normalized } = normalizeMetadata(fm, schema);
        expect(metadata[key]).toBe(value);
        expect(normalized.filter((n) => n.mismatch)).toEqual([]);
      }
    });
  }
  const loud: [string, string][] = [
    // Not one of that tool's three version keys.
    ['approvers', '1'],
    // Versions written otherwise than as plain digits keep their text and are reported.
    ['version', '0x1F'],
    ['version', '.inf'],
    ['version', '-1'],
    ['version', '1_0'],
    ['version', 'true'],
    // Only last_updated's date is normalised by that tool.
    ['area', '2026-01-01'],
  ];
  for (const [key, written] of loud) {
    it(`${key}: ${written} is read as written, with a warning`, () => {
      for (const [, fm] of parsers(`${key}: ${written}\n`)) {
        const { metadata, normalized } = normalizeMetadata(fm, schema);
        expect(metadata[key]).toBe(written);
        expect(normalized.find((n) => n.field === key)?.mismatch?.written).toBe(written);
      }
    });
  }
});

describe('yaml11Type: PyYAML SafeLoader resolvers', () => {
  it('types plain scalars as that reader does', () => {
    const table: [string, string | undefined][] = [
      ['yes', 'boolean'],
      ['NO', 'boolean'],
      ['On', 'boolean'],
      ['y', undefined],
      ['Yes!', undefined],
      ['0755', 'integer'],
      ['0b1_0', 'integer'],
      ['-0x_1F', 'integer'],
      ['190:20:30', 'integer'],
      ['1_000', 'integer'],
      ['09', undefined],
      ['1.5', 'number'],
      ['1.', 'number'],
      ['.5', 'number'],
      ['1e3', undefined],
      ['1.0e+3', 'number'],
      ['1.0e3', undefined],
      ['-.inf', 'number'],
      ['.nan', 'number'],
      ['2026-01-01', 'date'],
      ['2026-1-1', undefined],
      ['2026-1-1 1:02:03', 'date'],
      ['2026-01-01T10:00:00.5 +01:00', 'date'],
      ['2026-01-01T10:00', undefined],
      ['~', 'null'],
      ['Null', 'null'],
      ['nULL', undefined],
      ['text', undefined],
      ['1.2.3', undefined],
    ];
    for (const [plain, type] of table) expect(yaml11Type(plain), plain).toBe(type);
  });
});
