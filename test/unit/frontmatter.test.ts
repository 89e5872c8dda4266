import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/load.js';
import { decodeDocument, field, firstHeading } from '../../src/core/documents/read.js';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { nestingDepth, splitFrontmatter } from '../../src/core/frontmatter/split.js';

const ns = parseConfig('/repo', '').config.namespaces[0]!;
const decode = (text: string | Uint8Array) => decodeDocument('docs/x.md', ns, typeof text === 'string' ? Buffer.from(text) : text, 0, 0);

describe('splitFrontmatter', () => {
  it('finds the block between --- lines, accepting CRLF and ... as closer', () => {
    expect(splitFrontmatter('---\na: 1\n---\nbody')).toMatchObject({ kind: 'ok', yaml: 'a: 1\n', closingLine: 3, bodyOffset: 13 });
    expect(splitFrontmatter('---\r\na: 1\r\n...\r\nbody')).toMatchObject({ kind: 'ok', yaml: 'a: 1\r\n' });
    expect(splitFrontmatter('# title\n---\na: 1\n---\n')).toEqual({ kind: 'none' });
    expect(splitFrontmatter('----\na\n')).toEqual({ kind: 'none' });
    expect(splitFrontmatter('---\na: 1\n')).toEqual({ kind: 'unterminated' });
    expect(splitFrontmatter('---js\nmodule.exports = {}\n---\n')).toEqual({ kind: 'foreign', language: 'js' });
    expect(splitFrontmatter(`---\n${'a: 1\n'.repeat(20000)}---\n`).kind).toBe('too-large');
  });

  it('bounds nesting depth lexically', () => {
    expect(nestingDepth('a: 1\nb:\n  c: 2\n')).toBe(2);
    expect(nestingDepth(`a: ${'['.repeat(50)}${']'.repeat(50)}`)).toBeGreaterThan(50);
    expect(nestingDepth('a: "[[[[["\n')).toBe(1);
  });
});

describe('parseFrontmatterYaml', () => {
  it('keeps dates as strings and knows each key\'s source and line', () => {
    const r = parseFrontmatterYaml('version: 1.10\nlast_updated: 2026-01-31\nflag: no\nmode: 0755\n', 2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data).toEqual({ version: 1.1, last_updated: '2026-01-31', flag: 'no', mode: 755 });
    expect(r.value.source('version')).toBe('1.10');
    expect(r.value.line('flag')).toBe(4);
  });

  it('refuses aliases, duplicate keys and deep nesting, with file lines', () => {
    const alias = parseFrontmatterYaml('a: &x [1]\nb: *x\n', 2);
    expect(alias).toMatchObject({ ok: false, problem: { line: 3 } });
    const dup = parseFrontmatterYaml('a: 1\na: 2\n', 2);
    expect(dup.ok).toBe(false);
    const deep = parseFrontmatterYaml(`a: ${'['.repeat(40)}${']'.repeat(40)}\n`, 2);
    expect(deep).toMatchObject({ ok: false });
    const bomb = parseFrontmatterYaml('a: &a ["x","x"]\nb: &b [*a,*a]\nc: &c [*b,*b]\nd: [*c,*c]\n', 2);
    expect(bomb.ok).toBe(false);
  });

  it('treats __proto__ and constructor as plain data', () => {
    const r = parseFrontmatterYaml('__proto__:\n  polluted: 1\nconstructor: x\n', 2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.value.data)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('decodeDocument', () => {
  it('strips a BOM, reads fields and the first heading', () => {
    const rec = decode('\uFEFF---\r\ndocument_id: ACME-ADR-001\r\nversion: 1\r\n---\r\n\r\n# Use Postgres\r\n');
    expect(rec.bom).toBe(true);
    expect(rec.problems).toEqual([]);
    expect(field(rec, 'document_id')).toBe('ACME-ADR-001');
    expect(field(rec, 'version')).toBe('1');
    expect(firstHeading(rec)).toBe('Use Postgres');
  });

  it('reports binary, non-UTF-8, missing, foreign and unterminated frontmatter as findings', () => {
    expect(decode(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01])).problems[0]!.code).toBe('FILE_BINARY');
    expect(decode(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a])).problems[0]!.code).toBe('FILE_ENCODING');
    expect(decode('# no frontmatter\n').problems[0]!.code).toBe('FRONTMATTER_MISSING');
    expect(decode('---js\n{ x: require("fs") }\n---\n').problems[0]).toMatchObject({ code: 'FRONTMATTER_INVALID', line: 1 });
    expect(decode('---\ntitle: x\n').problems[0]!.code).toBe('FRONTMATTER_INVALID');
    expect(decode('---\ntitle: [\n---\n').problems[0]).toMatchObject({ code: 'FRONTMATTER_INVALID', path: 'docs/x.md' });
  });
});
