import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';

/** Text output a person reads: counts agree with their nouns, advice fits the format. */
describe('wording of text output', () => {
  const oneDoc = () => repo({ 'docs/45-adr/adr-001-title.md': doc({}, '# Title\n\nSee [gone](gone.md).\n') });

  it('fix: one finding remains (and would remain in a dry run)', async () => {
    const root = oneDoc();
    const applied = await docket(['fix', '--apply', '--root', root]);
    expect(applied.stdout).toContain('1 finding remains:');
    const dry = await docket(['fix', '--root', root]);
    expect(dry.stdout).toContain('1 finding would remain:');
  });

  it('scan: one Markdown file, one file in its directory', async () => {
    const root = repo({ 'docs/notes/only.md': '# Only\n' });
    const r = await docket(['scan', '--root', root]);
    expect(r.stdout).toMatch(/^1 Markdown file,/m);
    expect(r.stdout).toMatch(/docs\/notes\s+1 file\s+1 without frontmatter/);
    expect(r.stdout).not.toMatch(/\b1 files\b/);
  });

  it('index: a first build says there was no cache yet, not the --no-cache flag', async () => {
    const root = oneDoc();
    const first = await docket(['index', '--root', root]);
    expect(first.stdout).toContain('full: no cache yet;');
    expect(first.stdout).toContain('1 document,');
    const off = await docket(['index', '--root', root, '--no-cache']);
    expect(off.stdout).toContain('full: --no-cache;');
  });

  it('context: advice for a person names no --format json; one document is "1 document"', async () => {
    const root = oneDoc();
    const text = await docket(['context', '--root', root]);
    expect(text.stdout + text.stderr).not.toContain('--format json');
    expect(text.stderr + text.stdout).toContain('docket context --deep');
    const deep = await docket(['context', '--deep', '--root', root]);
    expect(deep.stdout).toMatch(/^1 document$/m);
    expect(deep.stdout).toContain('· 1 document\n');
  });
});
