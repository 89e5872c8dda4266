import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

type Finding = { code: string; path?: string; line?: number; column?: number };

/** The LINK_BROKEN findings of `check --format json` on a repository. */
async function brokenLinks(root: string): Promise<Finding[]> {
  const r = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
  expectValidEnvelope(r.json, 'check');
  return (r.json!.violations as Finding[]).filter((f) => f.code === 'LINK_BROKEN');
}

// Links as CommonMark reads them (issue 39): what a new user tried and docket got wrong.
describe('check reads links as CommonMark does', () => {
  it('character references in a destination are decoded: a&amp;b.md and a&#38;b.md are a&b.md', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc(
        { document_id: 'ACME-ADR-001' },
        '# Alpha\n\n[amp](a&amp;b.md) [num](a&#38;b.md) [hex](a&#x26;b.md)\n\n[missing](a&amp;c.md)\n',
      ),
    });
    writeTree(root, { 'docs/45-adr/a&b.md': '# A and B\n' });
    expect((await brokenLinks(root)).map((f) => [f.path, f.line, f.column])).toEqual([['docs/45-adr/adr-001-a.md', 15, 11]]);
  });

  it('an indented code block inside a list item is code, not a link', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc(
        { document_id: 'ACME-ADR-001' },
        '# Alpha\n\n- item\n\n      code [c](x03.md)\n\n- > # Quoted heading\n\n[up](#quoted-heading)\n',
      ),
    });
    expect(await brokenLinks(root)).toEqual([]);
  });
});
