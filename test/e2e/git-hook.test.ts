import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { git } from '../helpers/git.js';
import { ADR, commit, docketOnPath, gitRepository, handbookAt } from '../helpers/precommit.js';

/**
 * Issue 40: the git hook `docket install-precommit --git-hook` writes checks what the commit
 * will contain, as lint-staged does: the staged versions of staged documents, the working tree
 * for IDs and links, never an untracked file. Real commits, with `docket` on PATH.
 */
const bin = docketOnPath();

function install(cwd: string, root: string): void {
  const r = spawnSync(process.execPath, [BIN, 'install-precommit', '--git-hook', '--root', root], {
    cwd,
    env: cleanEnv() as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
}

describe('the installed git hook', () => {
  it('blocks a commit whose staged document is broken, even once the working copy is fixed; the reverse commits', () => {
    const top = gitRepository();
    const { good, broken } = handbookAt(top);
    git(top, 'add', '-A');
    install(top, '.');
    expect(commit(top, 'handbook', [bin]).status).toBe(0);

    writeFileSync(path.join(top, ADR), broken);
    git(top, 'add', ADR);
    writeFileSync(path.join(top, ADR), good);
    const blocked = commit(top, 'broken', [bin]);
    expect(blocked.status).not.toBe(0);
    expect(blocked.output).toContain('ID_REGEX');
    expect(git(top, 'log', '--format=%s')).not.toContain('broken');

    const fixed = good.replace('status: Approved', 'status: Superseded');
    writeFileSync(path.join(top, ADR), fixed);
    git(top, 'add', ADR);
    writeFileSync(path.join(top, ADR), broken);
    writeFileSync(path.join(top, ADR.replace('adr-005-idempotency-keys', 'adr-009-draft')), broken.replace('BROKEN', 'ALSO-BROKEN'));
    const allowed = commit(top, 'fixed', [bin]);
    expect(allowed.status, allowed.output).toBe(0);
    expect(git(top, 'show', `HEAD:${ADR}`)).toBe(fixed);
  });

  it("in a monorepo package: the work tree's hook checks that package's staged documents", () => {
    const top = gitRepository();
    const root = path.join(top, 'packages/handbook');
    const { broken } = handbookAt(root);
    writeFileSync(path.join(top, 'notes.md'), '# not governed\n');
    git(top, 'add', '-A');
    install(top, 'packages/handbook');
    expect(commit(top, 'handbook', [bin]).status).toBe(0);
    writeFileSync(path.join(root, ADR), broken);
    git(top, 'add', '-A');
    // From a subdirectory too: git runs the hook at the top of the work tree.
    const blocked = commit(path.join(root, 'docs'), 'broken', [bin]);
    expect(blocked.status).not.toBe(0);
    expect(blocked.output).toContain('ID_REGEX');
    git(top, 'reset', '-q', '--hard');
    writeFileSync(path.join(top, 'notes.md'), '---\ndocument_id: nonsense\n---\n');
    git(top, 'add', '-A');
    expect(commit(top, 'notes', [bin]).status).toBe(0);
  });
});
