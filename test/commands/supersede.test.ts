import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { docketUnprivileged, unprivilegedUnavailable } from '../helpers/unprivileged.js';

const TODAY = { DOCKET_TODAY: '2026-03-04' };
const OLD = 'docs/45-adr/adr-001-use-postgresql.md';

async function repoWithAdr(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  const first = await docket(['adr', 'new', 'Use PostgreSQL', '--root', root, '--owner', 'Platform', '--status', 'Approved', '--json'], {
    env: TODAY,
  });
  expect(first.json!.data.path).toBe(OLD);
  return root;
}

const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');
const adrFiles = (root: string) => readdirSync(path.join(root, 'docs/45-adr')).sort();
const claims = (root: string) =>
  existsSync(path.join(root, '.docket/claims')) ? readdirSync(path.join(root, '.docket/claims')).sort() : [];

/** The old text with only the lines superseding must change. */
function expectedOld(before: string, by: string, from = 'Approved'): string {
  return before
    .replace(`status: ${from}\n`, 'status: Superseded\n')
    .replace('\n---\n<!-- DOCKET_METADATA_BLOCK -->', `\nsuperseded_by: ${by}\n---\n<!-- DOCKET_METADATA_BLOCK -->`)
    .replace(`> **Status:** ${from}\n`, '> **Status:** Superseded\n');
}

