import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { BUILTIN_PROFILE, customProfile, xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const target = (xdg: string, name = 'default') => path.join(xdg, 'docket/profiles', name);

describe('org install', () => {
  it('is a dry run by default (also with --dry-run), writing nothing', async () => {
    const env = xdgEnv();
    for (const extra of [[], ['--dry-run']]) {
      const r = await docket(['org', 'install', '--root', tempDir(), '--json', ...extra], { env });
      expect(r.exitCode).toBe(0);
      expectValidEnvelope(r.json, 'org install');
      expect(r.json!.data).toMatchObject({
        profile: 'default',
        version: '1.1',
        source: 'builtin',
        dry_run: true,
        installed: false,
        would_install: true,
        already_installed: false,
        replaced_version: null,
        target_dir: '$XDG_DATA_HOME/docket/profiles/default',
      });
      expect(r.json!.data.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(r.json!.advice[0]).toMatchObject({ code: 'NEXT_APPLY' });
    }
    expect(readdirSync(env.XDG_DATA_HOME)).toEqual([]);
    const conflict = await docket(['org', 'install', '--apply', '--dry-run', '--json'], { env });
    expect(conflict.exitCode).toBe(64);
    expect(conflict.json!.error.code).toBe('FLAG_CONFLICT');
  });

  it('--apply installs the built-in profile atomically; again is a no-op', async () => {
    const env = xdgEnv();
    const r = await docket(['org', 'install', '--apply', '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'org install');
    expect(r.json!.data).toMatchObject({ installed: true, dry_run: false, already_installed: false });
    const dir = target(env.XDG_DATA_HOME);
    for (const rel of ['profile.json', 'metadata.schema.json', 'templates/adr.template.md', 'org/gov-001-documentation-constitution.md']) {
      expect(readFileSync(path.join(dir, rel))).toEqual(readFileSync(path.join(BUILTIN_PROFILE, rel)));
    }
    expect(readdirSync(path.dirname(dir))).toEqual(['default']);
    const again = await docket(['org', 'install', '--apply', '--json'], { env });
    expect(again.json!.data).toMatchObject({ installed: false, already_installed: true });
    const text = await docket(['org', 'install', '--apply'], { env });
    expect(text.stdout).toContain('unchanged default 1.1 (builtin) is already installed');
    const md = await docket(['org', 'install', '--format', 'md'], { env });
    expect(md.stdout).toContain('# docket org install');
  });

  it('another installed version (or a modified copy) is PROFILE_CONFLICT unless --force', async () => {
    const env = xdgEnv();
    const older = customProfile({ version: '0.9' });
    expect((await docket(['org', 'install', '--from', older, '--apply'], { env })).exitCode).toBe(0);
    const r = await docket(['org', 'install', '--apply', '--json'], { env });
    expect(r.exitCode).toBe(73);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({ code: 'PROFILE_CONFLICT', details: { installed_version: '0.9', version: '1.1' } });
    const dry = await docket(['org', 'install', '--force', '--json'], { env });
    expect(dry.json!.data).toMatchObject({ would_install: true, replaced_version: '0.9', installed: false });
    const forced = await docket(['org', 'install', '--force', '--apply', '--json'], { env });
    expect(forced.json!.data).toMatchObject({ installed: true, replaced_version: '0.9' });
    expect(JSON.parse(readFileSync(path.join(target(env.XDG_DATA_HOME), 'profile.json'), 'utf8')).version).toBe('1.1');
    expect(readdirSync(path.dirname(target(env.XDG_DATA_HOME)))).toEqual(['default']);
    writeFileSync(path.join(target(env.XDG_DATA_HOME), 'templates/adr.template.md'), 'edited\n');
    const modified = await docket(['org', 'install', '--apply', '--json'], { env });
    expect(modified.json!.error.code).toBe('PROFILE_CONFLICT');
  });

  it('installs a profile from a directory (--from, relative to --root) and validates it', async () => {
    const env = xdgEnv();
    const src = customProfile({ name: 'acme', version: '2026.1' });
    const root = path.dirname(src);
    const r = await docket(['org', 'install', '--from', path.basename(src), '--root', root, '--apply', '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({ profile: 'acme', version: '2026.1', source: 'directory', installed: true });
    expect(existsSync(path.join(target(env.XDG_DATA_HOME, 'acme'), 'org/gov-002-ids-and-metadata.md'))).toBe(true);
    const cases: [Record<string, unknown>, string][] = [
      [{ files: ['metadata.schema.json', '../escape.md'] }, 'profile.json'],
      [{ files: ['templates/missing.template.md'] }, 'templates/missing.template.md'],
      [{ name: 'Bad Name' }, 'profile.json'],
      [{ version: 7 }, 'profile.json'],
    ];
    for (const [edit, where] of cases) {
      const bad = await docket(['org', 'install', '--from', customProfile(edit), '--apply', '--json'], { env });
      expect(bad.exitCode, JSON.stringify(edit)).toBe(65);
      expect(bad.json!.error).toMatchObject({ code: 'PROFILE_INVALID', details: { path: where } });
    }
    const nowhere = await docket(['org', 'install', '--from', path.join(tempDir(), 'missing'), '--json'], { env });
    expect(nowhere.exitCode).toBe(66);
    expect(nowhere.json!.error.code).toBe('PROFILE_NOT_FOUND');
    const linked = customProfile({});
    const outside = path.join(tempDir(), 'x.md');
    writeFileSync(outside, 'secret');
    rmSync(path.join(linked, 'templates/adr.template.md'));
    symlinkSync(outside, path.join(linked, 'templates/adr.template.md'));
    const link = await docket(['org', 'install', '--from', linked, '--apply', '--json'], { env });
    expect(link.json!.error).toMatchObject({ code: 'PROFILE_INVALID', details: { reason: 'is a symbolic link' } });
  });

  it('unknown or unsafe profile names', async () => {
    const env = xdgEnv();
    const missing = await docket(['org', 'install', '--profile', 'nope', '--json'], { env });
    expect(missing.exitCode).toBe(66);
    expect(missing.json!.error).toMatchObject({ code: 'PROFILE_NOT_FOUND', details: { available: ['default'] } });
    for (const name of ['../etc', 'a/b', '.hidden', 'UPPER']) {
      const bad = await docket(['org', 'install', '--profile', name, '--json'], { env });
      expect(bad.exitCode, name).toBe(64);
      expect(bad.json!.error.code).toBe('INVALID_PROFILE_NAME');
    }
  });

  it('refuses symbolic links on the way into the data directory; never writes through them', async () => {
    const env = xdgEnv();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, path.join(env.XDG_DATA_HOME, 'docket'));
    const r = await docket(['org', 'install', '--apply', '--json'], { env });
    expect(r.exitCode).toBe(77);
    expect(r.json!.error.code).toBe('SYMLINK_REFUSED');
    expect(readdirSync(elsewhere)).toEqual([]);
    const env2 = xdgEnv();
    mkdirSync(path.join(env2.XDG_DATA_HOME, 'docket/profiles'), { recursive: true });
    symlinkSync(elsewhere, target(env2.XDG_DATA_HOME));
    const linked = await docket(['org', 'install', '--apply', '--json'], { env: env2 });
    expect(linked.json!.error.code).toBe('PROFILE_CONFLICT');
    const forced = await docket(['org', 'install', '--apply', '--force', '--json'], { env: env2 });
    expect(forced.exitCode, forced.stdout).toBe(0);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(target(env2.XDG_DATA_HOME)).isDirectory()).toBe(true);
  });

  it('a relative XDG_DATA_HOME is ignored (XDG spec): HOME/.local/share is used', async () => {
    const home = tempDir();
    const r = await docket(['org', 'install', '--json'], { env: { XDG_DATA_HOME: 'relative/dir', HOME: home } });
    expect(r.json!.data.target_dir).toBe('~/.local/share/docket/profiles/default');
  });
});
