import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function initRepo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return root;
}

const hooksOf = (text: string) => (parse(text).repos as any[]).flatMap((r) => r.hooks ?? []);

describe('install-precommit', () => {
  it('creates .pre-commit-config.yaml with the check and doctor hooks, then is idempotent (json)', async () => {
    const root = await initRepo();
    const r = await docket(['install-precommit', '--root', root, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'install-precommit');
    expect(r.json!.data).toEqual({
      mode: 'pre-commit',
      hook_path: '.pre-commit-config.yaml',
      installed: true,
      already_present: false,
      added_hooks: ['docket-check', 'docket-doctor'],
      dry_run: false,
    });
    const text = readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8');
    const hooks = hooksOf(text);
    expect(hooks.map((h: any) => [h.id, h.entry, h.language, h.pass_filenames])).toEqual([
      ['docket-check', 'docket check --staged', 'system', false],
      ['docket-doctor', 'docket doctor --strict', 'system', false],
    ]);
    expect(new RegExp(hooks[0].files).test('docs/45-adr/adr-001-x.md')).toBe(true);
    expect(new RegExp(hooks[0].files).test('docops.config.yaml')).toBe(true);
    expect(new RegExp(hooks[0].files).test('src/index.ts')).toBe(false);
    expect(new RegExp(hooks[1].files).test('docops.config.yaml')).toBe(true);
    expect(new RegExp(hooks[1].files).test('docs/45-adr/adr-001-x.md')).toBe(false);
    const again = await docket(['install-precommit', '--root', root, '--json']);
    expect(again.json!.data).toMatchObject({ installed: false, already_present: true, added_hooks: [] });
    expect(readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8')).toBe(text);
  });

  it('adds to an existing file without losing comments or formatting; the rest is byte-identical', async () => {
    const root = await initRepo();
    const original = [
      '# Our hooks. Keep this comment!',
      'default_stages: [pre-commit]',
      'repos:',
      '- repo: https://github.com/pre-commit/pre-commit-hooks',
      '  rev: v4.6.0   # pinned',
      '  hooks:',
      '  - id: trailing-whitespace',
      '',
      '  # formatting below',
      '- repo: local',
      '  hooks:',
      '  - id: lint',
      "    entry: 'npm run lint'",
      '    language: system',
      '',
      '# trailing comment',
      'ci:',
      '  autofix_prs: false',
      '',
    ].join('\n');
    writeFileSync(path.join(root, '.pre-commit-config.yaml'), original);
    const r = await docket(['install-precommit', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(0);
    const text = readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8');
    const inserted = text.slice(text.indexOf('- repo: local\n  hooks:\n    - id: docket-check'));
    expect(text.startsWith(original.slice(0, original.indexOf('\n# trailing comment')))).toBe(true);
    expect(text.endsWith('\n# trailing comment\nci:\n  autofix_prs: false\n')).toBe(true);
    expect(inserted.length).toBeGreaterThan(0);
    const doc = parse(text);
    expect(doc.repos).toHaveLength(3);
    expect(doc.ci).toEqual({ autofix_prs: false });
    expect(hooksOf(text).map((h: any) => h.id)).toEqual(['trailing-whitespace', 'lint', 'docket-check', 'docket-doctor']);
    // Idempotent: a second run changes nothing.
    await docket(['install-precommit', '--root', root]);
    expect(readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8')).toBe(text);
  });

  it('recognises a docket hook installed by hand and adds only the missing one; keeps CRLF line endings', async () => {
    const root = await initRepo();
    writeFileSync(
      path.join(root, '.pre-commit-config.yaml'),
      'repos:\r\n  - repo: local\r\n    hooks:\r\n      - id: my-docs\r\n        entry: npx docket check --root .\r\n        language: system\r\n',
    );
    const r = await docket(['install-precommit', '--root', root, '--json']);
    expect(r.json!.data).toMatchObject({ installed: true, already_present: false, added_hooks: ['docket-doctor'] });
    const text = readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(hooksOf(text).map((h: any) => h.id)).toEqual(['my-docs', 'docket-doctor']);
  });

  it('handles `repos: []`, a comments-only file, and --dry-run (writes nothing)', async () => {
    const root = await initRepo();
    const file = path.join(root, '.pre-commit-config.yaml');
    writeFileSync(file, '# empty for now\nrepos: []  # none yet\n');
    const dry = await docket(['install-precommit', '--root', root, '--dry-run', '--json']);
    expect(dry.json!.data).toMatchObject({ installed: false, dry_run: true, added_hooks: ['docket-check', 'docket-doctor'] });
    expect(dry.json!.advice[0]).toMatchObject({ code: 'NEXT_APPLY', command: `docket install-precommit --root ${root}` });
    expect(readFileSync(file, 'utf8')).toBe('# empty for now\nrepos: []  # none yet\n');
    await docket(['install-precommit', '--root', root]);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# empty for now\nrepos:\n  - repo: local\n')).toBe(true);
    expect(text).toContain('# none yet');
    expect(hooksOf(text)).toHaveLength(2);
    writeFileSync(file, '# only a comment\n');
    await docket(['install-precommit', '--root', root]);
    expect(hooksOf(readFileSync(file, 'utf8'))).toHaveLength(2);
    expect(readFileSync(file, 'utf8').startsWith('# only a comment\nrepos:\n')).toBe(true);
  });

  it('refuses a file it cannot edit safely (65) and symbolic links (77)', async () => {
    const root = await initRepo();
    const file = path.join(root, '.pre-commit-config.yaml');
    for (const bad of ['repos: [unclosed\n', 'repos: 42\n', '- just\n- a list\n']) {
      writeFileSync(file, bad);
      const r = await docket(['install-precommit', '--root', root, '--json']);
      expect(r.exitCode, bad).toBe(65);
      expect(r.json!.error.code).toBe('PRECOMMIT_CONFIG_INVALID');
      expect(readFileSync(file, 'utf8')).toBe(bad);
    }
    rmSync(file);
    const target = path.join(tempDir(), 'elsewhere.yaml');
    writeFileSync(target, 'repos: []\n');
    symlinkSync(target, file);
    const link = await docket(['install-precommit', '--root', root, '--json']);
    expect(link.exitCode).toBe(77);
    expect(readFileSync(target, 'utf8')).toBe('repos: []\n');
  });

  it('files patterns cover every namespace docs root', async () => {
    const repo = copyFixture('monorepo');
    await docket(['install-precommit', '--root', repo]);
    const check = hooksOf(readFileSync(path.join(repo, '.pre-commit-config.yaml'), 'utf8'))[0];
    expect(new RegExp(check.files).test('services/billing/docs/10-prd/prd-001-invoices.md')).toBe(true);
  });

  describe('a package of a monorepo (the root below the top of its git work tree)', () => {
    async function monorepo(): Promise<{ top: string; root: string }> {
      const top = tempDir();
      mkdirSync(path.join(top, '.git'));
      const root = path.join(top, 'packages', 'hand book');
      mkdirSync(root, { recursive: true });
      await docket(['init', '--root', root, '--prefix', 'ACME']);
      return { top, root };
    }

    it("edits the config pre-commit reads, at the top, with --root and files naming the package; keeps the user's content", async () => {
      const { top, root } = await monorepo();
      const original =
        '# top-level hooks\nrepos:\n  - repo: local\n    hooks:\n      - id: lint  # ours\n        entry: npm run lint\n        language: system\n';
      writeFileSync(path.join(top, '.pre-commit-config.yaml'), original);
      const r = await docket(['install-precommit', '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(0);
      expectValidEnvelope(r.json, 'install-precommit');
      expect(r.json!.warnings).toEqual([]);
      expect(r.json!.data).toMatchObject({
        hook_path: '../../.pre-commit-config.yaml',
        installed: true,
        added_hooks: ['docket-check', 'docket-doctor'],
      });
      expect(existsSync(path.join(root, '.pre-commit-config.yaml'))).toBe(false);
      const text = readFileSync(path.join(top, '.pre-commit-config.yaml'), 'utf8');
      expect(text.startsWith(original)).toBe(true);
      const [lint, check, doctor] = hooksOf(text);
      expect(lint.id).toBe('lint');
      expect(check.entry).toBe("docket check --staged --root 'packages/hand book'");
      expect(doctor.entry).toBe("docket doctor --strict --root 'packages/hand book'");
      const files = new RegExp(check.files);
      expect(files.test('packages/hand book/docs/45-adr/adr-001-x.md')).toBe(true);
      expect(files.test('packages/hand book/docops.config.yaml')).toBe(true);
      expect(files.test('docs/45-adr/adr-001-x.md')).toBe(false);
      expect(files.test('packages/other/docs/45-adr/adr-001-x.md')).toBe(false);
      expect(new RegExp(doctor.files).test('packages/hand book/docops.config.yaml')).toBe(true);
      expect(new RegExp(doctor.files).test('docops.config.yaml')).toBe(false);
      // Idempotent for this package; another package gets hooks of its own.
      const again = await docket(['install-precommit', '--root', root, '--json']);
      expect(again.json!.data).toMatchObject({ installed: false, already_present: true });
      const other = path.join(top, 'packages', 'api');
      mkdirSync(other, { recursive: true });
      await docket(['init', '--root', other, '--prefix', 'API']);
      const second = await docket(['install-precommit', '--root', other, '--json']);
      expect(second.json!.data).toMatchObject({ installed: true, added_hooks: ['docket-check', 'docket-doctor'] });
      const all = hooksOf(readFileSync(path.join(top, '.pre-commit-config.yaml'), 'utf8'));
      expect(all.map((h: any) => h.entry)).toEqual([
        'npm run lint',
        "docket check --staged --root 'packages/hand book'",
        "docket doctor --strict --root 'packages/hand book'",
        'docket check --staged --root packages/api',
        'docket doctor --strict --root packages/api',
      ]);
    });

    it("a package's hook set up by hand (the remote docket-check with --root in args) counts as present", async () => {
      const { top, root } = await monorepo();
      const original =
        "repos:\n  - repo: https://example.com/docket.git\n    rev: v0.1.0\n    hooks:\n      - id: docket-check\n        args: [--staged, --root, 'packages/hand book']\n        pass_filenames: false\n";
      writeFileSync(path.join(top, '.pre-commit-config.yaml'), original);
      const r = await docket(['install-precommit', '--root', root, '--json']);
      expect(r.json!.data).toMatchObject({ installed: true, added_hooks: ['docket-doctor'] });
      expect(hooksOf(readFileSync(path.join(top, '.pre-commit-config.yaml'), 'utf8')).map((h: any) => h.id)).toEqual([
        'docket-check',
        'docket-doctor',
      ]);
    });

    it("--git-hook: the work tree's hook, with --root; a docket hook for another package is not replaced (73)", async () => {
      const { top, root } = await monorepo();
      const r = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(0);
      expect(r.json!.data).toMatchObject({ hook_path: '../../.git/hooks/pre-commit', installed: true });
      const script = readFileSync(path.join(top, '.git/hooks/pre-commit'), 'utf8');
      expect(script).toContain(`"$@" check --staged --root 'packages/hand book' || exit $?`);
      expect(script).toContain(`grep -qxF 'packages/hand book/docops.config.yaml'`);
      const other = path.join(top, 'packages', 'api');
      mkdirSync(other, { recursive: true });
      await docket(['init', '--root', other, '--prefix', 'API']);
      const clash = await docket(['install-precommit', '--git-hook', '--root', other, '--json']);
      expect(clash.exitCode).toBe(73);
      expect(clash.json!.error.message).toContain('written by docket for packages/hand book');
      expect(readFileSync(path.join(top, '.git/hooks/pre-commit'), 'utf8')).toBe(script);
    });
  });

  describe('--git-hook', () => {
    it('writes an executable .git/hooks/pre-commit once, then reports it present', async () => {
      const root = await initRepo();
      mkdirSync(path.join(root, '.git'));
      const r = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(0);
      expectValidEnvelope(r.json, 'install-precommit');
      expect(r.json!.data).toEqual({
        mode: 'git-hook',
        hook_path: '.git/hooks/pre-commit',
        installed: true,
        already_present: false,
        added_hooks: ['docket-check', 'docket-doctor'],
        dry_run: false,
      });
      const hook = path.join(root, '.git/hooks/pre-commit');
      expect(statSync(hook).mode & 0o111).not.toBe(0);
      const script = readFileSync(hook, 'utf8');
      expect(script).toMatch(/^#!\/bin\/sh\n# docket-managed-hook/);
      expect(script).toContain('"$@" check --staged || exit $?');
      expect(script).toContain('"$@" doctor --strict || exit $?');
      const again = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(again.json!.data).toMatchObject({ installed: false, already_present: true });
      const text = await docket(['install-precommit', '--git-hook', '--root', root]);
      expect(text.stdout).toContain('unchanged .git/hooks/pre-commit');
    });

    it("updates a hook it wrote before, but never clobbers someone else's (73)", async () => {
      const root = await initRepo();
      writeTree(root, { '.git/hooks/pre-commit': '#!/bin/sh\n# docket-managed-hook: old version\ndocket check\n' });
      const updated = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(updated.json!.data).toMatchObject({ installed: true, already_present: false });
      expect(readFileSync(path.join(root, '.git/hooks/pre-commit'), 'utf8')).toContain('doctor --strict');
      const foreign = '#!/bin/sh\nexec lint-staged\n';
      writeFileSync(path.join(root, '.git/hooks/pre-commit'), foreign);
      const r = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(r.exitCode).toBe(73);
      expectValidEnvelope(r.json);
      expect(r.json!.error).toMatchObject({ code: 'GIT_HOOK_EXISTS', details: { path: '.git/hooks/pre-commit' } });
      expect(readFileSync(path.join(root, '.git/hooks/pre-commit'), 'utf8')).toBe(foreign);
    });

    it('not a git repository: tool-missing, exit 69', async () => {
      const root = await initRepo();
      const r = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(r.exitCode).toBe(69);
      expectValidEnvelope(r.json);
      expect(r.json).toMatchObject({ success: false, status: 'tool-missing', error: { code: 'NOT_A_GIT_REPOSITORY' } });
      expect(existsSync(path.join(root, '.git'))).toBe(false);
      const text = await docket(['install-precommit', '--git-hook', '--root', root]);
      expect(text.exitCode).toBe(69);
      expect(text.stderr).toContain('ERROR [NOT_A_GIT_REPOSITORY]');
      const md = await docket(['install-precommit', '--git-hook', '--root', root, '--format', 'md']);
      expect(md.exitCode).toBe(69);
      expect(md.stdout).toContain('`NOT_A_GIT_REPOSITORY`');
    });

    it('warns when core.hooksPath is set; refuses hooks outside the root (worktrees)', async () => {
      const root = await initRepo();
      writeTree(root, { '.git/config': '[core]\n\thooksPath = .husky\n' });
      const r = await docket(['install-precommit', '--git-hook', '--root', root, '--json']);
      expect(r.json!.warnings.map((w: any) => w.code)).toEqual(['GIT_HOOKS_PATH_SET']);
      const wt = await initRepo();
      const main = tempDir();
      mkdirSync(path.join(main, '.git/worktrees/wt'), { recursive: true });
      writeFileSync(path.join(main, '.git/worktrees/wt/commondir'), '../..\n');
      writeFileSync(path.join(wt, '.git'), `gitdir: ${path.join(main, '.git/worktrees/wt')}\n`);
      const out = await docket(['install-precommit', '--git-hook', '--root', wt, '--json']);
      expect(out.exitCode).toBe(77);
      expect(out.json!.error.code).toBe('PATH_OUTSIDE_ROOT');
      expect(existsSync(path.join(main, '.git/hooks'))).toBe(false);
    });
  });
});