describe('new --supersedes', () => {
  it('creates the new ADR and marks the old one Superseded in the same step; index and check agree', async () => {
    const root = await repoWithAdr();
    const before = read(root, OLD);
    const r = await docket(['adr', 'new', 'Replace PostgreSQL', '--supersedes', 'ACME-ADR-001', '--root', root, '--json'], { env: TODAY });
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'adr new');
    expect(r.json!.data).toMatchObject({ document_id: 'ACME-ADR-002', path: 'docs/45-adr/adr-002-replace-postgresql.md', created: true });
    expect(r.json!.data.supersedes).toMatchObject({
      document_id: 'ACME-ADR-001',
      path: OLD,
      previous_status: 'Approved',
      status: 'Superseded',
      superseded_by: 'ACME-ADR-002',
      updated: true,
    });
    expect(r.json!.data.supersedes.diff).toContain('-status: Approved\n+status: Superseded\n');
    // Only the status line, the added superseded_by line and the visible block's Status line changed.
    expect(read(root, OLD)).toBe(expectedOld(before, 'ACME-ADR-002'));
    expect(read(root, 'docs/45-adr/adr-002-replace-postgresql.md')).not.toContain('superseded_by');

    const check = await docket(['check', '--root', root, '--json']);
    expect(check.exitCode).toBe(0);
    expect(check.json!.warnings).toEqual([]);
    const index = await docket(['index', '--root', root, '--json']);
    expect(index.exitCode).toBe(0);
    expect(index.json!.warnings).toEqual([]);
    const artifact = JSON.parse(read(root, 'docs/01-indices/docket.index.json'));
    expect(artifact.edges).toEqual([{ source: 'ACME-ADR-002', target: 'ACME-ADR-001', type: 'supersedes', guaranteed: true }]);
    expect(artifact.nodes.find((n: any) => n.document_id === 'ACME-ADR-001')).toMatchObject({
      status: 'Superseded',
      superseded_by: 'ACME-ADR-002',
    });
  });

  it('text output names both files; a bare number means that ADR (adr-tools `-s 1`); `new TYPE` takes the flag too', async () => {
    const root = await repoWithAdr();
    const text = await docket(['adr', 'new', 'Replace PostgreSQL', '--supersedes', '1', '--root', root], { env: TODAY });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toContain('created docs/45-adr/adr-002-replace-postgresql.md');
    expect(text.stdout).toContain(`superseded ${OLD}`);
    expect(text.stdout).toContain('ACME-ADR-001  Approved -> Superseded, superseded_by ACME-ADR-002');
    const md = await docket(['new', 'adr', 'Use SQLite', '--supersedes', 'acme-adr-002', '--root', root, '--format', 'md'], { env: TODAY });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toContain('### Supersedes ACME-ADR-002');
    expect(read(root, 'docs/45-adr/adr-002-replace-postgresql.md')).toContain('superseded_by: ACME-ADR-003');
  });

  it('--dry-run writes nothing and shows the change to the old document', async () => {
    const root = await repoWithAdr();
    const before = read(root, OLD);
    const r = await docket(['adr', 'new', 'Replace PostgreSQL', '--supersedes', 'ACME-ADR-001', '--dry-run', '--root', root, '--json'], {
      env: TODAY,
    });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'adr new');
    expect(r.json!.data).toMatchObject({
      dry_run: true,
      would_create: true,
      supersedes: { updated: false, superseded_by: 'ACME-ADR-002' },
    });
    expect(r.json!.data.supersedes.diff).toContain('+superseded_by: ACME-ADR-002\n');
    expect(read(root, OLD)).toBe(before);
    expect(adrFiles(root)).toEqual(['.gitkeep', 'adr-001-use-postgresql.md']);
    const text = await docket(['adr', 'new', 'Replace PostgreSQL', '--supersedes', 'ACME-ADR-001', '--dry-run', '--root', root], {
      env: TODAY,
    });
    expect(text.stdout).toContain(`would supersede ${OLD}`);
    expect(text.stdout).toContain('+> **Status:** Superseded');
  });

  it('a repeated --id run is idempotent; a run that only created the new document completes the old one', async () => {
    const root = await repoWithAdr();
    const args = ['adr', 'new', 'Replace PostgreSQL', '--id', 'ACME-ADR-002', '--supersedes', 'ACME-ADR-001', '--root', root, '--json'];
    expect((await docket(args, { env: TODAY })).json!.data.supersedes.updated).toBe(true);
    const after = read(root, OLD);
    const again = await docket(args, { env: TODAY });
    expect(again.exitCode).toBe(0);
    expect(again.json!.data).toMatchObject({ created: false, supersedes: { updated: false, diff: '' } });
    expect(read(root, OLD)).toBe(after);
  });

  it('refuses an unknown ID, another type, a document already superseded and a flag conflict, writing nothing', async () => {
    const root = await repoWithAdr();
    await docket(['new', 'PRD', 'Invoices', '--root', root], { env: TODAY });
    await docket(['adr', 'new', 'Replace PostgreSQL', '--supersedes', 'ACME-ADR-001', '--root', root], { env: TODAY });
    const snapshot = () => [adrFiles(root), claims(root), read(root, OLD)];
    const before = snapshot();
    const cases: [string[], number, string, Record<string, unknown>][] = [
      [['--supersedes', 'ACME-ADR-009'], 66, 'ID_NOT_FOUND', { id: 'ACME-ADR-009' }],
      [['--supersedes', 'ACME-ADR-001'], 73, 'ALREADY_SUPERSEDED', { id: 'ACME-ADR-001', superseded_by: 'ACME-ADR-002', path: OLD }],
      [['--supersedes', 'ACME-PRD-001'], 64, 'SUPERSEDES_TYPE_MISMATCH', { id: 'ACME-PRD-001', type: 'PRD', expected_type: 'ADR' }],
      [['--supersedes', 'not-an-id'], 64, 'INVALID_ID', {}],
      [['--supersedes', 'ACME-ADR-002', '--superseded-by', 'ACME-ADR-001'], 64, 'FLAG_CONFLICT', {}],
      [['--supersedes', '2', '--id', 'ACME-ADR-002'], 64, 'FLAG_CONFLICT', { value: 'ACME-ADR-002' }],
    ];
    for (const [flags, exit, code, details] of cases) {
      const r = await docket(['adr', 'new', 'Third', ...flags, '--root', root, '--json'], { env: TODAY });
      expect(r.exitCode, flags.join(' ')).toBe(exit);
      expectValidEnvelope(r.json);
      expect(r.json!.error).toMatchObject({ code, details });
    }
    const unknown = await docket(['adr', 'new', 'Third', '--supersedes', 'ACME-ADR-003', '--root', root, '--json'], { env: TODAY });
    expect(unknown.json!.error.details.did_you_mean).toContain('ACME-ADR-002');
    const already = await docket(['adr', 'new', 'Third', '--supersedes', 'ACME-ADR-001', '--root', root]);
    expect(already.stderr).toContain('ACME-ADR-001 is already superseded by ACME-ADR-002');
    expect(snapshot()).toEqual(before);
  });

  it('an ID held by two files, or a status it cannot change in place: refused before anything is written', async () => {
    const root = await repoWithAdr();
    writeTree(root, {
      'docs/45-adr/adr-005-folded.md':
        '---\ndocument_id: ACME-ADR-005\ntype: ADR\ntitle: Folded\nstatus: >-\n  Approved\nversion: "0.1"\nlast_updated: 2026-01-01\nowner: x\ndocops_version: "2.0"\n---\n# Folded\n',
      'docs/45-adr/adr-006-twice.md':
        '---\ndocument_id: ACME-ADR-001\ntype: ADR\ntitle: Twice\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-01\nowner: x\ndocops_version: "2.0"\n---\n# Twice\n',
    });
    const before = [adrFiles(root), claims(root)];
    const folded = await docket(['adr', 'new', 'Third', '--supersedes', 'ACME-ADR-005', '--root', root, '--json'], { env: TODAY });
    expect(folded.exitCode).toBe(73);
    expect(folded.json!.error).toMatchObject({
      code: 'DOCUMENT_NOT_EDITABLE',
      details: { path: 'docs/45-adr/adr-005-folded.md', reason: 'layout' },
    });
    const twice = await docket(['adr', 'new', 'Third', '--supersedes', 'ACME-ADR-001', '--root', root, '--json'], { env: TODAY });
    expect(twice.exitCode).toBe(73);
    expect(twice.json!.error).toMatchObject({ code: 'DUPLICATE_ID', details: { paths: [OLD, 'docs/45-adr/adr-006-twice.md'] } });
    expect([adrFiles(root), claims(root)]).toEqual(before);
  });

  it('keeps CRLF line endings, quoting and comments of the old document; a Python-style block without a marker gets its Status line', async () => {
    const root = await repoWithAdr();
    const old = [
      '---',
      'document_id: ACME-ADR-007',
      'type: ADR',
      'title: "Old one"',
      'status: "Draft" # as agreed',
      'version: "0.1"',
      'last_updated: 2026-01-01',
      'owner: x',
      'docops_version: "2.0"',
      '---',
      '',
      '> **Document ID:** ACME-ADR-007',
      '> **Status:** Draft',
      '',
      '# Old one',
      '',
      '> **Status:** Draft is not the block',
      '',
    ].join('\r\n');
    writeTree(root, { 'docs/45-adr/adr-007-old-one.md': old });
    const r = await docket(['adr', 'new', 'New one', '--supersedes', '0007', '--root', root, '--json'], { env: TODAY });
    expect(r.exitCode, r.stdout).toBe(0);
    const want = old
      .replace('status: "Draft" # as agreed', 'status: Superseded # as agreed')
      .replace('docops_version: "2.0"\r\n---', 'docops_version: "2.0"\r\nsuperseded_by: ACME-ADR-008\r\n---')
      .replace('> **Status:** Draft\r\n\r\n# Old', '> **Status:** Superseded\r\n\r\n# Old');
    expect(read(root, 'docs/45-adr/adr-007-old-one.md')).toBe(want);
  });

  it('a document marked Superseded that names no successor gets only its superseded_by line', async () => {
    const root = await repoWithAdr();
    const file = path.join(root, OLD);
    writeFileSync(file, read(root, OLD).replace('status: Approved', 'status: Superseded'));
    const before = read(root, OLD);
    const r = await docket(['adr', 'new', 'Successor', '--supersedes', 'ACME-ADR-001', '--root', root, '--json'], { env: TODAY });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.supersedes).toMatchObject({ previous_status: 'Superseded', status: 'Superseded', updated: true });
    expect(read(root, OLD)).toBe(
      before
        .replace('\n---\n<!-- DOCKET_METADATA_BLOCK -->', '\nsuperseded_by: ACME-ADR-002\n---\n<!-- DOCKET_METADATA_BLOCK -->')
        .replace('> **Status:** Approved', '> **Status:** Superseded'),
    );
  });

  it.skipIf(unprivilegedUnavailable !== undefined)(
    `a read-only old document, or one its directory does not let docket replace: neither file is written (${unprivilegedUnavailable ?? 'as an unprivileged user'})`,
    async () => {
      const root = await repoWithAdr();
      const home = tempDir();
      // The unprivileged user owns nothing here: open the tree to it, then close the parts under test.
      const open = (dir: string) => {
        chmodSync(dir, 0o777);
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) open(p);
          else chmodSync(p, 0o666);
        }
      };
      mkdirSync(path.join(root, 'docs/45-adr/archive'));
      writeFileSync(path.join(root, 'docs/45-adr/archive/adr-009-archived.md'), read(root, OLD).replace(/ACME-ADR-001/g, 'ACME-ADR-009'));
      open(root);
      chmodSync(path.join(root, OLD), 0o444);
      const readOnly = await docketUnprivileged(
        ['adr', 'new', 'Replace', '--supersedes', 'ACME-ADR-001', '--root', root, '--format', 'json'],
        { home, env: TODAY },
      );
      expect(readOnly.exitCode, readOnly.stdout + readOnly.stderr).toBe(73);
      expect(readOnly.json!.error).toMatchObject({ code: 'DOCUMENT_NOT_EDITABLE', details: { reason: 'read-only', path: OLD } });
      // The file may be written, but its directory refuses the replacement: the new document is removed again.
      chmodSync(path.join(root, 'docs/45-adr/archive'), 0o555);
      const before = [adrFiles(root), claims(root)];
      const dir = await docketUnprivileged(['adr', 'new', 'Replace', '--supersedes', 'ACME-ADR-009', '--root', root, '--format', 'json'], {
        home,
        env: TODAY,
      });
      expect(dir.exitCode, dir.stdout + dir.stderr).toBe(73);
      expect(dir.json!.error.code).toBe('WRITE_FAILED');
      expect([adrFiles(root), claims(root)]).toEqual(before);
      chmodSync(path.join(root, 'docs/45-adr/archive'), 0o755);
    },
  );
});
