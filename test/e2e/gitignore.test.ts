import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { doc } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 40: what git ignores is not linted, as ESLint and markdownlint-cli2 users expect. */
function run(root: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--root', root, '--format', 'json'], {
    env: cleanEnv() as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  return { code: r.status, json: JSON.parse(r.stdout) };
}

/** A repository with build output and a local draft that .gitignore files ignore, both broken. */
function repository(): string {
  const root = tempDir();
  spawnSync('git', ['init', '-q', root]);
  expect(spawnSync(process.execPath, [BIN, 'init', '--prefix', 'ACME', '--root', root]).status).toBe(0);
  writeFileSync(path.join(root, 'docs/45-adr/adr-001-a.md'), doc());
  mkdirSync(path.join(root, 'docs/_build'));
  writeFileSync(path.join(root, 'docs/_build/out.md'), '# Generated\n\n[x](missing.md)\n');
  writeFileSync(path.join(root, 'docs/45-adr/adr-002-draft.md'), doc({ document_id: 'ACME-ADR-001' }));
  writeFileSync(path.join(root, 'docs/45-adr/adr-003-kept.md'), doc({ document_id: 'ACME-ADR-003' }));
  writeFileSync(path.join(root, '.gitignore'), '.docket/\ndocs/_build/\n');
  // A deeper file: its own patterns, and a negation that wins over the shallower rule.
  writeFileSync(path.join(root, 'docs/45-adr/.gitignore'), '*-draft.md\nadr-003-*.md\n!adr-003-kept.md\n');
  return root;
}

describe('.gitignore files are honoured', () => {
  it('check, index and scan leave ignored files out; --no-ignore walks them too', () => {
    const root = repository();
    const check = run(root, ['check']);
    expectValidEnvelope(check.json, 'check');
    expect(check.code, JSON.stringify(check.json.violations)).toBe(0);
    expect(check.json.data.checked_paths).toEqual(['docs/45-adr/adr-001-a.md', 'docs/45-adr/adr-003-kept.md']);
    expect(run(root, ['index']).json.data.node_count).toBe(2);
    const scan = run(root, ['scan']);
    expect(JSON.stringify(scan.json.data)).not.toContain('_build');

    const all = run(root, ['check', '--no-ignore']);
    expect(all.code).toBe(1);
    expect(all.json.data.checked_paths).toEqual(expect.arrayContaining(['docs/_build/out.md', 'docs/45-adr/adr-002-draft.md']));
    expect(all.json.violations.map((v: { code: string }) => v.code)).toEqual(expect.arrayContaining(['ID_UNIQUE']));
  });

  it('a file named on the command line that git ignores is listed in ignored_paths, not checked', () => {
    const root = repository();
    const r = run(root, ['check', 'docs/_build/out.md', 'docs/45-adr/adr-002-draft.md', 'docs/45-adr/adr-001-a.md']);
    expect(r.code).toBe(0);
    expect(r.json.data.ignored_paths).toEqual(['docs/45-adr/adr-002-draft.md', 'docs/_build/out.md']);
    expect(r.json.data.checked_paths).toEqual(['docs/45-adr/adr-001-a.md']);
  });

  it('new counts the IDs of ignored drafts: none is handed out twice', () => {
    const root = repository();
    writeFileSync(path.join(root, 'docs/45-adr/adr-009-local-draft.md'), doc({ document_id: 'ACME-ADR-009' }));
    const created = run(root, ['new', 'ADR', 'Next', '--dry-run']);
    expect(created.json.data.document_id).toBe('ACME-ADR-010');
  });
});
