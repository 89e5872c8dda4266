import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { docket, docketBin } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 40: PATHS globs were matched by a hand-written matcher: `*` and `**` took dotfiles, an
// escaped star matched nothing, and there was no `!` exclusion and no extglob.

const doc = (id: string, title: string) =>
  `---\ndocument_id: ${id}\ntype: ADR\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-01"\nowner: x\ndocops_version: "2.0"\n---\n# ${title}\n`;

async function repo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  writeTree(root, {
    'docs/45-adr/adr-001-one.md': doc('ACME-ADR-001', 'One'),
    'docs/45-adr/adr-002-two.md': doc('ACME-ADR-002', 'Two'),
    'docs/45-adr/archive/adr-003-old.md': doc('ACME-ADR-003', 'Old'),
    'docs/45-adr/.drafts/adr-004-draft.md': doc('ACME-ADR-004', 'Draft'),
    'docs/45-adr/adr-005-a*b.md': doc('ACME-ADR-005', 'Star'),
  });
  return root;
}

async function checked(root: string, ...paths: string[]): Promise<string[]> {
  const r = await docket(['check', ...paths, '--root', root, '--json', '--no-cache']);
  expectValidEnvelope(r.json, 'check');
  return (r.json!.data as { checked_paths: string[] }).checked_paths;
}

describe('check PATHS globs', () => {
  it('take globs as picomatch and fast-glob do: no dotfiles from * or **, escapes, extglobs, ! exclusions', async () => {
    const root = await repo();
    expect(await checked(root, 'docs/**/*.md')).toEqual([
      'docs/45-adr/adr-001-one.md',
      'docs/45-adr/adr-002-two.md',
      'docs/45-adr/adr-005-a*b.md',
      'docs/45-adr/archive/adr-003-old.md',
    ]);
    expect(await checked(root, 'docs/45-adr/.drafts/*.md')).toEqual(['docs/45-adr/.drafts/adr-004-draft.md']);
    expect(await checked(root, 'docs/45-adr/adr-005-a\\*b.md')).toEqual(['docs/45-adr/adr-005-a*b.md']);
    expect(await checked(root, 'docs/45-adr/adr-00@(1|2)-*.md')).toEqual(['docs/45-adr/adr-001-one.md', 'docs/45-adr/adr-002-two.md']);
    expect(await checked(root, 'docs/**/*.md', '!docs/45-adr/archive/**', '!**/*\\**')).toEqual([
      'docs/45-adr/adr-001-one.md',
      'docs/45-adr/adr-002-two.md',
    ]);
  }, 60_000);

  it('with only exclusions, check what a plain check does, less what they leave out', async () => {
    const root = await repo();
    expect(await checked(root)).toContain('docs/45-adr/archive/adr-003-old.md');
    expect(await checked(root, '!docs/45-adr/archive')).toEqual([
      'docs/45-adr/.drafts/adr-004-draft.md',
      'docs/45-adr/adr-001-one.md',
      'docs/45-adr/adr-002-two.md',
      'docs/45-adr/adr-005-a*b.md',
    ]);
  }, 60_000);

  it('from a directory below the root, resolve globs and exclusions against it, as ESLint does', async () => {
    const root = await repo();
    const r = await docketBin(['check', '*.md', '!adr-002*', '--json', '--no-cache'], { cwd: path.join(root, 'docs/45-adr') });
    expectValidEnvelope(r.json, 'check');
    expect((r.json!.data as { checked_paths: string[] }).checked_paths).toEqual([
      'docs/45-adr/adr-001-one.md',
      'docs/45-adr/adr-005-a*b.md',
    ]);
  }, 60_000);

  it('refuse a glob that cannot run in linear time, with a code, the reason and what to do', async () => {
    const root = await repo();
    const r = await docket(['check', 'docs/45-adr/!(adr-001*).md', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'check');
    expect(r.json!.error).toMatchObject({ code: 'INVALID_FLAG_VALUE' });
    expect(JSON.stringify(r.json!.error)).toMatch(/look-around.*!pattern/);
  }, 60_000);
});
