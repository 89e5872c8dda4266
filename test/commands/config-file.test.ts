import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const CONFIG = 'docops.config.yaml';

/** An initialised repository in a folder named `widgets`, so the prefix the defaults derive is known. */
async function repo(): Promise<{ root: string; scratch: string; config: string }> {
  const scratch = tempDir();
  const root = path.join(scratch, 'widgets');
  mkdirSync(root);
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return { root, scratch, config: readFileSync(path.join(root, CONFIG), 'utf8') };
}

function configCheck(doctor: Record<string, any>): { status: string; message: string } {
  return doctor.data.checks.find((c: { name: string }) => c.name === 'config');
}

const adrFiles = (root: string) =>
  existsSync(path.join(root, 'docs/45-adr')) ? readdirSync(path.join(root, 'docs/45-adr')).filter((f) => f.endsWith('.md')) : [];

describe('an empty docops.config.yaml', () => {
  // '' and comments take the fast config parser, `{}` the yaml library: both say it.
  for (const [name, text] of [
    ['empty', ''],
    ['blank', '  \n\n'],
    ['comments only', '# settings to come\n#repo_prefix: ACME\n'],
    ['an empty mapping', '{}\n'],
  ] as const) {
    it(`(${name}) is loaded as the defaults with a warning naming them, in new, check and doctor`, async () => {
      const { root } = await repo();
      writeFileSync(path.join(root, CONFIG), text);

      const created = await docket(['new', 'ADR', 'Empty config', '--root', root, '--json']);
      expect(created.exitCode, created.stdout).toBe(0);
      expectValidEnvelope(created.json, 'new');
      expect(created.json!.data.document_id).toBe('WIDGETS-ADR-001');
      const warning = created.json!.warnings.find((w: { code: string }) => w.code === 'CONFIG_EMPTY');
      expect(warning).toMatchObject({ severity: 'warning', path: CONFIG });
      expect(warning.message).toContain('prefix WIDGETS derived from the folder name "widgets"');
      expect(warning.suggestion).toContain('repo_prefix');
      expect(warning.suggestion).toContain('docket init');

      const check = await docket(['check', '--root', root, '--json']);
      expectValidEnvelope(check.json, 'check');
      expect(check.json!.warnings.map((w: { code: string }) => w.code)).toContain('CONFIG_EMPTY');

      const doctor = await docket(['doctor', '--root', root, '--json']);
      expectValidEnvelope(doctor.json, 'doctor');
      expect(doctor.exitCode).toBe(0);
      expect(configCheck(doctor.json!)).toMatchObject({ status: 'warn', message: expect.stringContaining('sets nothing') });
      expect(doctor.json!.data.status).toBe('warn');
      expect(doctor.json!.warnings).toContainEqual(expect.objectContaining({ code: 'CONFIG_EMPTY' }));

      // --strict makes the warning fail the setup check.
      expect((await docket(['doctor', '--root', root, '--strict', '--json'])).exitCode).not.toBe(0);
    });
  }

  it('is not reported for a config with settings', async () => {
    const { root } = await repo();
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expect(configCheck(doctor.json!).status).toBe('ok');
    expect(doctor.json!.warnings).toEqual([]);
  });
});

