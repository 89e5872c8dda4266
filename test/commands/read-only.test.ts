import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { docketUnprivileged, unprivilegedUnavailable } from '../helpers/unprivileged.js';

// Issue 38: a read-only root, `.docket` or data directory was INTERNAL_ERROR (exit 70); it is
// WRITE_FAILED (exit 73) naming the path relative to the root (or the data directory as shown).

/** Sets the mode of every directory and file under `dir` (the directory included). */
function chmodTree(dir: string, dirMode: number, fileMode: number): void {
  chmodSync(dir, dirMode);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(p, dirMode, fileMode);
    else chmodSync(p, fileMode);
  }
}

const touched: string[] = [];
afterEach(() => {
  // Writable again, so the temporary directories can be removed whoever runs the tests.
  for (const dir of touched.splice(0)) chmodTree(dir, 0o777, 0o666);
});

async function repo(): Promise<{ root: string; home: string }> {
  const root = tempDir();
  const home = tempDir('docket-home-');
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  expect((await docket(['new', 'ADR', 'First', '--root', root, '--json'])).exitCode).toBe(0);
  writeTree(root, { 'docs/45-adr/adr-050-no-id.md': '---\ntitle: No ID\n---\n# No ID\n' });
  touched.push(root, home);
  chmodSync(home, 0o777);
  return { root, home };
}

function expectWriteFailed(r: { exitCode: number; json?: Record<string, any> }, rel: RegExp): void {
  expectValidEnvelope(r.json);
  expect(r.json!.error, JSON.stringify(r.json)).toMatchObject({ code: 'WRITE_FAILED', details: { path: expect.stringMatching(rel) } });
  expect(r.json!.error.message).not.toContain(path.sep === '/' ? '/tmp/' : '\\');
  expect(r.exitCode).toBe(73);
}

describe.skipIf(unprivilegedUnavailable)('writes the file system refuses', () => {
  it('a read-only root: new, adr new and fix --apply are WRITE_FAILED with a relative path', async () => {
    const { root, home } = await repo();
    chmodTree(root, 0o555, 0o444);
    for (const args of [
      ['new', 'ADR', 'Second'],
      ['adr', 'new', 'Third'],
      ['fix', '--apply'],
    ]) {
      const r = await docketUnprivileged([...args, '--root', root, '--json'], { home });
      expectWriteFailed(r, /^\.docket\/claims\/ACME-ADR-\d{3}\.claim$/);
    }
  });

  it('a read-only .docket in a writable root: WRITE_FAILED naming the claim', async () => {
    const { root, home } = await repo();
    chmodTree(root, 0o777, 0o666);
    chmodTree(path.join(root, '.docket'), 0o555, 0o444);
    const r = await docketUnprivileged(['new', 'ADR', 'Second', '--root', root, '--json'], { home });
    expectWriteFailed(r, /^\.docket\/claims\/ACME-ADR-\d{3}\.claim$/);
  });

  it('a read-only document directory: WRITE_FAILED naming the document', async () => {
    const { root, home } = await repo();
    chmodTree(root, 0o777, 0o666);
    chmodSync(path.join(root, 'docs/45-adr'), 0o555);
    const r = await docketUnprivileged(['new', 'ADR', 'Second', '--root', root, '--json'], { home });
    expectWriteFailed(r, /^docs\/45-adr\/adr-\d{3}-second\.md$/);
  });

  it('org install --apply into a read-only data directory: WRITE_FAILED naming it as output shows it', async () => {
    for (const layout of ['empty', 'profiles']) {
      const { root, home } = await repo();
      const xdg = tempDir('docket-xdg-');
      if (layout === 'profiles') mkdirSync(path.join(xdg, 'docket/profiles'), { recursive: true });
      touched.push(xdg);
      chmodTree(xdg, 0o555, 0o444);
      const r = await docketUnprivileged(['org', 'install', '--apply', '--root', root, '--json'], { home, env: { XDG_DATA_HOME: xdg } });
      expectWriteFailed(r, /^\$XDG_DATA_HOME\/docket\/profiles\/default$/);
      expect(statSync(xdg).mode & 0o777).toBe(0o555);
    }
  });
});
