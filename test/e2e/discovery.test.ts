import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { doc } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 40: docket finds the repository from a folder inside it, as ESLint and git do. */
function run(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: cleanEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
  const lines = r.stdout.split('\n').filter((l) => l !== '');
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    json: lines.length === 1 && lines[0]!.startsWith('{') ? JSON.parse(lines[0]!) : undefined,
  };
}

/** A git work tree with a governed repository at its top and one ADR. */
function governed(): string {
  const root = tempDir();
  spawnSync('git', ['init', '-q', root]);
  expect(run(root, ['init', '--prefix', 'ACME']).code).toBe(0);
  writeFileSync(path.join(root, 'docs/45-adr/adr-001-use-x.md'), doc({ title: 'Use X' }, '# Use X\n\nSee [b](adr-002-missing.md).\n'));
  return root;
}

describe('the repository is found from a folder inside it', () => {
  it('check, identify and relative PATHS from docs/45-adr use the config above; advice names the root', () => {
    const root = governed();
    const adr = path.join(root, 'docs/45-adr');
    const all = run(adr, ['check', '--json']);
    expectValidEnvelope(all.json, 'check');
    expect(all.json.root).toBe(root);
    expect(all.json.violations).toEqual([expect.objectContaining({ code: 'LINK_BROKEN', path: 'docs/45-adr/adr-001-use-x.md' })]);
    // A relative path names a file from the working directory, not from the root.
    const one = run(adr, ['check', 'adr-001-use-x.md', '--json']);
    expect(one.json.data.checked_paths).toEqual(['docs/45-adr/adr-001-use-x.md']);
    expect(run(adr, ['check', '*.md', '--json']).json.data.checked_paths).toEqual(['docs/45-adr/adr-001-use-x.md']);
    expect(run(adr, ['identify', 'adr-001-use-x.md', '--json']).json.data).toMatchObject({
      document_id: 'ACME-ADR-001',
      path: 'docs/45-adr/adr-001-use-x.md',
    });
    // Advice run from the same folder works: it carries the root.
    const text = run(adr, ['identify', 'adr-001-use-x.md']);
    expect(text.stdout + text.stderr).toContain('docket index --root ../..');
    // With --root, relative paths stay relative to the root, as documented.
    expect(run(adr, ['check', 'docs/45-adr/adr-001-use-x.md', '--root', root, '--json']).json.data.checked_paths).toEqual([
      'docs/45-adr/adr-001-use-x.md',
    ]);
  });

  it('init refuses inside a governed repository, naming its config, unless --force', () => {
    const root = governed();
    const adr = path.join(root, 'docs/45-adr');
    const refused = run(adr, ['init', '--json']);
    expect(refused.code).toBe(77);
    expectValidEnvelope(refused.json, 'init');
    expect(refused.json.error).toMatchObject({
      code: 'INSIDE_GOVERNED_REPOSITORY',
      details: { config: path.join(root, 'docops.config.yaml') },
    });
    expect(existsSync(path.join(adr, 'docops.config.yaml'))).toBe(false);
    const forced = run(adr, ['init', '--force', '--prefix', 'NEST', '--json']);
    expect(forced.code).toBe(0);
    expect(existsSync(path.join(adr, 'docops.config.yaml'))).toBe(true);
  });

  it('the search stops at the git work tree top: a config above another repository does not govern it', () => {
    const outer = governed();
    const inner = path.join(outer, 'vendor/lib');
    mkdirSync(inner, { recursive: true });
    spawnSync('git', ['init', '-q', inner]);
    mkdirSync(path.join(inner, 'notes'));
    const r = run(path.join(inner, 'notes'), ['check', '--json']);
    expect(r.json.root).toBe(path.join(inner, 'notes'));
    expect(r.json.error).toMatchObject({ code: 'CONFIG_NOT_FOUND' });
    // init inside that other repository is not refused either.
    expect(run(inner, ['init', '--prefix', 'LIB']).code).toBe(0);
  });
});
