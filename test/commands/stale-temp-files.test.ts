import { spawnSync } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: temporary files left by killed `fix` runs (.<name>.<pid>.<hex>.tmp) were never
// cleaned and doctor did not mention them. doctor warns; fix --apply removes those of dead
// processes, recognised by their exact name, and nothing else.

/** The pid of a process that has exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
  return Number(pid);
}

function setUp() {
  const dead = deadPid();
  const live = process.ppid;
  const files = {
    stale: `docs/45-adr/.adr-001-a.md.${dead}.0123456789ab.tmp`,
    staleConfig: `.docops.config.yaml.${dead}.abcdef012345.tmp`,
    live: `docs/45-adr/.adr-002-b.md.${live}.0123456789ab.tmp`,
    fresh: `docs/45-adr/.adr-003-c.md.${dead}.fedcba987654.tmp`,
    otherName: `docs/45-adr/.adr-004-d.md.${dead}.xyz.tmp`,
    userTemp: 'docs/45-adr/notes.tmp',
  };
  return { files, dead };
}

async function repoWithTemps() {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  const { files } = setUp();
  writeTree(root, Object.fromEntries(Object.values(files).map((rel) => [rel, 'partial bytes'])));
  const old = new Date(Date.now() - 10 * 60 * 1000);
  for (const [key, rel] of Object.entries(files)) if (key !== 'fresh') utimesSync(path.join(root, rel), old, old);
  return { root, files };
}

describe('temporary files of killed docket runs', () => {
  it('doctor warns about those of dead processes, with the path and what to run', async () => {
    const { root, files } = await repoWithTemps();
    const r = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'doctor');
    const stale = r.json!.warnings.filter((w: { code: string }) => w.code === 'STALE_TEMP_FILE');
    expect(stale.map((w: { path: string }) => w.path).sort()).toEqual([files.staleConfig, files.stale].sort());
    expect(stale[0].suggestion).toContain('fix --apply');
    expect(r.json!.data.checks).toContainEqual(expect.objectContaining({ name: 'temp_files', status: 'warn' }));
  });

  it('fix lists them in a dry run; fix --apply removes exactly those, and doctor is clean again', async () => {
    const { root, files } = await repoWithTemps();
    const dry = await docket(['fix', '--root', root, '--json']);
    expectValidEnvelope(dry.json, 'fix');
    expect(dry.json!.warnings.filter((w: { code: string }) => w.code === 'STALE_TEMP_FILE')).toHaveLength(2);
    expect(existsSync(path.join(root, files.stale))).toBe(true);
    const applied = await docket(['fix', '--apply', '--root', root, '--json']);
    expectValidEnvelope(applied.json, 'fix');
    expect(applied.json!.data.removed_temp_files).toEqual([files.staleConfig, files.stale].sort());
    expect(applied.json!.warnings.filter((w: { code: string }) => w.code === 'STALE_TEMP_FILE')).toEqual([]);
    for (const key of ['stale', 'staleConfig'] as const) expect(existsSync(path.join(root, files[key])), key).toBe(false);
    for (const key of ['live', 'fresh', 'otherName', 'userTemp'] as const) expect(existsSync(path.join(root, files[key])), key).toBe(true);
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expect(doctor.json!.data.checks).toContainEqual(expect.objectContaining({ name: 'temp_files', status: 'ok' }));
  });

  it('fix --apply in text says which it removed', async () => {
    const { root, files } = await repoWithTemps();
    const text = await docket(['fix', '--apply', '--root', root]);
    expect(text.stdout).toContain(`Removed 2 temporary files of killed docket runs:\n  ${files.staleConfig}\n  ${files.stale}\n`);
  });
});
