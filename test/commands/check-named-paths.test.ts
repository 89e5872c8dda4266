import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: `check docs/adr/adr-006-fifo.md` on a FIFO said "0 files checked, no problems" and
// exited 0; `check <one file>` also reported symbolic links elsewhere in the repository.

const doc = (n: string, title: string) =>
  `---\ndocument_id: ACME-ADR-${n}\ntype: ADR\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-01"\nowner: x\ndocops_version: "2.0"\n---\n# ${title}\n`;

async function repo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  writeTree(root, { 'docs/45-adr/adr-001-one.md': doc('001', 'One'), 'docs/45-adr/adr-002-two.md': doc('002', 'Two') });
  symlinkSync(tempDir('docket-outside-'), path.join(root, 'docs/45-adr/linked-out'));
  symlinkSync('adr-001-one.md', path.join(root, 'docs/45-adr/adr-003-alias.md'));
  return root;
}

describe.skipIf(process.platform === 'win32')('check on named paths', () => {
  it('a FIFO named as a document is NOT_A_REGULAR_FILE, exit 1 in every format, and is never opened', async () => {
    const root = await repo();
    execFileSync('mkfifo', [path.join(root, 'docs/45-adr/adr-006-fifo.md')]);
    const r = await docket(['check', 'docs/45-adr/adr-006-fifo.md', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'check');
    expect(r.exitCode).toBe(1);
    expect(r.json!.violations).toEqual([expect.objectContaining({ code: 'NOT_A_REGULAR_FILE', path: 'docs/45-adr/adr-006-fifo.md' })]);
    expect(r.json!.data).toMatchObject({ files_checked: 0, ignored_paths: [] });
    const text = await docket(['check', 'docs/45-adr/adr-006-fifo.md', '--root', root]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain('NOT_A_REGULAR_FILE');
    const explain = await docket(['explain', 'NOT_A_REGULAR_FILE', '--json']);
    expect(explain.exitCode).toBe(0);
  }, 60_000);

  it('one named file reports no symbolic link elsewhere; a named directory or glob reports those in it', async () => {
    const root = await repo();
    const one = await docket(['check', 'docs/45-adr/adr-002-two.md', '--root', root, '--json']);
    expectValidEnvelope(one.json, 'check');
    expect({ exit: one.exitCode, violations: one.json!.violations, warnings: one.json!.warnings }).toEqual({
      exit: 0,
      violations: [],
      warnings: [],
    });
    const linkCodes = (r: typeof one) =>
      [...r.json!.violations, ...r.json!.warnings]
        .filter((f: { code: string }) => f.code.startsWith('SYMLINK'))
        .map((f: { code: string; path: string }) => `${f.code} ${f.path}`)
        .sort();
    const expected = ['SYMLINK_OUTSIDE_ROOT docs/45-adr/linked-out', 'SYMLINK_SKIPPED docs/45-adr/adr-003-alias.md'];
    expect(linkCodes(await docket(['check', 'docs/45-adr', '--root', root, '--json']))).toEqual(expected);
    expect(linkCodes(await docket(['check', 'docs/45-adr/*', '--root', root, '--json']))).toEqual(expected);
    expect(linkCodes(await docket(['check', '--root', root, '--json']))).toEqual(expected);
    expect(linkCodes(await docket(['check', 'docs/45-adr/adr-003-alias.md', '--root', root, '--json']))).toEqual([
      'SYMLINK_SKIPPED docs/45-adr/adr-003-alias.md',
    ]);
  });
});
