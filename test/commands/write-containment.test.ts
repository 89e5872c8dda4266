import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * A repository a pull request has made hostile (its config and symbolic links), beside a
 * directory `outside` that nothing may write into. Every write goes through one containment
 * check (core/fs/paths.ts assertWritable): each command is refused with a clear code and a
 * path relative to the root, and `outside` stays as it was.
 */
async function hostile(): Promise<{ root: string; outside: string }> {
  const scratch = tempDir();
  const outside = path.join(scratch, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'keep.txt'), 'mine\n');
  const root = path.join(scratch, 'repo');
  mkdirSync(root);
  const r = await docket(['init', '--root', root, '--prefix', 'ACME']);
  expect(r.exitCode).toBe(0);
  return { root, outside };
}

function expectUntouched(outside: string): void {
  expect(readdirSync(outside, { recursive: true }).map(String).sort()).toEqual(['keep.txt']);
}

function expectRefused(
  r: { exitCode: number; json?: Record<string, any> },
  root: string,
  command: string,
  code: string,
  exit: number,
  rel?: string,
): void {
  expect(r.exitCode, JSON.stringify(r.json)).toBe(exit);
  expectValidEnvelope(r.json, command);
  expect(r.json!.error.code).toBe(code);
  // The message names the path relative to the root, never the machine's absolute path.
  expect(r.json!.error.message).not.toContain(root);
  if (rel) expect(r.json!.error.details).toMatchObject({ path: rel });
}

describe('no command writes outside the root, whatever the repository says', () => {
  it('new: a type directory under a link that leaves the root', async () => {
    const { root, outside } = await hostile();
    writeTree(root, { 'docops.config.yaml': 'repo_prefix: ACME\ndocs_root: docs\ndocument_types:\n  ADR:\n    directory: link/sub\n' });
    symlinkSync(outside, path.join(root, 'docs', 'link'));
    const r = await docket(['new', 'ADR', 'Escape', '--root', root, '--json']);
    expectRefused(r, root, 'new', 'PATH_OUTSIDE_ROOT', 77, 'docs/link/sub/adr-001-escape.md');
    expectUntouched(outside);
  });

  it('new and fix: a prefix that would send ID claims out of .docket/claims', async () => {
    const { root, outside } = await hostile();
    writeTree(root, {
      'docops.config.yaml': `repo_prefix: "../../../${path.basename(path.dirname(outside))}/outside/PWN"\ndocs_root: docs\n`,
      'docs/45-adr/adr-001-x.md': '---\ntype: ADR\ntitle: X\n---\n# X\n',
    });
    expectRefused(await docket(['new', 'ADR', 'Escape', '--root', root, '--json']), root, 'new', 'CONFIG_INVALID', 65);
    expectRefused(await docket(['fix', '--no-dry-run', '--root', root, '--json']), root, 'fix', 'CONFIG_INVALID', 65);
    expectUntouched(outside);
  });

  it('index: an index_path under a link that leaves the root', async () => {
    const { root, outside } = await hostile();
    writeTree(root, { 'docops.config.yaml': 'repo_prefix: ACME\ndocs_root: docs\nindex_path: idx/docket.index.json\n' });
    symlinkSync(outside, path.join(root, 'idx'));
    expectRefused(await docket(['index', '--root', root, '--json']), root, 'index', 'PATH_OUTSIDE_ROOT', 77, 'idx/docket.index.json');
    expectUntouched(outside);
  });

  it('init: a docs root that is a link leaving the root', async () => {
    const scratch = tempDir();
    const outside = path.join(scratch, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'keep.txt'), 'mine\n');
    const root = writeTree(path.join(scratch, 'repo'), { 'docops.config.yaml': 'repo_prefix: ACME\ndocs_root: docs\n' });
    symlinkSync(outside, path.join(root, 'docs'));
    const r = await docket(['init', '--root', root, '--json']);
    expectRefused(r, root, 'init', 'PATH_OUTSIDE_ROOT', 77);
    expect(r.json!.error.details.path).toMatch(/^docs\//);
    expectUntouched(outside);
  });

  it('install-precommit: git hooks that a .git file places outside the root', async () => {
    const { root, outside } = await hostile();
    writeFileSync(path.join(root, '.git'), `gitdir: ${path.relative(root, outside)}\n`);
    expectRefused(
      await docket(['install-precommit', '--git-hook', '--root', root, '--json']),
      root,
      'install-precommit',
      'PATH_OUTSIDE_ROOT',
      77,
    );
    expectUntouched(outside);
  });

  it('org vendor: a schema path whose directory is a link leaving the root', async () => {
    const { root, outside } = await hostile();
    writeTree(root, { 'docops.config.yaml': 'repo_prefix: ACME\ndocs_root: docs\nschema_path: gov/metadata.schema.json\n' });
    symlinkSync(outside, path.join(root, 'gov'));
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env: xdgEnv() });
    expectRefused(r, root, 'org vendor', 'PATH_OUTSIDE_ROOT', 77, 'gov/metadata.schema.json');
    expectUntouched(outside);
  });
});
