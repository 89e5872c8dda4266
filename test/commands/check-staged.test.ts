import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, docketBin, REPO } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { commitAll, git } from '../helpers/git.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const ADR = 'docs/45-adr/adr-005-idempotency-keys.md';
const NEW = 'docs/45-adr/adr-009-new.md';

/** The handbook example, committed in a git repository of its own. */
function committedHandbook(): { root: string; good: string; broken: string } {
  const root = copyFixture('handbook', { example: true });
  commitAll(root);
  const good = readFileSync(path.join(root, ADR), 'utf8');
  return { root, good, broken: good.replace('document_id: ACME-ADR-005', 'document_id: BROKEN') };
}

const codes = (json: any) => json.violations.map((v: any) => `${v.code} ${v.path}`);

describe('check --staged: the staged versions of staged documents, read from the git index', () => {
  it('a broken staged version fails though the working tree was fixed since, and the reverse passes; nothing is changed', async () => {
    const { root, good, broken } = committedHandbook();
    writeFileSync(path.join(root, ADR), broken);
    git(root, 'add', ADR);
    writeFileSync(path.join(root, ADR), good);
    const status = git(root, 'status', '--porcelain');
    const r = await docket(['check', '--staged', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(1);
    expectValidEnvelope(r.json, 'check');
    expect(codes(r.json)).toEqual([`ID_REGEX ${ADR}`]);
    expect(r.json!.data).toMatchObject({ checked_paths: [ADR], files_checked: 1, files_failed: 1 });
    expect(readFileSync(path.join(root, ADR), 'utf8')).toBe(good);
    expect(git(root, 'status', '--porcelain')).toBe(status);
    expect((await docket(['check', '--root', root])).exitCode).toBe(0);

    git(root, 'add', ADR);
    writeFileSync(path.join(root, ADR), broken);
    expect((await docket(['check', '--root', root])).exitCode).toBe(1);
    const reverse = await docket(['check', '--staged', '--root', root, '--json']);
    expect(reverse.exitCode, reverse.stdout).toBe(0);
    expect(reverse.json!.data).toMatchObject({ checked_paths: [], files_checked: 0 });
  });

  it('an untracked broken file is not checked; staged, it is, even once deleted from the working tree', async () => {
    const { root, broken } = committedHandbook();
    writeFileSync(path.join(root, NEW), broken.replace('BROKEN', 'BROKEN-TOO'));
    const untracked = await docket(['check', '--staged', '--root', root, '--json']);
    expect(untracked.exitCode, untracked.stdout).toBe(0);
    expect(untracked.json!.data.files_checked).toBe(0);
    git(root, 'add', NEW);
    const staged = await docket(['check', '--staged', '--root', root, '--json']);
    expect(staged.exitCode).toBe(1);
    expect(codes(staged.json)).toEqual([`ID_REGEX ${NEW}`]);
    rmSync(path.join(root, NEW));
    const gone = await docket(['check', '--staged', '--root', root, '--json']);
    expect(gone.exitCode).toBe(1);
    expect(codes(gone.json)).toEqual([`ID_REGEX ${NEW}`]);
  });

  it('rules that compare documents read the working tree: a staged ID another document has is a duplicate', async () => {
    const { root, good } = committedHandbook();
    const copy = good.replace('title: Require Idempotency Keys for Event Submission', 'title: Another decision');
    writeFileSync(path.join(root, NEW), copy);
    git(root, 'add', NEW);
    const r = await docket(['check', '--staged', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(1);
    expect(codes(r.json)).toEqual([`ID_UNIQUE ${NEW}`]);
  });

  it('PATHS narrow the staged set; staged files outside the docs roots are left out, excluded ones are ignored', async () => {
    const { root, broken } = committedHandbook();
    writeFileSync(path.join(root, ADR), broken);
    writeFileSync(path.join(root, NEW), broken.replace('BROKEN', 'BROKEN-TOO'));
    writeFileSync(path.join(root, 'docs/00-governance/templates/adr.template.md'), 'changed\n');
    writeFileSync(path.join(root, 'NOTES.md'), 'not governed\n');
    git(root, 'add', '-A');
    const all = await docket(['check', '--staged', '--root', root, '--json']);
    expect(codes(all.json)).toEqual([`ID_REGEX ${ADR}`, `ID_REGEX ${NEW}`]);
    expect(all.json!.data.ignored_paths).toEqual(['NOTES.md', 'docs/00-governance/templates/adr.template.md']);
    const one = await docket(['check', '--staged', '--root', root, '--json', ADR]);
    expect(codes(one.json)).toEqual([`ID_REGEX ${ADR}`]);
    expect(one.json!.data.checked_paths).toEqual([ADR]);
  });

  it('a staged blob larger than a document may be is not read (FILE_TOO_LARGE)', async () => {
    const { root, good } = committedHandbook();
    writeFileSync(path.join(root, ADR), good + 'x'.repeat(2 * 1024 * 1024));
    git(root, 'add', ADR);
    writeFileSync(path.join(root, ADR), good);
    const r = await docket(['check', '--staged', '--root', root, '--json']);
    expect(r.exitCode).toBe(1);
    expect(codes(r.json)).toEqual([`FILE_TOO_LARGE ${ADR}`]);
  });

  it('outside a git work tree: NOT_A_GIT_REPOSITORY (69)', async () => {
    const root = copyFixture('handbook', { example: true });
    const r = await docket(['check', '--staged', '--root', root, '--json']);
    expect(r.exitCode).toBe(69);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('NOT_A_GIT_REPOSITORY');
  });

  it('in a monorepo package, run at the top as a git hook runs (GIT_INDEX_FILE relative to the top)', async () => {
    const top = tempDir();
    const root = path.join(top, 'packages', 'handbook');
    cpSync(path.join(REPO, 'examples/handbook'), root, { recursive: true });
    const broken = readFileSync(path.join(root, ADR), 'utf8').replace('document_id: ACME-ADR-005', 'document_id: BROKEN');
    git(top, 'init', '-q');
    writeFileSync(path.join(top, 'README.md'), '# top\n');
    git(top, 'add', '-A');
    git(top, 'commit', '-q', '-m', 'first');
    writeFileSync(path.join(root, ADR), broken);
    git(top, 'add', '-A');
    const r = await docketBin(['check', '--staged', '--root', 'packages/handbook', '--json'], {
      cwd: top,
      env: { GIT_INDEX_FILE: '.git/index' },
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(codes(r.json)).toEqual([`ID_REGEX ${ADR}`]);
  });
});
