import { chmodSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { posix, protocol, read, SCRIPT, SKILL, statuses } from '../helpers/protocol.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const ASSETS = ['AGENTS.md', SCRIPT, SKILL];

async function init(root: string, ...args: string[]) {
  const r = await docket(['init', '--root', root, '--prefix', 'ACME', '--project-name', 'Acme', ...args, '--json']);
  expectValidEnvelope(r.json, 'init');
  return r;
}

describe('init and the agent-instruction files (protocol assets)', () => {
  it('creates each one exactly as protocol sync --apply does; protocol check and check are then clean', async () => {
    const root = tempDir();
    const r = await init(root);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.created_paths).toEqual(expect.arrayContaining(ASSETS));
    expect(r.json!.warnings).toEqual([]);
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_NEW', 'NEXT_DOCTOR', 'NEXT_CHECK']);
    if (posix) expect(statSync(path.join(root, SCRIPT)).mode & 0o777).toBe(0o755);

    // The same config, then sync --apply instead of init: the same bytes and modes.
    const synced = writeTree(tempDir(), { 'docops.config.yaml': readFileSync(path.join(root, 'docops.config.yaml')) });
    expect((await protocol(synced, 'sync', '--apply')).exitCode).toBe(0);
    for (const rel of ASSETS) {
      expect(read(root, rel).equals(read(synced, rel)), rel).toBe(true);
      expect(statSync(path.join(root, rel)).mode & 0o777, rel).toBe(statSync(path.join(synced, rel)).mode & 0o777);
    }
    expect(read(root, 'AGENTS.md').toString('utf8')).toContain('Acme');

    const check = await protocol(root, 'check');
    expect([check.exitCode, check.json!.violations]).toEqual([0, []]);
    expect(Object.values(statuses(check))).toEqual(['aligned', 'aligned', 'aligned']);
    // AGENTS.md and .agents/ are outside the docs root: not governed, no finding.
    const governed = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(governed.json, 'check');
    expect([governed.exitCode, governed.json!.success, governed.json!.violations, governed.json!.warnings]).toEqual([0, true, [], []]);
    // Nor does scan offer to import them as documents.
    const scan = await docket(['scan', '--root', root, '--json']);
    expect(scan.json!.data.files).toEqual([]);
  });

  it('leaves existing ones alone, even a legacy AGENTS.md and a script without its mode, and advises protocol sync', async () => {
    const own = '# House rules\r\n\r\nNever force-push.\r\n';
    const root = writeTree(tempDir(), { 'AGENTS.md': own, [SCRIPT]: '#!/bin/sh\necho mine\n' });
    if (posix) chmodSync(path.join(root, SCRIPT), 0o644);
    const r = await init(root);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.created_paths).toContain(SKILL);
    expect(r.json!.data.created_paths).not.toContain('AGENTS.md');
    expect(r.json!.data.skipped_paths).toEqual(expect.arrayContaining(['AGENTS.md', SCRIPT]));
    expect(read(root, 'AGENTS.md').toString('utf8')).toBe(own);
    expect(read(root, SCRIPT).toString('utf8')).toBe('#!/bin/sh\necho mine\n');
    if (posix) expect(statSync(path.join(root, SCRIPT)).mode & 0o777).toBe(0o644);
    expect(r.json!.advice.at(-1)).toEqual({
      code: 'NEXT_PROTOCOL_SYNC',
      message: expect.stringContaining(`AGENTS.md, ${SCRIPT} exist and were kept`),
      command: `docket protocol sync --root ${root}`,
    });

    const check = await protocol(root, 'check');
    expect(statuses(check)).toEqual({ 'agents-md': 'legacy', 'meminit-brownfield-script': 'stale', 'meminit-docops-skill': 'aligned' });
    // A second init changes nothing and lists all three as existing.
    const again = await init(root);
    expect(again.json!.data.created_paths).toEqual([]);
    expect(again.json!.data.skipped_paths).toEqual(expect.arrayContaining(ASSETS));
  });

  it('--dry-run lists them without writing; --no-protocol leaves them out, and its dry run advises the same flag', async () => {
    const root = tempDir();
    const dry = await init(root, '--dry-run');
    expect(dry.json!.data.created_paths).toEqual(expect.arrayContaining(ASSETS));
    expect(readdirSync(root)).toEqual([]);

    const bare = tempDir();
    const none = await init(bare, '--no-protocol', '--dry-run');
    expect(none.json!.advice[0].command).toBe(`docket init --prefix ACME --project-name Acme --no-protocol --root ${bare}`);
    const written = await init(bare, '--no-protocol');
    expect(written.exitCode).toBe(0);
    for (const data of [none.json!.data, written.json!.data])
      expect([...data.created_paths, ...data.skipped_paths].filter((p: string) => p === 'AGENTS.md' || p.startsWith('.agents/'))).toEqual(
        [],
      );
    expect(existsSync(path.join(bare, 'AGENTS.md')) || existsSync(path.join(bare, '.agents'))).toBe(false);
    expect((await protocol(bare, 'check')).exitCode).toBe(1);
  });

  it.skipIf(!posix)('never writes through a symbolic link or through a directory that leads out of the root', async () => {
    const outside = writeTree(tempDir('docket-init-outside-'), { 'AGENTS.md': '# Elsewhere\n' });
    const root = tempDir();
    symlinkSync(path.join(outside, 'AGENTS.md'), path.join(root, 'AGENTS.md'));
    symlinkSync(outside, path.join(root, '.agents'));
    const r = await init(root);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.created_paths).toContain('docops.config.yaml');
    expect(r.json!.data.skipped_paths).toEqual(expect.arrayContaining(ASSETS));
    expect(r.json!.warnings.map((w: any) => [w.code, w.path])).toEqual([
      ['PROTOCOL_ASSET_REFUSED', SKILL],
      ['PROTOCOL_ASSET_REFUSED', SCRIPT],
      ['PROTOCOL_ASSET_REFUSED', 'AGENTS.md'],
    ]);
    expect(r.json!.warnings[2].message).toContain('symbolic link');
    expect(readFileSync(path.join(outside, 'AGENTS.md'), 'utf8')).toBe('# Elsewhere\n');
    expect(readdirSync(outside)).toEqual(['AGENTS.md']);
    expect(r.json!.advice.map((a: any) => a.code)).not.toContain('NEXT_PROTOCOL_SYNC');
  });

  it('help names --no-protocol with an example', async () => {
    const help = await docket(['init', '--help']);
    expect(help.stdout).toContain('--[no-]protocol');
    expect(help.stdout).toContain('init --prefix ACME --no-protocol');
  });

  it('text mode lists the assets it created', async () => {
    const root = tempDir();
    const r = await docket(['init', '--root', root, '--prefix', 'ACME']);
    expect(r.stdout).toContain('created  AGENTS.md');
    expect(r.stdout).toContain(`created  ${SKILL}`);
    writeFileSync(path.join(root, 'AGENTS.md'), '# Mine\n');
    const again = await docket(['init', '--root', root]);
    expect(again.stdout).toContain('exists   AGENTS.md');
  });
});
