import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { doc } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 40: fix's diffs make one patch `git apply` takes, and `fix --patch` prints it. */
function run(cwd: string, command: string, args: string[], input?: string) {
  const r = spawnSync(command, args, {
    cwd,
    env: cleanEnv() as NodeJS.ProcessEnv,
    encoding: 'utf8',
    ...(input !== undefined ? { input } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const docket = (cwd: string, args: string[]) => run(cwd, process.execPath, [BIN, ...args]);
const git = (cwd: string, args: string[], input?: string) =>
  run(cwd, 'git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], input);

/** A committed repository with an edit, an edit plus a rename, and an edit in a CRLF file to fix. */
function broken(): string {
  const root = tempDir();
  git(root, ['init', '-q']);
  expect(docket(root, ['init', '--prefix', 'ACME']).code).toBe(0);
  const adr = (n: string) => path.join(root, 'docs/45-adr', n);
  writeFileSync(adr('adr-001-a.md'), doc({ status: 'draft' }));
  writeFileSync(adr('My_B.md'), doc({ document_id: 'ACME-ADR-002', status: 'draft' }));
  writeFileSync(adr('adr-003-c.md'), doc({ document_id: 'ACME-ADR-003', status: 'draft' }).replace(/\n/g, '\r\n'));
  writeFileSync(adr('Only_Renamed.md'), doc({ document_id: 'ACME-ADR-004' }));
  git(root, ['add', '-A']);
  git(root, ['commit', '-qm', 'broken']);
  return root;
}

describe('fix as a patch', () => {
  it('--patch prints one patch that git apply takes; the JSON diffs concatenate into the same patch', () => {
    const root = broken();
    const patch = docket(root, ['fix', '--patch']);
    expect(patch.code).toBe(0);
    expect(patch.stderr).toContain('docket fix --apply');
    const json = docket(root, ['fix', '--format', 'json']);
    const env = JSON.parse(json.stdout);
    expectValidEnvelope(env, 'fix');
    expect(env.data.changes.map((c: { diff: string }) => c.diff).join('')).toBe(patch.stdout);
    expect(patch.stdout).toContain('rename from docs/45-adr/My_B.md\nrename to docs/45-adr/adr-002-my-b.md\n--- a/docs/45-adr/My_B.md');
    expect(patch.stdout).toContain('-status: draft\r\n+status: Draft\r\n');

    const applied = git(root, ['apply', '--index', '-'], patch.stdout);
    expect(applied.code, applied.stderr).toBe(0);
    const after = docket(root, ['check', '--json']);
    expect(JSON.parse(after.stdout).violations).toEqual([]);
    // The same tree as fix --apply writes.
    const viaPatch = git(root, ['status', '--porcelain']).stdout;
    const other = broken();
    expect(docket(other, ['fix', '--apply']).code).toBe(0);
    git(other, ['add', '-A']);
    expect(git(other, ['status', '--porcelain']).stdout).toBe(viaPatch);
    expect(readFileSync(path.join(other, 'docs/45-adr/adr-003-c.md'), 'utf8')).toBe(
      readFileSync(path.join(root, 'docs/45-adr/adr-003-c.md'), 'utf8'),
    );
  });

  it('--patch cannot be combined with a machine format', () => {
    const root = broken();
    const r = docket(root, ['fix', '--patch', '--json']);
    expect(r.code).toBe(64);
    expect(JSON.parse(r.stdout).error.code).toBe('FLAG_CONFLICT');
  });
});
