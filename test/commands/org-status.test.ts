import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { customProfile, xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('org status', () => {
  it('compares the lock, the installed and the built-in profile as they change', async () => {
    const env = xdgEnv();
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const fresh = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(fresh.exitCode).toBe(0);
    expectValidEnvelope(fresh.json, 'org status');
    expect(fresh.json!.data).toMatchObject({
      profile: 'default',
      up_to_date: false,
      drift: [],
      installed: { present: false, valid: false, version: null, path: '$XDG_DATA_HOME/docket/profiles/default' },
      lock: { present: false, path: 'docs/00-governance/org-profile.lock.json', version: null },
      current: { source: 'builtin', version: '1.1' },
      builtin: { version: '1.1' },
    });
    expect(fresh.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_ORG_INSTALL', 'NEXT_ORG_VENDOR']);

    await docket(['org', 'install', '--apply'], { env });
    await docket(['org', 'vendor', '--apply', '--root', root], { env });
    const synced = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(synced.json!.data).toMatchObject({
      up_to_date: true,
      installed: { present: true, valid: true, version: '1.1' },
      lock: { present: true, valid: true, version: '1.1', source: 'installed' },
      current: { source: 'installed' },
    });
    expect(synced.json!.warnings).toEqual([]);
    expect(synced.json!.advice).toEqual([]);

    writeFileSync(path.join(root, 'docs/00-governance/templates/prd.template.md'), 'changed\n');
    rmSync(path.join(root, 'docs/00-governance/org/gov-001-documentation-constitution.md'));
    const drifted = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(drifted.json!.data.up_to_date).toBe(false);
    expect(drifted.json!.data.drift).toEqual([
      { path: 'docs/00-governance/org/gov-001-documentation-constitution.md', state: 'missing' },
      { path: 'docs/00-governance/templates/prd.template.md', state: 'modified' },
    ]);
    expect(drifted.json!.warnings.map((w: any) => w.code)).toEqual(['PROFILE_DRIFT', 'PROFILE_DRIFT']);
    const text = await docket(['org', 'status', '--root', root], { env });
    expect(text.stdout).toContain('profile default  not up to date');
    expect(text.stdout).toMatch(/modified\s+docs\/00-governance\/templates\/prd\.template\.md/);

    await docket(['org', 'install', '--from', customProfile({ version: '2.0' }), '--force', '--apply'], { env });
    const newer = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(newer.json!.data.current).toMatchObject({ source: 'installed', version: '2.0' });
    expect(newer.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_ORG_INSTALL', 'NEXT_ORG_VENDOR']);
    const md = await docket(['org', 'status', '--root', root, '--format', 'md'], { env });
    expect(md.stdout).toContain('# docket org status');
  });

  it('works outside a repository: no lock, installed and built-in only', async () => {
    const r = await docket(['org', 'status', '--root', tempDir(), '--json'], { env: xdgEnv() });
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.lock).toEqual({
      present: false,
      valid: false,
      path: null,
      format: null,
      version: null,
      digest: null,
      source: null,
    });
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_ORG_INSTALL']);
  });
});

describe('org status: unknown profiles', () => {
  it('a profile that is neither built in, installed nor vendored is PROFILE_NOT_FOUND (66)', async () => {
    const r = await docket(['org', 'status', '--profile', 'acme', '--root', tempDir(), '--json'], { env: xdgEnv() });
    expect(r.exitCode).toBe(66);
    expect(r.json!.error).toMatchObject({ code: 'PROFILE_NOT_FOUND', details: { available: ['default'] } });
  });
});
