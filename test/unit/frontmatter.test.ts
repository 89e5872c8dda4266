import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/load.js';
import { decodeDocument, field, firstHeading } from '../../src/core/engine/documents/read.js';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { nestingDepth, splitFrontmatter } from '../../src/core/frontmatter/split.js';

const ns = parseConfig('/repo', '').config.namespaces[0]!;
const decode = (text: string | Uint8Array) => decodeDocument('docs/x.md', ns, typeof text === 'string' ? Buffer.from(text) : text, 0, 0);

describe('splitFrontmatter', () => {
  it('finds the block between --- lines, accepting CRLF and ... as closer', () => {
    expect(splitFrontmatter('---\na: 1\n---\nbody')).toMatchObject({ kind: 'ok', yaml: 'a: 1\n', closingLine: 3, bodyOffset: 13 });
    expect(splitFrontmatter('---\r\na: 1\r\n...\r\nbody')).toMatchObject({ kind: 'ok', yaml: 'a: 1\r\n' });
    expect(splitFrontmatter('# title\n\nSome text.\n')).toEqual({ kind: 'none' });
    expect(splitFrontmatter('---\na: 1\n')).toEqual({ kind: 'unterminated', line: 1 });
    expect(splitFrontmatter('----\na\n')).toEqual({ kind: 'unterminated', line: 1 });
    expect(splitFrontmatter('---js\nmodule.exports = {}\n---\n')).toEqual({ kind: 'foreign', language: 'js', line: 1 });
    expect(splitFrontmatter(`---\n${'a: 1\n'.repeat(20000)}---\n`).kind).toBe('too-large');
  });

  it('reads the shapes python-frontmatter reads (reference §5.2): leading whitespace, fences of three or more dashes', () => {
    // Two blank lines: the opener is line 3, the YAML starts at offset 6 of the text as it is.
    expect(splitFrontmatter('\n\n---\na: 1\n---\nbody')).toEqual({
      kind: 'ok',
      yaml: 'a: 1\n',
      firstLine: 4,
      yamlOffset: 6,
      closingOffset: 11,
      closingLine: 5,
      bodyOffset: 15,
    });
    expect(splitFrontmatter('  \t---  \na: 1\n---\n')).toMatchObject({ kind: 'ok', yaml: 'a: 1\n', firstLine: 2, yamlOffset: 9 });
    expect(splitFrontmatter('\r\n---\r\na: 1\r\n---\r\n')).toMatchObject({ kind: 'ok', yaml: 'a: 1\r\n', firstLine: 3, closingLine: 4 });
    expect(splitFrontmatter('----\na: 1\n-----  \nbody')).toMatchObject({ kind: 'ok', yaml: 'a: 1\n', closingLine: 3, bodyOffset: 18 });
    // A dash line of three or more closes the block, as it does for python-frontmatter.
    expect(splitFrontmatter('---\na: 1\n----\nb: 2\n---\n')).toMatchObject({ kind: 'ok', yaml: 'a: 1\n' });
  });

  it('refuses, with the line, a first line that only starts like a fence', () => {
    expect(splitFrontmatter('---\rtitle: A\r---\r')).toEqual({ kind: 'malformed', reason: 'cr-line-endings', opener: '---', line: 1 });
    expect(splitFrontmatter('\n---__proto__\ntitle: A\n---\n')).toEqual({
      kind: 'malformed',
      reason: 'opener',
      opener: '---__proto__',
      line: 2,
    });
    expect(splitFrontmatter('--- title: A\n---\n')).toEqual({ kind: 'malformed', reason: 'opener', opener: '--- title: A', line: 1 });
    expect(splitFrontmatter('\n\n---js\nx\n---\n')).toEqual({ kind: 'foreign', language: 'js', line: 3 });
  });

  it('says where a file without frontmatter has something like it near its top', () => {
    expect(splitFrontmatter('# title\n---\na: 1\n---\n')).toEqual({
      kind: 'none',
      near: { line: 2, what: 'a `---` line followed by `key:` lines' },
    });
    expect(splitFrontmatter('<!-- c -->\r\n\r\n---\r\ntitle: x\r\n---\r\n')).toMatchObject({ kind: 'none', near: { line: 3 } });
    expect(splitFrontmatter('+++\ntitle = "x"\n+++\n')).toEqual({
      kind: 'none',
      near: { line: 1, what: 'a `+++` line (TOML front matter)' },
    });
    expect(splitFrontmatter('\n# T\ndocument_id: A-B-001\n')).toEqual({ kind: 'none', near: { line: 3, what: 'a `document_id:` line' } });
    // A setext heading or a thematic break followed by prose is no look-alike.
    expect(splitFrontmatter('Title\n---\n\nText: more.\n')).toEqual({ kind: 'none' });
  });

  it('bounds nesting depth lexically', () => {
    expect(nestingDepth('a: 1\nb:\n  c: 2\n')).toBe(2);
    expect(nestingDepth(`a: ${'['.repeat(50)}${']'.repeat(50)}`)).toBeGreaterThan(50);
    expect(nestingDepth('a: "[[[[["\n')).toBe(1);
  });
});

