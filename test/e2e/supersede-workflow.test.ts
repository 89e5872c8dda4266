import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const env = cleanEnv({
  DOCKET_TODAY: '2026-03-04',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
}) as NodeJS.ProcessEnv;

function docket(root: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--root', root], { env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: args.includes('json') ? JSON.parse(r.stdout) : undefined };
}

function git(root: string, args: string[]): string {
  const r = spawnSync('git', ['-C', root, ...args], { env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** Issue 41: a document's life, as an adr-tools user lives it (`adr new`, `adr new -s`, `adr list`). */
describe('supersede an ADR, then list the log', () => {
  it('adr new, commit, adr new --supersedes: check is clean and git diff shows only the intended lines', () => {
    const root = tempDir();
    git(root, ['init', '-q']);
    expect(docket(root, ['init', '--prefix', 'ACME']).code).toBe(0);
    expect(docket(root, ['adr', 'new', 'Use PostgreSQL for storage', '--owner', 'Platform', '--status', 'Approved']).code).toBe(0);
    git(root, ['add', '-A']);
    git(root, ['commit', '-qm', 'ADR-001']);

    const r = docket(root, [
      'adr',
      'new',
      'Replace PostgreSQL with SQLite',
      '--owner',
      'Platform',
      '--supersedes',
      'ACME-ADR-001',
      '--format',
      'json',
    ]);
    expect(r.code, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'adr new');
    expect([r.json.data.path, r.json.data.supersedes.path]).toEqual([
      'docs/45-adr/adr-002-replace-postgresql-with-sqlite.md',
      'docs/45-adr/adr-001-use-postgresql-for-storage.md',
    ]);

    // The old file: the status line, one added superseded_by line and the visible Status line; nothing else.
    const diff = git(root, ['diff', '--unified=0', '--no-color', '--', 'docs/45-adr/adr-001-use-postgresql-for-storage.md']);
    const changed = diff.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));
    expect(changed).toEqual([
      '-status: Approved',
      '+status: Superseded',
      '+superseded_by: ACME-ADR-002',
      '-> **Status:** Approved',
      '+> **Status:** Superseded',
    ]);
    // The diff docket reported is the change git sees.
    expect(r.json.data.supersedes.diff.split('\n').filter((l: string) => /^[-+](?![-+]{2} )/.test(l))).toEqual(changed);
    // The new document and the changed old one; nothing else (docket's own state under .docket/ aside).
    expect(
      git(root, ['status', '--porcelain', '--untracked-files=all'])
        .split('\n')
        .filter((l) => l && !l.includes(' .docket/'))
        .sort(),
    ).toEqual([' M docs/45-adr/adr-001-use-postgresql-for-storage.md', '?? docs/45-adr/adr-002-replace-postgresql-with-sqlite.md']);

    const check = docket(root, ['check', '--strict', '--format', 'json']);
    expect(check.code, JSON.stringify(check.json.warnings)).toBe(0);
    expect([check.json.violations, check.json.warnings]).toEqual([[], []]);
    const index = docket(root, ['index', '--format', 'json']);
    expect(index.code).toBe(0);
    expect(index.json.warnings).toEqual([]);

    const list = docket(root, ['adr', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      [
        'ID            STATUS      DATE        TITLE',
        'ACME-ADR-001  Superseded  2026-03-04  Use PostgreSQL for storage',
        'ACME-ADR-002  Draft       2026-03-04  Replace PostgreSQL with SQLite',
        '',
      ].join('\n'),
    );
    // The index is current now: no warning on stderr.
    expect(list.stderr).toBe('');
    const superseded = docket(root, ['list', '--status', 'superseded', '--format', 'json']);
    expectValidEnvelope(superseded.json, 'list');
    expect(superseded.json.data.documents.map((d: { document_id: string }) => d.document_id)).toEqual(['ACME-ADR-001']);
  });
});
