import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: `install-precommit --git-hook` in a git worktree refused (the hooks live outside
// the root). It installs where git looks, `git rev-parse --git-path hooks`: the one target
// outside the root docket writes to.

const hasGit = spawnSync('git', ['--version']).status === 0;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], { cwd, encoding: 'utf8' }).trim();

describe.skipIf(!hasGit)('install-precommit --git-hook in a git worktree', () => {
  it('installs into the hooks directory git reports, and reports it relative to the root', async () => {
    const base = realpathSync(tempDir('docket-wt-'));
    const main = path.join(base, 'main');
    const wt = path.join(base, 'wt');
    execFileSync('git', ['init', '-q', main]);
    git(main, 'commit', '-q', '--allow-empty', '-m', 'init');
    git(main, 'worktree', 'add', '-q', wt);
    await docket(['init', '--root', wt, '--prefix', 'ACME']);
    const hooks = path.resolve(wt, git(wt, 'rev-parse', '--git-path', 'hooks'));
    expect(hooks).toBe(path.join(main, '.git/hooks'));

    const r = await docket(['install-precommit', '--git-hook', '--root', wt, '--json']);
    expectValidEnvelope(r.json, 'install-precommit');
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({
      mode: 'git-hook',
      hook_path: '../main/.git/hooks/pre-commit',
      installed: true,
      already_present: false,
    });
    const hook = path.join(hooks, 'pre-commit');
    expect(readFileSync(hook, 'utf8')).toContain('# docket-managed-hook');
    expect(statSync(hook).mode & 0o111).not.toBe(0);

    const again = await docket(['install-precommit', '--git-hook', '--root', wt, '--json']);
    expect(again.json!.data).toMatchObject({ installed: false, already_present: true });
    expect(existsSync(path.join(wt, '.git', 'hooks'))).toBe(false);
  });
});
