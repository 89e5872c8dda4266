import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { postgresAdr } from '../helpers/meminit-repo.js';
import { describe, expect, it } from 'vitest';
import { gitWorkTreeTop } from '../../src/core/fs/git-top.js';
import { REPO, docket, docketBin } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * Commands the Python DocOps CLI runs without docops.config.yaml (reference §1.3) run on the
 * defaults of §4.1 (docs root `docs`, prefix from the directory name, built-in types of §4.2),
 * with a CONFIG_DEFAULTS warning: inside a git work tree or with --root, never at the
 * file-system root or the home directory.
 */

const TODAY = { DOCKET_TODAY: '2026-03-01' };

const ADR = postgresAdr('ACMEWIDGET');

/** A document and the metadata schema at its default path (§4.1 schema_path), as such a repository has them. */
const FILES = {
  'docs/45-adr/adr-001-use-postgres.md': ADR,
  'docs/00-governance/metadata.schema.json': readFileSync(path.join(REPO, 'schemas/metadata.schema.json'), 'utf8'),
};

/** A git work tree named like §4.1's example (acme-widget → prefix ACMEWIDGET), with no config. */
function gitRepoWithoutConfig(): string {
  const root = path.join(realpathSync(tempDir()), 'acme-widget');
  mkdirSync(root);
  execFileSync('git', ['init', '-q', root]);
  writeTree(root, FILES);
  return root;
}

function expectDefaultsWarning(json: Record<string, any> | undefined): void {
  expect(json!.warnings.filter((w: any) => w.code === 'CONFIG_DEFAULTS').map((w: any) => [w.severity, w.path, w.message])).toEqual([
    [
      'warning',
      'docops.config.yaml',
      'No docops.config.yaml found: using the defaults (docs root docs, prefix ACMEWIDGET from the directory name, the built-in document types).',
    ],
  ]);
}

describe('commands without a config (reference §1.3, §4.1)', () => {
  it('index, resolve, identify, link and fix run on the defaults in a git work tree', async () => {
    const root = gitRepoWithoutConfig();
    const index = await docket(['index', '--root', root, '--json']);
    expectValidEnvelope(index.json, 'index');
    expect(index.exitCode).toBe(0);
    expectDefaultsWarning(index.json);
    expect(index.json!.data).toMatchObject({ index_path: 'docs/01-indices/docket.index.json', node_count: 1 });
    expect(existsSync(path.join(root, 'docs/01-indices/docket.index.json'))).toBe(true);

    const resolve = await docket(['resolve', 'ACMEWIDGET-ADR-001', '--root', root, '--json']);
    expectValidEnvelope(resolve.json, 'resolve');
    expect(resolve.exitCode).toBe(0);
    expect(resolve.json!.data.path).toBe('docs/45-adr/adr-001-use-postgres.md');
    expectDefaultsWarning(resolve.json);

    const identify = await docket(['identify', 'docs/45-adr/adr-001-use-postgres.md', '--root', root, '--json']);
    expectValidEnvelope(identify.json, 'identify');
    expect([identify.exitCode, identify.json!.data.document_id]).toEqual([0, 'ACMEWIDGET-ADR-001']);

    const link = await docket(['link', 'ACMEWIDGET-ADR-001', '--root', root, '--json']);
    expectValidEnvelope(link.json, 'link');
    expect([link.exitCode, link.json!.data.link]).toEqual([0, '[Use Postgres](docs/45-adr/adr-001-use-postgres.md)']);

    const fix = await docket(['fix', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(fix.json, 'fix');
    expect(fix.exitCode).toBe(0);
    expectDefaultsWarning(fix.json);
    expect(fix.json!.data).toMatchObject({ dry_run: true, changes: [], remaining: 0 });
    expect(existsSync(path.join(root, 'docops.config.yaml'))).toBe(false);
  });

  it('install-precommit installs its hooks on the defaults', async () => {
    const root = gitRepoWithoutConfig();
    const r = await docket(['install-precommit', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'install-precommit');
    expect(r.exitCode).toBe(0);
    expectDefaultsWarning(r.json);
    expect(r.json!.data).toMatchObject({ installed: true, hook_path: '.pre-commit-config.yaml' });
    expect(readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8')).toContain('docket check');
  });

  it('without --root, at the top of a git work tree: the defaults; outside one: CONFIG_NOT_FOUND', async () => {
    const root = gitRepoWithoutConfig();
    // The root is the current directory (docket does not look upward for the repository).
    const inside = await docketBin(['index', '--json'], { cwd: root });
    expect(inside.exitCode).toBe(0);
    expectDefaultsWarning(inside.json);

    const outside = path.join(realpathSync(tempDir()), 'acme-widget');
    mkdirSync(outside);
    writeTree(outside, FILES);
    expect(gitWorkTreeTop(outside), 'the temporary directory must not be inside a git work tree').toBeUndefined();
    const refused = await docketBin(['index', '--json'], { cwd: outside });
    expect(refused.exitCode).toBe(66);
    expect(refused.json!.error).toMatchObject({ code: 'CONFIG_NOT_FOUND', details: { reason: 'not_a_work_tree' } });
    expect(refused.json!.error.message).toMatch(/not inside a git work tree \(pass --root to use the defaults here\)/);
    expect(refused.json!.error.suggestion).toMatch(/docket init/);
    expect(existsSync(path.join(outside, 'docs/01-indices'))).toBe(false);

    // Named with --root, the same directory is taken for the repository.
    const given = await docket(['index', '--root', outside, '--json']);
    expect(given.exitCode).toBe(0);
  });

  it('never at the home directory, even with --root, nor at the file-system root', async () => {
    const home = realpathSync(tempDir());
    execFileSync('git', ['init', '-q', home]);
    writeTree(home, FILES);
    for (const command of [['index'], ['fix'], ['resolve', 'X'], ['install-precommit']]) {
      const r = await docket([...command, '--root', home, '--json'], { env: { HOME: home } });
      expect(r.exitCode, command[0]).toBe(66);
      expect(r.json!.error).toMatchObject({ code: 'CONFIG_NOT_FOUND', details: { reason: 'home_directory' } });
      expect(r.json!.error.suggestion).toMatch(/docket init/);
    }
    expect(existsSync(path.join(home, '.pre-commit-config.yaml'))).toBe(false);

    if (existsSync('/docops.config.yaml')) return; // a machine with a config at / is a repository there
    const top = await docket(['index', '--root', '/', '--json']);
    expect(top.exitCode).toBe(66);
    expect(top.json!.error).toMatchObject({ code: 'CONFIG_NOT_FOUND', details: { reason: 'filesystem_root' } });
  });

  it('check and new still require the config', async () => {
    const root = gitRepoWithoutConfig();
    const check = await docket(['check', '--root', root, '--json']);
    expect([check.exitCode, check.json!.error.code]).toEqual([66, 'CONFIG_NOT_FOUND']);
    const created = await docket(['new', 'ADR', 'Use Redis', '--root', root, '--json'], { env: TODAY });
    expect([created.exitCode, created.json!.error.code]).toEqual([66, 'CONFIG_NOT_FOUND']);
  });
});
