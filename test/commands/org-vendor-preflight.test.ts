import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: `org vendor --apply` wrote two organisation documents, then refused a later target
// (a link). Every target is checked before the first write: all or nothing.

const LOCK = 'docs/00-governance/org-profile.lock.json';
const ORG = 'docs/00-governance/org';

async function initRepo(): Promise<{ root: string; config: string }> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return { root, config: readFileSync(path.join(root, 'docops.config.yaml'), 'utf8') };
}

describe('org vendor --apply checks every target before the first write', () => {
  it('a templates directory linked out of the root: refused, no organisation document written', async () => {
    const { root, config } = await initRepo();
    const outside = tempDir('docket-outside-');
    rmSync(path.join(root, 'docs/00-governance/templates'), { recursive: true });
    symlinkSync(outside, path.join(root, 'docs/00-governance/templates'));
    for (const extra of [[], ['--apply']]) {
      const r = await docket(['org', 'vendor', '--root', root, '--json', ...extra], { env: xdgEnv() });
      expectValidEnvelope(r.json);
      expect(r.json!.error.code).toBe('PATH_OUTSIDE_ROOT');
    }
    expect(existsSync(path.join(root, ORG))).toBe(false);
    expect(existsSync(path.join(root, LOCK))).toBe(false);
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(config);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a lock that is a symbolic link: SYMLINK_REFUSED, nothing written', async () => {
    const { root, config } = await initRepo();
    const elsewhere = path.join(tempDir('docket-outside-'), 'lock.json');
    writeFileSync(elsewhere, '{}\n');
    symlinkSync(elsewhere, path.join(root, LOCK));
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env: xdgEnv() });
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('SYMLINK_REFUSED');
    expect(existsSync(path.join(root, ORG))).toBe(false);
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(config);
    expect(readFileSync(elsewhere, 'utf8')).toBe('{}\n');
  });

  it('an organisation directory linked inside the root is no reason to refuse: it vendors', async () => {
    const { root } = await initRepo();
    mkdirSync(path.join(root, 'docs/00-governance/org-real'));
    symlinkSync('org-real', path.join(root, ORG));
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env: xdgEnv() });
    expectValidEnvelope(r.json);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(readdirSync(path.join(root, 'docs/00-governance/org-real')).length).toBeGreaterThan(0);
  });
});
