import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const head = 'document_id: ACME-ADR-001\ntype: ADR\n';
const tail = 'status: Draft\nversion: "0.1"\nlast_updated: "2026-01-31"\nowner: Platform Team\ndocops_version: "2.0"\n';

/** Each broken frontmatter, the line and column where its problem starts, and words of the message. */
const CASES: [string, string, number, number, RegExp][] = [
  [
    'unclosed double quote',
    `${head}title: "Unclosed quote\n${tail}`,
    4,
    8,
    /^Invalid frontmatter: The double-quoted value that starts here is not closed with ": the YAML parser read on to line \d+\.$/,
  ],
  ['unclosed single quote', `${head}title: 'It\n${tail}`, 4, 8, /The single-quoted value that starts here is not closed with '/],
  ['unclosed flow list', `${head}title: T\ntags: [a, b\n${tail}`, 5, 7, /The `\[` list that starts here is not closed with \]/],
  ['unclosed flow mapping', `${head}title: T\nmeta: {a: 1\n${tail}`, 5, 7, /The `\{` mapping that starts here is not closed with \}/],
];

describe('frontmatter YAML errors point at the line where the problem starts', () => {
  it.each(CASES)('%s', async (_name, yaml, line, column, message) => {
    const root = repo({ 'docs/45-adr/adr-001-x.md': `---\n${yaml}---\n# T\n` });
    const r = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'check');
    const found = r.json!.violations.filter((v: any) => v.code === 'FRONTMATTER_INVALID');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'docs/45-adr/adr-001-x.md', line, column });
    expect(found[0].message).toMatch(message);
    expect(found[0].suggestion).toBeTruthy();
  });

  it('a quote closed on its own line is not blamed on an earlier line', async () => {
    const root = repo({ 'docs/45-adr/adr-001-x.md': `---\n${head}title: T\nowner: a: b\n---\n# T\n` });
    const r = await docket(['check', '--root', root, '--json']);
    const found = r.json!.violations.filter((v: any) => v.code === 'FRONTMATTER_INVALID');
    expect(found.map((v: any) => v.line)).toEqual([5]);
  });

  it('a misspelt required key is one finding at the misspelt key', async () => {
    const root = repo({ 'docs/45-adr/adr-001-x.md': `---\n${head}title: T\n${tail.replace('owner:', 'ownr:')}---\n# T\n` });
    const r = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'check');
    const found = r.json!.violations.filter((v: any) => v.code === 'SCHEMA_VALIDATION');
    expect(found).toEqual([
      expect.objectContaining({
        line: 8,
        message: 'Unknown field `ownr`; did you mean `owner`, which is missing?',
        suggestion: 'Rename `ownr` to `owner`.',
      }),
    ]);
  });
});