describe('a docops.config.yaml that is not UTF-8', () => {
  it('is CONFIG_INVALID naming the byte, its offset and line, never read with U+FFFD', async () => {
    const { root } = await repo();
    // Latin-1: "é" is the single byte 0xE9, on line 2.
    writeFileSync(
      path.join(root, CONFIG),
      Buffer.concat([Buffer.from('repo_prefix: ACME\nproject_name: Caf'), Buffer.from([0xe9]), Buffer.from('\ndocs_root: docs\n')]),
    );
    for (const command of [['check'], ['new', 'ADR', 'Latin one'], ['index']]) {
      const r = await docket([...command, '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(65);
      expectValidEnvelope(r.json, command[0]!);
      expect(r.json!.error).toMatchObject({
        code: 'CONFIG_INVALID',
        details: { path: CONFIG, line: 2, column: 18, offset: 35, reason: 'encoding' },
      });
      expect(r.json!.error.message).toContain('byte 0xE9 at offset 35 (line 2, column 18) is not valid UTF-8');
      expect(r.json!.error.suggestion).toContain('UTF-8');
      expect(r.stdout).not.toContain('\uFFFD');
    }
    expect(adrFiles(root)).toEqual([]);

    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.exitCode).toBe(1);
    expect(configCheck(doctor.json!).status).toBe('error');
    expect(doctor.json!.violations).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID', line: 2, message: expect.stringContaining('not valid UTF-8') }),
    ]);
  });

  it('names a UTF-16 config as such', async () => {
    const { root } = await repo();
    writeFileSync(path.join(root, CONFIG), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('repo_prefix: ACME\n', 'utf16le')]));
    const r = await docket(['check', '--root', root, '--json']);
    expect(r.json!.error).toMatchObject({ code: 'CONFIG_INVALID', details: { line: 1, offset: 0 } });
    expect(r.json!.error.message).toContain('(the file is UTF-16)');
  });
});

describe('a docops.config.yaml that is a symbolic link', () => {
  it('to a file outside the root is refused (PATH_OUTSIDE_ROOT), in every command and doctor', async () => {
    const { root, scratch, config } = await repo();
    // A config that would be valid, with another prefix: nothing of it may be used.
    writeFileSync(path.join(scratch, 'shared.yaml'), config.replace('repo_prefix: ACME', 'repo_prefix: EVIL'));
    rmSync(path.join(root, CONFIG));
    symlinkSync('../shared.yaml', path.join(root, CONFIG));
    for (const command of [['check'], ['new', 'ADR', 'Through a link'], ['index'], ['scan']]) {
      const r = await docket([...command, '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(77);
      expectValidEnvelope(r.json, command[0]!);
      expect(r.json!.error).toMatchObject({
        code: 'PATH_OUTSIDE_ROOT',
        details: { path: CONFIG, reason: 'symlink_outside_root', link_target: '../shared.yaml' },
      });
      expect(r.json!.error.message).toContain('is a symbolic link to ../shared.yaml, outside the repository root');
    }
    expect(adrFiles(root)).toEqual([]);

    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.exitCode).toBe(1);
    expect(configCheck(doctor.json!).status).toBe('error');
    expect(doctor.json!.violations).toEqual([expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT', path: CONFIG })]);
  });

  it('to a file inside the root is read, with a warning naming the target (doctor too)', async () => {
    const { root, config } = await repo();
    mkdirSync(path.join(root, 'settings'));
    writeFileSync(path.join(root, 'settings/docops.yaml'), config.replace('repo_prefix: ACME', 'repo_prefix: LINKED'));
    rmSync(path.join(root, CONFIG));
    symlinkSync('settings/docops.yaml', path.join(root, CONFIG));

    const created = await docket(['new', 'ADR', 'Linked config', '--root', root, '--json']);
    expect(created.exitCode, created.stdout).toBe(0);
    expect(created.json!.data.document_id).toBe('LINKED-ADR-001');
    expect(created.json!.warnings).toContainEqual(
      expect.objectContaining({
        code: 'CONFIG_SYMLINK',
        path: CONFIG,
        message: expect.stringContaining('is a symbolic link to settings/docops.yaml'),
      }),
    );

    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(configCheck(doctor.json!)).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('symbolic link to settings/docops.yaml'),
    });
  });

  it('that is broken is CONFIG_INVALID saying so, not a missing config the defaults replace', async () => {
    const { root } = await repo();
    rmSync(path.join(root, CONFIG));
    symlinkSync('gone.yaml', path.join(root, CONFIG));
    const r = await docket(['index', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(65);
    expect(r.json!.error).toMatchObject({ code: 'CONFIG_INVALID', details: { reason: 'broken_link', link_target: 'gone.yaml' } });
    expect(r.json!.error.message).toContain('is a symbolic link to gone.yaml, which does not exist');
  });
});
