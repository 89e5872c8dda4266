import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 41: `docket mv` moves a document and rewrites the links to it and from it, and nothing else. */
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

function committed(): string {
  const root = copyFixture('mv-links');
  git(root, ['init', '-q']);
  git(root, ['add', '-A']);
  git(root, ['commit', '-qm', 'fixture']);
  return root;
}

const FROM = 'docs/45-adr/adr-001-use-postgres.md';
const TO = 'docs/45-adr/superseded/adr-001-use-postgres.md';

/** The changed lines of `git diff` (renames found), without headers. */
function changedLines(root: string): string[] {
  git(root, ['add', '-A']);
  return git(root, ['diff', '--cached', '-M', '--unified=0'])
    .stdout.split('\n')
    .filter((l) => /^[-+][^-+]/.test(l));
}

describe('docket mv', () => {
  it('dry run: one patch git applies, nothing written; --apply writes the same tree; check stays clean', () => {
    const root = committed();
    const json = docket(root, ['mv', FROM, 'docs/45-adr/superseded/', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const env = JSON.parse(json.stdout);
    expectValidEnvelope(env, 'mv');
    expect(env.data).toMatchObject({ dry_run: true, from: FROM, to: TO, links_rewritten: 9 });
    expect(env.data.changes.map((c: { path: string; action: string; links: number }) => [c.path, c.action, c.links])).toEqual([
      [FROM, 'move', 3],
      ['README.md', 'edit_links', 2],
      ['docs/10-prd/prd-001-billing.md', 'edit_links', 2],
      ['docs/45-adr/adr-002-use-redis.md', 'edit_links', 2],
    ]);
    expect(env.advice.map((a: { command: string }) => a.command)).toEqual([`docket mv ${FROM} ${TO} --apply`]);
    expect(git(root, ['status', '--porcelain']).stdout).toBe('');

    const patch = docket(root, ['mv', FROM, 'docs/45-adr/superseded/', '--patch']);
    expect(patch.stdout).toBe(env.data.changes.map((c: { diff: string }) => c.diff).join(''));
    expect(patch.stdout).toContain(`rename from ${FROM}\nrename to ${TO}\n`);
    const applied = git(root, ['apply', '--index', '-'], patch.stdout);
    expect(applied.code, applied.stderr).toBe(0);
    const viaPatch = changedLines(root);

    const other = committed();
    const apply = docket(other, ['mv', FROM, TO, '--apply', '--format', 'json']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(JSON.parse(apply.stdout).data.dry_run).toBe(false);
    expect(existsSync(path.join(other, FROM))).toBe(false);
    expect(changedLines(other)).toEqual(viaPatch);
    const check = docket(other, ['check', '--format', 'json']);
    expect(check.code, check.stdout).toBe(0);
    expect(JSON.parse(check.stdout).violations).toEqual([]);

    // Only the destinations changed: anchors, queries, titles, CRLF lines, code and rooted links as intended.
    expect([...viaPatch].sort()).toEqual(
      [
        '-and [Redis](adr-002-use-redis.md), the [logo](../../assets/logo.png) and [home](/README.md).',
        '+and [Redis](../adr-002-use-redis.md), the [logo](../../../assets/logo.png) and [home](/README.md).',
        '-We need a database. See the [billing PRD](../10-prd/prd-001-billing.md#goals "PRD")',
        '+We need a database. See the [billing PRD](../../10-prd/prd-001-billing.md#goals "PRD")',
        '-Decisions: [Postgres](docs/45-adr/adr-001-use-postgres.md), [rooted](/docs/45-adr/adr-001-use-postgres.md#context).',
        '+Decisions: [Postgres](docs/45-adr/superseded/adr-001-use-postgres.md), [rooted](/docs/45-adr/superseded/adr-001-use-postgres.md#context).',
        '-Store invoices ([why](../45-adr/adr-001-use-postgres.md?plain=1#context)).\r',
        '-![diagram](../45-adr/adr-001-use-postgres.md)\r',
        '+Store invoices ([why](../45-adr/superseded/adr-001-use-postgres.md?plain=1#context)).\r',
        '+![diagram](../45-adr/superseded/adr-001-use-postgres.md)\r',
        '-Next to [Postgres][pg] (see [its decision](adr-001-use-postgres.md#decision)).',
        '+Next to [Postgres][pg] (see [its decision](superseded/adr-001-use-postgres.md#decision)).',
        '-[pg]: <adr-001-use-postgres.md> "Postgres"',
        '+[pg]: <superseded/adr-001-use-postgres.md> "Postgres"',
      ].sort(),
    );
    expect(readFileSync(path.join(other, 'docs/45-adr/adr-002-use-redis.md'), 'utf8')).toContain(
      '[not a link](adr-001-use-postgres.md)\n```\n\nInline `[code](adr-001-use-postgres.md)` stays.',
    );
  });

  it('refuses an existing target, a target outside the docs root and an ungoverned source, writing nothing', () => {
    const root = committed();
    const cases: [string[], string, number][] = [
      [[FROM, 'docs/45-adr/adr-002-use-redis.md'], 'FILE_EXISTS', 73],
      [[FROM, 'notes/adr.md'], 'NOT_GOVERNED', 64],
      [[FROM, '../elsewhere.md'], 'PATH_OUTSIDE_ROOT', 77],
      [['README.md', 'docs/readme.md'], 'NOT_GOVERNED', 64],
      [['docs/45-adr/missing.md', 'docs/45-adr/x.md'], 'FILE_NOT_FOUND', 66],
    ];
    for (const [args, code, exit] of cases) {
      const r = docket(root, ['mv', ...args, '--apply', '--format', 'json']);
      const env = JSON.parse(r.stdout);
      expectValidEnvelope(env);
      expect([env.error?.code, r.code], args.join(' ')).toEqual([code, exit]);
    }
    expect(git(root, ['status', '--porcelain']).stdout).toBe('');
  });

  it('a file changed between the plan and the write leaves the whole set unwritten (FILE_CHANGED)', async () => {
    const root = committed();
    const { writeFileSet } = await import('../../src/core/fs/file-set.js');
    const { planMoves, setOf } = await import('../../src/core/move/plan.js');
    const { loadConfig } = await import('../../src/core/config/load.js');
    const { config } = await loadConfig(root);
    const { edits } = await planMoves(config, new Map([[FROM, TO]]));
    const { appendFileSync } = await import('node:fs');
    appendFileSync(path.join(root, 'README.md'), 'Edited meanwhile.\n');
    await expect(writeFileSet(root, setOf(edits))).rejects.toMatchObject({ code: 'FILE_CHANGED' });
    expect(git(root, ['status', '--porcelain']).stdout).toBe(' M README.md\n');
  });
});

describe('fix moves linked files with their links (issue 41)', () => {
  it('fix --apply renames a linked file to the name `new` gives, rewrites the links to it, and check is clean', () => {
    const root = committed();
    const from = 'docs/45-adr/adr-002-use-redis.md';
    const body = readFileSync(path.join(root, from), 'utf8').replace('document_id: ACME-ADR-002', 'document_id: ACME-ADR-007');
    writeFileSync(path.join(root, from), body);
    git(root, ['commit', '-qam', 'ID changed, name not']);
    const check = JSON.parse(docket(root, ['check', '--format', 'json']).stdout);
    expect(check.warnings.map((w: { code: string; fixable: boolean }) => [w.code, w.fixable])).toEqual([['FILENAME_ID_MISMATCH', true]]);
    const fix = docket(root, ['fix', '--apply', '--format', 'json']);
    expect(fix.code, fix.stdout).toBe(0);
    expect(JSON.parse(docket(root, ['check', '--format', 'json']).stdout)).toMatchObject({ violations: [], warnings: [] });
    expect(changedLines(root).sort()).toEqual(
      [
        '-and [Redis](adr-002-use-redis.md), the [logo](../../assets/logo.png) and [home](/README.md).',
        '+and [Redis](adr-007-use-redis.md), the [logo](../../assets/logo.png) and [home](/README.md).',
      ].sort(),
    );
    expect(existsSync(path.join(root, 'docs/45-adr/adr-007-use-redis.md'))).toBe(true);
  });

  it('fix --plan moves linked files and rewrites the links to and from them; its patch applies; check is clean', () => {
    const root = committed();
    writeFileSync(path.join(root, 'docs/45-adr/notes.md'), '# Notes\n\nSee [Postgres](adr-001-use-postgres.md#context).\n');
    mkdirSync(path.join(root, 'docs/adrs'));
    writeFileSync(
      path.join(root, 'docs/adrs/0003-use-kafka.md'),
      '# Use Kafka\n\nAfter [Redis](../45-adr/adr-002-use-redis.md) and the [notes](../45-adr/notes.md).\n',
    );
    git(root, ['add', '-A']);
    git(root, ['commit', '-qm', 'ungoverned files']);
    const scan = docket(root, ['scan', '--plan', '.docket/plan.json', '--format', 'json']);
    expect(JSON.parse(scan.stdout).data.plan.kept).toEqual([]);
    const patch = docket(root, ['fix', '--plan', '.docket/plan.json', '--patch']);
    const applied = git(root, ['apply', '--check', '-'], patch.stdout);
    expect(applied.code, applied.stderr).toBe(0);
    const fix = docket(root, ['fix', '--plan', '.docket/plan.json', '--apply', '--format', 'json']);
    expect(JSON.parse(fix.stdout).data.plan.refused).toBe(0);
    const after = JSON.parse(docket(root, ['check', '--format', 'json']).stdout);
    expect(after.violations).toEqual([]);
    expect(after.warnings.filter((w: { code: string }) => w.code === 'LINK_BROKEN')).toEqual([]);
    const kafka = readFileSync(path.join(root, 'docs/45-adr/adr-003-use-kafka.md'), 'utf8');
    expect(kafka).toContain('After [Redis](adr-002-use-redis.md) and the [notes](adr-004-notes.md).');
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-004-notes.md'), 'utf8')).toContain(
      'See [Postgres](adr-001-use-postgres.md#context).',
    );
  });
});