describe('parseFrontmatterYaml', () => {
  it("keeps dates as strings and knows each key's source and line", () => {
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

  it('refuses a second YAML document inside the block instead of dropping its keys', () => {
    // `--- # x` is no fence for the splitter but starts a document for YAML: PyYAML refuses it too.
    const r = parseFrontmatterYaml('title: A\n--- # x\nstatus: Draft\n', 2);
    expect(r).toMatchObject({ ok: false, problem: { line: 3 } });
  });

  it('refuses a mapping used as a key, naming an unfilled {{placeholder}} and its field, without a library warning', () => {
    const warnings: string[] = [];
    const listener = (w: Error) => warnings.push(w.message);
    process.on('warning', listener);
    try {
      const r = parseFrontmatterYaml('document_id: A-B-001\ntitle: {{title}}\n', 2);
      expect(r).toMatchObject({
        ok: false,
        problem: { message: 'The value of `title` is an unfilled template placeholder: {{title}}.', line: 3, column: 8 },
      });
      if (!r.ok) expect(r.problem.suggestion).toContain('Replace {{title}} with the real `title`');
      expect(parseFrontmatterYaml('? [a, b]\n: 1\n', 2)).toMatchObject({
        ok: false,
        problem: { message: 'A mapping or list is used as a key; docket reads text keys only.', line: 2 },
      });
      // Quoted, the braces are text.
      expect(parseFrontmatterYaml('title: "{{title}}"\n', 2)).toMatchObject({ ok: true, value: { data: { title: '{{title}}' } } });
    } finally {
      process.off('warning', listener);
    }
    expect(warnings).toEqual([]);
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

  it('reports the frontmatter shapes it refuses at their line, and reads the ones python-frontmatter reads', () => {
    expect(decode('\n\n---\ndocument_id: A-B-001\n---\n').problems).toEqual([]);
    expect(field(decode('\n\n---\ndocument_id: A-B-001\n---\n'), 'document_id')).toBe('A-B-001');
    expect(decode('\n\n---\n---\n').problems[0]).toMatchObject({
      code: 'FRONTMATTER_MISSING',
      message: 'The frontmatter block is empty.',
      line: 3,
    });
    expect(decode('---\rtitle: A\r---\r').problems[0]).toMatchObject({
      code: 'FRONTMATTER_INVALID',
      message: 'The frontmatter has CR-only line endings (classic Mac OS); docket reads LF or CRLF line endings.',
      line: 1,
    });
    expect(decode('\n---__proto__\ntitle: A\n---\n').problems[0]).toMatchObject({
      code: 'FRONTMATTER_INVALID',
      message: 'The first line `---__proto__` starts like a frontmatter fence but is not one.',
      line: 2,
    });
    expect(decode('\n\n---\ntitle: x\n').problems[0]).toMatchObject({ code: 'FRONTMATTER_INVALID', line: 3 });
    expect(decode('<!-- c -->\n---\ntitle: A\n---\n').problems[0]).toMatchObject({
      code: 'FRONTMATTER_MISSING',
      message: 'The document has no frontmatter at its top, but line 2 has a `---` line followed by `key:` lines.',
      line: 2,
    });
  });
});
