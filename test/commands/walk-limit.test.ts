import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Five governed ADRs: a walk limited to 3 lists adr-001 to adr-003 and stops at adr-004. */
function fiveDocuments(): string {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 5; i++) files[`docs/45-adr/adr-00${i}-t.md`] = doc({ document_id: `ACME-ADR-00${i}`, title: `T${i}` }, `# T${i}\n`);
  return repo(files);
}

describe('scan refuses the file-system root and a home directory unless --force', () => {
  it('scan --root / is ROOT_REFUSED (77) at once, in every format', async () => {
    const r = await docket(['scan', '--root', '/', '--json']);
    expect(r.exitCode).toBe(77);
    expectValidEnvelope(r.json, 'scan');
    expect(r.json!.error).toMatchObject({ code: 'ROOT_REFUSED', details: { reason: 'filesystem_root' } });
    expect(r.json!.error.suggestion).toContain('--force');
    expect((await docket(['scan', '--root', '/'])).exitCode).toBe(77);
  }, 60_000);

  it('scan of the home directory is refused; --force surveys it', async () => {
    const home = realpathSync(writeTree(tempDir(), { 'notes/todo.md': '# Todo\n' }));
    const r = await docket(['scan', '--root', home, '--json'], { env: { HOME: home } });
    expect(r.exitCode).toBe(77);
    expect(r.json!.error).toMatchObject({ code: 'ROOT_REFUSED', details: { reason: 'home_directory' } });
    const forced = await docket(['scan', '--root', home, '--force', '--json'], { env: { HOME: home } });
    expect(forced.exitCode, forced.stdout).toBe(0);
    expectValidEnvelope(forced.json, 'scan');
    expect(forced.json!.data.markdown_files).toBe(1);
  });
});

describe('a walk stops after DOCKET_WALK_LIMIT files: status partial and a warning that says where', () => {
  for (const command of ['check', 'index', 'scan'] as const) {
    it(`${command}`, async () => {
      const root = fiveDocuments();
      const r = await docket([command, '--root', root, '--json'], { env: { DOCKET_WALK_LIMIT: '3' } });
      expect(r.exitCode, r.stdout).toBe(0);
      expectValidEnvelope(r.json, command);
      expect(r.json!.status).toBe('partial');
      const stop = r.json!.warnings.filter((w: any) => w.code === 'WALK_LIMIT_REACHED');
      expect(stop).toHaveLength(1);
      expect(stop[0].message).toContain('stopped after 3 Markdown files');
      if (command === 'check') {
        expect(stop[0].path).toBe('docs/45-adr/adr-004-t.md');
        expect(r.json!.data.checked_paths).toEqual(['docs/45-adr/adr-001-t.md', 'docs/45-adr/adr-002-t.md', 'docs/45-adr/adr-003-t.md']);
      }
      if (command === 'index') expect(r.json!.data.node_count).toBe(3);
      if (command === 'scan') expect(r.json!.data.markdown_files).toBe(3);
      const text = await docket([command, '--root', root], { env: { DOCKET_WALK_LIMIT: '3' } });
      expect(text.exitCode).toBe(r.exitCode);
      const full = await docket([command, '--root', root, '--json']);
      expect(full.json!.status).toBe('ok');
      expect(full.json!.warnings.some((w: any) => w.code === 'WALK_LIMIT_REACHED')).toBe(false);
    });
  }

  it('new still sees every ID, whatever the limit', async () => {
    const root = fiveDocuments();
    const r = await docket(['new', 'ADR', 'Next', '--root', root, '--json'], { env: { DOCKET_WALK_LIMIT: '1' } });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.document_id).toBe('ACME-ADR-006');
  });

  it('fix still sees every ID, whatever the limit: the ID it adds is past all of them', async () => {
    const root = fiveDocuments();
    writeTree(root, { 'docs/45-adr/adr-006-new.md': doc({ document_id: undefined, title: 'New' }, '# New\n') });
    const r = await docket(['fix', '--no-dry-run', '--root', root, '--json'], {
      env: { DOCKET_WALK_LIMIT: '1', DOCKET_TODAY: '2026-03-04' },
    });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.status).toBe('ok');
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-006-new.md'), 'utf8')).toContain('document_id: ACME-ADR-006');
  });

  it('an invalid DOCKET_WALK_LIMIT is INVALID_WALK_LIMIT (64)', async () => {
    const root = fiveDocuments();
    for (const value of ['0', '-1', '1e5', '100k', '99999999999']) {
      const r = await docket(['check', '--root', root, '--json'], { env: { DOCKET_WALK_LIMIT: value } });
      expect(r.exitCode, value).toBe(64);
      expect(r.json!.error.code).toBe('INVALID_WALK_LIMIT');
    }
  });
});
