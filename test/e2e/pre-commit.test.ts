import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { git, gitEnv } from '../helpers/git.js';
import { ADR, commit, docketOnPath, gitRepository, handbookAt } from '../helpers/precommit.js';

/**
 * Issue 40: docket with the real pre-commit framework (Debian's package; .ci/run installs it).
 * As a remote hook (`repo:` a git clone of this repository's committed HEAD, installed by
 * pre-commit with npm, `prepare` building it), and as the local hooks `install-precommit`
 * writes, in a monorepo too. One PRE_COMMIT_HOME for the file: the node environment is built once.
 */
const available = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
const committed = existsSync(path.join(REPO, '.git'));
const skipped = !available
  ? 'pre-commit is not installed (apt-get install pre-commit)'
  : !committed
    ? `${REPO} is not a git checkout to clone`
    : '';
const home = tempDir('docket-pre-commit-home-');
const bin = docketOnPath();

/** pre-commit's variables (on top of gitEnv's environment): the shared home, plain output. */
function env(): Record<string, string> {
  return { PRE_COMMIT_HOME: home, PRE_COMMIT_COLOR: 'never' };
}

function preCommitInstall(top: string): void {
  const r = spawnSync('pre-commit', ['install'], { cwd: top, env: gitEnv(env()), encoding: 'utf8' });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
}

function docket(cwd: string, ...args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: cleanEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

describe.skipIf(skipped !== '')(`docket in the pre-commit framework${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  it('as a remote hook from a clone of this repository: a broken staged document blocks the commit, an untracked one does not', () => {
    const clone = path.join(tempDir('docket-clone-'), 'docket');
    git(tempDir(), 'clone', '-q', REPO, clone);
    const rev = git(clone, 'rev-parse', 'HEAD').trim();
    const top = gitRepository();
    const { good, broken } = handbookAt(top);
    writeFileSync(
      path.join(top, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${clone}\n    rev: ${rev}\n    hooks:\n      - id: docket-check\n      - id: docket-doctor\n`,
    );
    git(top, 'add', '-A');
    preCommitInstall(top);
    // docket is not on PATH: pre-commit installs it in its own node environment (npm install, prepare).
    const first = commit(top, 'handbook', [], env());
    expect(first.status, first.output).toBe(0);

    writeFileSync(path.join(top, ADR), broken);
    git(top, 'add', ADR);
    writeFileSync(path.join(top, ADR), good);
    const blocked = commit(top, 'broken', [], env());
    expect(blocked.status, blocked.output).not.toBe(0);
    expect(blocked.output).toContain('ID_REGEX');
    // pre-commit put the unstaged fix back.
    expect(readFileSync(path.join(top, ADR), 'utf8')).toBe(good);

    git(top, 'add', ADR);
    writeFileSync(path.join(top, 'docs/45-adr/adr-009-draft.md'), broken.replace('BROKEN', 'ALSO-BROKEN'));
    writeFileSync(
      path.join(top, 'docs/45-adr/adr-001-record-architecture-decisions.md'),
      `${readFileSync(path.join(top, 'docs/45-adr/adr-001-record-architecture-decisions.md'), 'utf8')}\nOne more line.\n`,
    );
    git(top, 'add', 'docs/45-adr/adr-001-record-architecture-decisions.md');
    const allowed = commit(top, 'more', [], env());
    expect(allowed.status, allowed.output).toBe(0);
  }, 900_000);

  it('the hooks install-precommit writes (docket on PATH): the staged version decides, untracked files do not', () => {
    const top = gitRepository();
    const { good, broken } = handbookAt(top);
    docket(top, 'install-precommit');
    git(top, 'add', '-A');
    preCommitInstall(top);
    expect(commit(top, 'handbook', [bin], env()).status).toBe(0);

    writeFileSync(path.join(top, ADR), broken);
    git(top, 'add', ADR);
    writeFileSync(path.join(top, ADR), good);
    const blocked = commit(top, 'broken', [bin], env());
    expect(blocked.status, blocked.output).not.toBe(0);
    expect(blocked.output).toContain('ID_REGEX');

    const fixed = good.replace('status: Approved', 'status: Superseded');
    writeFileSync(path.join(top, ADR), fixed);
    git(top, 'add', ADR);
    writeFileSync(path.join(top, 'docs/45-adr/adr-009-draft.md'), broken.replace('BROKEN', 'ALSO-BROKEN'));
    const allowed = commit(top, 'fixed', [bin], env());
    expect(allowed.status, allowed.output).toBe(0);
  });

  it('in a monorepo: install-precommit --root packages/handbook edits the config at the git root, keeping its content', () => {
    const top = gitRepository();
    const root = path.join(top, 'packages/handbook');
    const { broken } = handbookAt(root);
    const mine =
      '# Our hooks: keep this comment.\nrepos:\n  - repo: local\n    hooks:\n      - id: always-passes  # ours\n        name: always passes\n        entry: "true"\n        language: system\n';
    writeFileSync(path.join(top, '.pre-commit-config.yaml'), mine);
    docket(top, 'install-precommit', '--root', 'packages/handbook');
    const config = readFileSync(path.join(top, '.pre-commit-config.yaml'), 'utf8');
    expect(config.startsWith(mine)).toBe(true);
    expect(config).toContain('entry: docket check --staged --root packages/handbook');
    expect(existsSync(path.join(root, '.pre-commit-config.yaml'))).toBe(false);
    git(top, 'add', '-A');
    preCommitInstall(top);
    expect(commit(top, 'handbook', [bin], env()).status).toBe(0);

    writeFileSync(path.join(root, ADR), broken);
    git(top, 'add', '-A');
    const blocked = commit(top, 'broken', [bin], env());
    expect(blocked.status, blocked.output).not.toBe(0);
    expect(blocked.output).toContain('ID_REGEX');
    git(top, 'reset', '-q', '--hard');
    // A broken document outside the package's docs: the package's hooks do not run.
    writeFileSync(path.join(top, 'notes.md'), broken);
    git(top, 'add', '-A');
    const outside = commit(top, 'elsewhere', [bin], env());
    expect(outside.status, outside.output).toBe(0);
    expect(outside.output).toMatch(/docket check \(packages\/handbook\)\.+\(no files to check\)Skipped/);
  });
});
