import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectGovernedDocument } from '../helpers/documents.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-04' };

async function initRepo(): Promise<string> {
  const root = tempDir();
  expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
  return root;
}

const adrFiles = (root: string) =>
  readdirSync(path.join(root, 'docs/45-adr'))
    .filter((f) => f.endsWith('.md'))
    .sort();

describe('new: IDs, --id and path safety', () => {
  it('--id creates that ID; the same command again is idempotent (even on a later day)', async () => {
    const root = await initRepo();
    const args = ['new', 'ADR', 'Chosen one', '--id', 'ACME-ADR-042', '--owner', 'Ann', '--root', root, '--json'];
    const first = await docket(args, { env: TODAY });
    expect(first.exitCode, first.stdout).toBe(0);
    expectValidEnvelope(first.json, 'new');
    expect(first.json!.data).toMatchObject({ document_id: 'ACME-ADR-042', path: 'docs/45-adr/adr-042-chosen-one.md', created: true });
    expectGovernedDocument(root, first.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    const bytes = readFileSync(path.join(root, first.json!.data.path));
    const again = await docket(args, { env: { DOCKET_TODAY: '2026-05-01' } });
    expect(again.exitCode).toBe(0);
    expect(again.json!.data).toMatchObject({
      document_id: 'ACME-ADR-042',
      created: false,
      last_updated: '2026-03-04',
      content_sha256: first.json!.data.content_sha256,
    });
    expect(readFileSync(path.join(root, first.json!.data.path))).toEqual(bytes);
    const dry = await docket([...args, '--dry-run'], { env: TODAY });
    expect(dry.json!.data).toMatchObject({ dry_run: true, would_create: false, created: false });
    // The next sequential ID goes after the chosen one.
    const next = await docket(['new', 'ADR', 'After', '--root', root, '--json'], { env: TODAY });
    expect(next.json!.data.document_id).toBe('ACME-ADR-043');
  });

  it('--id used by another file is DUPLICATE_ID; the same path with other content is FILE_EXISTS (73); nothing is overwritten', async () => {
    const root = await initRepo();
    await docket(['new', 'ADR', 'Original', '--id', 'ACME-ADR-005', '--root', root], { env: TODAY });
    const dup = await docket(['new', 'ADR', 'Another title', '--id', 'ACME-ADR-005', '--root', root, '--json'], { env: TODAY });
    expect(dup.exitCode).toBe(73);
    expectValidEnvelope(dup.json);
    expect(dup.json!.error).toMatchObject({
      code: 'DUPLICATE_ID',
      details: { document_id: 'ACME-ADR-005', existing_paths: ['docs/45-adr/adr-005-original.md'] },
    });
    const other = await docket(['new', 'ADR', 'Original', '--id', 'ACME-ADR-005', '--status', 'Approved', '--root', root, '--json'], {
      env: TODAY,
    });
    expect(other.exitCode).toBe(73);
    expect(other.json!.error.code).toBe('FILE_EXISTS');
    expect(adrFiles(root)).toEqual(['adr-005-original.md']);
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-005-original.md'), 'utf8')).toContain('status: Draft');
  });

  it('--id after the author edited the body is still the same document: success, nothing rewritten', async () => {
    const root = await initRepo();
    await docket(['new', 'ADR', 'Original', '--id', 'ACME-ADR-006', '--root', root], { env: TODAY });
    const file = path.join(root, 'docs/45-adr/adr-006-original.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nThe author's own words.\n`);
    const edited = readFileSync(file, 'utf8');
    const retry = await docket(['new', 'ADR', 'Original', '--id', 'ACME-ADR-006', '--root', root, '--json'], { env: TODAY });
    expect(retry.exitCode).toBe(0);
    expectValidEnvelope(retry.json, 'new');
    expect(retry.json!.data).toMatchObject({ document_id: 'ACME-ADR-006', path: 'docs/45-adr/adr-006-original.md' });
    expect(readFileSync(file, 'utf8')).toBe(edited);
    const conflicting = await docket(
      ['new', 'ADR', 'Original', '--id', 'ACME-ADR-006', '--owner', 'Someone Else', '--root', root, '--json'],
      { env: TODAY },
    );
    expect(conflicting.exitCode).toBe(73);
    expect(conflicting.json!.error.details.differing_fields).toEqual(['owner']);
  });

  it('--id must use the namespace prefix and the document type', async () => {
    const root = await initRepo();
    for (const id of ['OTHER-ADR-001', 'ACME-PRD-001']) {
      const r = await docket(['new', 'ADR', 'x', '--id', id, '--root', root, '--json']);
      expect(r.exitCode).toBe(64);
      expect(r.json!.error).toMatchObject({ code: 'INVALID_ID', details: { expected_prefix: 'ACME', expected_type: 'ADR' } });
    }
  });

  it('never hands out a number again, even after its document is deleted', async () => {
    const root = await initRepo();
    const first = await docket(['new', 'ADR', 'Short lived', '--root', root, '--json'], { env: TODAY });
    rmSync(path.join(root, first.json!.data.path));
    const second = await docket(['new', 'ADR', 'Successor', '--root', root, '--json'], { env: TODAY });
    expect(second.json!.data.document_id).toBe('ACME-ADR-002');
    expect(readFileSync(path.join(root, '.docket/.gitignore'), 'utf8')).toBe('*\n');
    expect(JSON.parse(readFileSync(path.join(root, '.docket/claims/ACME-ADR-002.claim'), 'utf8'))).toMatchObject({
      document_id: 'ACME-ADR-002',
      host: os.hostname(),
    });
  });

  it('ID_SPACE_EXHAUSTED after 999, never a four-digit ID', async () => {
    const root = await initRepo();
    writeTree(root, { 'docs/45-adr/adr-999-last.md': '---\ndocument_id: ACME-ADR-999\n---\n' });
    const r = await docket(['new', 'ADR', 'One too many', '--root', root, '--json']);
    expect(r.exitCode).toBe(73);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({ code: 'ID_SPACE_EXHAUSTED', details: { prefix: 'ACME', type: 'ADR', max: 999 } });
    // New numbers follow the highest one: 001..998 are free here, and the error must not say otherwise.
    expect(r.json!.error.message).not.toMatch(/all used/);
    expect(r.json!.error.message).toContain('ACME-ADR-999');
    expect(r.json!.error.suggestion).toContain('--id ACME-ADR-NNN');
    const chosen = await docket(['new', 'ADR', 'A free number', '--id', 'ACME-ADR-005', '--root', root, '--json']);
    expect(chosen.exitCode).toBe(0);
    const dry = await docket(['new', 'ADR', 'One too many', '--root', root, '--json', '--dry-run']);
    expect(dry.json!.error.code).toBe('ID_SPACE_EXHAUSTED');
    expect(adrFiles(root)).toEqual(['adr-005-a-free-number.md', 'adr-999-last.md']);
  });

  it('a claim holds its own number only: a deleted --id document does not end the sequence', async () => {
    const root = await initRepo();
    const typo = await docket(['new', 'ADR', 'Mistyped', '--id', 'ACME-ADR-999', '--root', root, '--json'], { env: TODAY });
    expect(typo.exitCode).toBe(0);
    rmSync(path.join(root, typo.json!.data.path));
    expect(existsSync(path.join(root, '.docket/claims/ACME-ADR-999.claim'))).toBe(true);
    const dry = await docket(['new', 'ADR', 'First', '--root', root, '--json', '--dry-run'], { env: TODAY });
    expect(dry.json!.data.document_id).toBe('ACME-ADR-001');
    const first = await docket(['new', 'ADR', 'First', '--root', root, '--json'], { env: TODAY });
    expect(first.json!.data.document_id).toBe('ACME-ADR-001');
    // A number handed out once is never handed out again: 002's document is deleted, its claim stays.
    const second = await docket(['new', 'ADR', 'Second', '--root', root, '--json'], { env: TODAY });
    rmSync(path.join(root, second.json!.data.path));
    const third = await docket(['new', 'ADR', 'Third', '--root', root, '--json'], { env: TODAY });
    expect(third.json!.data.document_id).toBe('ACME-ADR-003');
  });

  it('ID_SPACE_EXHAUSTED names the highest document and the claims above it', async () => {
    const root = await initRepo();
    writeTree(root, { 'docs/45-adr/adr-997-late.md': '---\ndocument_id: ACME-ADR-997\n---\n' });
    mkdirSync(path.join(root, '.docket/claims'), { recursive: true });
    for (const id of ['ACME-ADR-998', 'ACME-ADR-999', 'ACME-ADR-003'])
      writeFileSync(
        path.join(root, `.docket/claims/${id}.claim`),
        JSON.stringify({ document_id: id, pid: 1, start: null, host: 'elsewhere', token: 'x' }),
      );
    for (const args of [[], ['--dry-run']]) {
      const r = await docket(['new', 'ADR', 'No room', '--root', root, '--json', ...args]);
      expect(r.exitCode).toBe(73);
      expectValidEnvelope(r.json);
      expect(r.json!.error).toMatchObject({
        code: 'ID_SPACE_EXHAUSTED',
        details: {
          highest_document: { document_id: 'ACME-ADR-997', path: 'docs/45-adr/adr-997-late.md' },
          claims: ['.docket/claims/ACME-ADR-998.claim', '.docket/claims/ACME-ADR-999.claim'],
        },
      });
      expect(r.json!.error.message).toContain('docs/45-adr/adr-997-late.md');
      expect(r.json!.error.message).toContain('ACME-ADR-998 to ACME-ADR-999');
    }
    rmSync(path.join(root, '.docket/claims/ACME-ADR-998.claim'));
    const r = await docket(['new', 'ADR', 'Room again', '--root', root, '--json']);
    expect(r.json!.data.document_id).toBe('ACME-ADR-998');
  });

  it('a chosen ID claimed by a live process: LOCK_TIMEOUT (73) after the bounded wait', async () => {
    const root = await initRepo();
    mkdirSync(path.join(root, '.docket/claims'), { recursive: true });
    // This test process is alive: its claim must be respected.
    writeFileSync(
      path.join(root, '.docket/claims/ACME-ADR-007.claim'),
      JSON.stringify({ document_id: 'ACME-ADR-007', pid: process.pid, start: null, host: os.hostname(), token: 'x' }),
    );
    const r = await docket(['new', 'ADR', 'Contended', '--id', 'ACME-ADR-007', '--root', root, '--json'], {
      env: { DOCKET_LOCK_TIMEOUT_MS: '150' },
    });
    expect(r.exitCode).toBe(73);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({
      code: 'LOCK_TIMEOUT',
      details: { claim: '.docket/claims/ACME-ADR-007.claim', holder: { pid: process.pid }, timeout_ms: 150 },
    });
    expect(adrFiles(root)).toEqual([]);
  });

  it('a chosen ID claimed by a dead process is taken over', async () => {
    const root = await initRepo();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(path.join(root, '.docket/claims'), { recursive: true });
    writeFileSync(
      path.join(root, '.docket/claims/ACME-ADR-007.claim'),
      JSON.stringify({ document_id: 'ACME-ADR-007', pid: dead, start: null, host: os.hostname(), token: 'x' }),
    );
    const r = await docket(['new', 'ADR', 'Recovered', '--id', 'ACME-ADR-007', '--root', root, '--json'], { env: TODAY });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.document_id).toBe('ACME-ADR-007');
    expect(JSON.parse(readFileSync(path.join(root, '.docket/claims/ACME-ADR-007.claim'), 'utf8')).pid).not.toBe(dead);
  });

  it('slugs hostile titles into safe kebab-case file names inside the type directory', async () => {
    const root = await initRepo();
    const titles: [string, string][] = [
      ['../../etc/passwd', 'etc-passwd'],
      ['..', 'untitled'],
      ['/', 'untitled'],
      ['CON', 'con'],
      ['nul.txt', 'nul-txt'],
      ['a/b\\c', 'a-b-c'],
      ['\u001b[31mred\u0007 alert', '31mred-alert'],
      ['Ünïcödé Çafé Straße Ærø Łódź', 'unicode-cafe-strasse-aero-lodz'],
      ['日本語のタイトル', 'ri-ben-yu-no-ta-i-to-ru'],
      ['Выбор базы данных', 'vybor-bazy-dannykh'],
      ['Επιλογή βάσης', 'epilogi-vasis'],
      ['选择数据库', 'xuan-ze-shu-ju-ku'],
      ['😀 Rocket 🚀 launch', 'rocket-launch'],
      ['.hidden', 'hidden'],
      ['$(rm -rf /) `id` <script>', 'rm-rf-id-script'],
      ["Don't panic & carry on", 'dont-panic-and-carry-on'],
      ['a\nb\rc\td', 'a-b-c-d'],
      ['safe\u202Egnp.exe\u202C name', 'safegnp-exe-name'],
      ['word '.repeat(39).trim(), `${'word-'.repeat(11)}word`],
    ];
    for (const [title, slug] of titles) {
      const r = await docket(['new', 'ADR', title, '--root', root, '--json'], { env: TODAY });
      expect(r.exitCode, `${JSON.stringify(title)}: ${r.stdout}`).toBe(0);
      const d = r.json!.data;
      expect(d.path, JSON.stringify(title)).toBe(`docs/45-adr/adr-${d.document_id.slice(-3)}-${slug}.md`);
      expect(path.resolve(root, d.path).startsWith(path.join(root, 'docs/45-adr') + path.sep)).toBe(true);
      expectGovernedDocument(root, d, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    }
    expect(existsSync(path.join(root, 'etc'))).toBe(false);
    expect(adrFiles(root)).toHaveLength(titles.length);
    const dash = await docket(['new', 'ADR', '--root', root, '--json', '--', '-leading dash-'], { env: TODAY });
    expect(dash.json!.data.path).toMatch(/-leading-dash\.md$/);
    const controls = await docket(['new', 'ADR', '\u0000\u0001\u001f', '--root', root, '--json']);
    expect(controls.json!.error.code).toBe('INVALID_TITLE');
  });

  it('refuses type directories and claim directories that are symbolic links out of the root', async () => {
    const root = await initRepo();
    const outside = tempDir();
    rmSync(path.join(root, 'docs/45-adr'), { recursive: true });
    symlinkSync(outside, path.join(root, 'docs/45-adr'));
    const r = await docket(['new', 'ADR', 'Escape', '--root', root, '--json']);
    expect(r.exitCode).toBe(77);
    expect(r.json!.error.code).toBe('PATH_OUTSIDE_ROOT');
    expect(readdirSync(outside)).toEqual([]);
    const other = await initRepo();
    symlinkSync(outside, path.join(other, '.docket'));
    const claims = await docket(['new', 'ADR', 'Escape', '--root', other, '--json']);
    expect(claims.exitCode).toBe(77);
    expect(claims.json!.error.code).toBe('SYMLINK_REFUSED');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a type directory docket does not govern (TARGET_NOT_GOVERNED)', async () => {
    const root = tempDir();
    writeTree(root, {
      'docops.config.yaml':
        'repo_prefix: ACME\nexcluded_paths:\n  - docs/45-adr\ndocument_types:\n  NOTE:\n    directory: 00-governance/templates\n',
    });
    await docket(['init', '--root', root]);
    for (const type of ['ADR', 'NOTE']) {
      const r = await docket(['new', type, 'Hidden', '--root', root, '--json']);
      expect(r.exitCode, type).toBe(65);
      expect(r.json!.error.code).toBe('TARGET_NOT_GOVERNED');
    }
  });
});
