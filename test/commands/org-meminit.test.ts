import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { ensureSchema } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { meminitInstalledProfile, snapshotDir, xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Repositories governed by the Python DocOps CLI (meminit), built from
// /work/shared/reference/python-docops-cli.md: §4.3 (namespaces: `meminit` at docs, `org` at
// docs/00-governance/org with `type_directories: {GOV: "."}`), §5.2 (its metadata schema) and
// §8.6 (org profiles: installed profiles, the lock, the org documents it vendors).

const SCHEMA = 'docs/00-governance/metadata.schema.json';
const MEMINIT_LOCK = '.meminit/org-profile.lock.json';
const THEIR_ORG_DOCS = ['docs/00-governance/org/org-gov-001-constitution.md', 'docs/00-governance/org/org-gov-002-metadata-schema.md'];

/** §4.3: the Python tool's own layout, its org documents (§8.6) already vendored under their names. */
function meminitRepo(): string {
  const root = tempDir();
  const orgDoc = (n: string, title: string) =>
    `---\ndocument_id: ORG-GOV-${n}\ntype: GOV\ntitle: ${title}\nstatus: Approved\nversion: "1.0"\nlast_updated: 2026-01-01\nowner: Org\ndocops_version: "2.0"\napprovers: Org Council\n---\n# ${title}\n`;
  writeTree(root, {
    'docops.config.yaml':
      'project_name: Meminit\nrepo_prefix: MEMINIT\ndocops_version: "2.0"\ndocs_root: docs\nschema_path: docs/00-governance/metadata.schema.json\nnamespaces:\n  - name: meminit\n    repo_prefix: MEMINIT\n    docs_root: docs\n  - name: org\n    repo_prefix: ORG\n    docs_root: docs/00-governance/org\n    type_directories:\n      GOV: "."\n',
    [THEIR_ORG_DOCS[0]!]: orgDoc('001', 'Constitution'),
    [THEIR_ORG_DOCS[1]!]: orgDoc('002', 'Metadata schema'),
    'docs/45-adr/adr-001-use-markdown.md':
      '---\ndocument_id: MEMINIT-ADR-001\ntype: ADR\ntitle: Use Markdown\nstatus: Approved\nversion: "1.0"\nlast_updated: 2026-01-01\nowner: Team\ndocops_version: "2.0"\n---\n# Use Markdown\n',
  });
  ensureSchema(root, SCHEMA);
  return root;
}

describe('org vendor: organisation documents whose IDs the repository already has (issue 37 item 4)', () => {
  it('the dry run finds the collision, names both files, and exits 73 as --apply does; --apply --force writes nothing', async () => {
    const env = xdgEnv();
    const root = meminitRepo();
    const before = snapshotDir(root);
    const dry = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(dry.exitCode).toBe(73);
    expectValidEnvelope(dry.json, 'org vendor');
    expect(dry.json!.error).toMatchObject({ code: 'VENDOR_ID_COLLISION' });
    expect(dry.json!.data).toMatchObject({ dry_run: true, applied: false, include_org_docs: true });
    expect(dry.json!.data.collisions).toEqual([
      {
        document_id: 'ORG-GOV-001',
        path: 'docs/00-governance/org/gov-001-documentation-constitution.md',
        existing_path: THEIR_ORG_DOCS[0],
      },
      { document_id: 'ORG-GOV-002', path: 'docs/00-governance/org/gov-002-ids-and-metadata.md', existing_path: THEIR_ORG_DOCS[1] },
    ]);
    expect(dry.json!.data.files.filter((f: any) => f.action === 'collision').map((f: any) => f.path)).toEqual(
      dry.json!.data.collisions.map((c: any) => c.path),
    );
    expect(dry.json!.violations.map((v: any) => [v.code, v.path, v.document_id])).toEqual([
      ['ID_UNIQUE', THEIR_ORG_DOCS[0], 'ORG-GOV-001'],
      ['ID_UNIQUE', THEIR_ORG_DOCS[1], 'ORG-GOV-002'],
    ]);
    expect(dry.json!.violations[0].message).toContain('docs/00-governance/org/gov-001-documentation-constitution.md');
    expect(dry.json!.violations[0].suggestion).toContain('--no-include-org-docs');
    const text = await docket(['org', 'vendor', '--root', root], { env });
    expect(text.exitCode).toBe(73);

    for (const args of [['--apply'], ['--apply', '--force'], ['--no-dry-run', '--force']]) {
      const r = await docket(['org', 'vendor', ...args, '--root', root, '--json'], { env });
      expect(r.exitCode, args.join(' ')).toBe(73);
      expect(r.json!.error.code).toBe('VENDOR_ID_COLLISION');
      expect(r.json!.data.applied).toBe(false);
      expect(snapshotDir(root)).toEqual(before);
    }
    // So check never sees four ID_UNIQUE.
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.json!.violations.filter((v: any) => v.code === 'ID_UNIQUE')).toEqual([]);
  });

  it('--no-include-org-docs (§8.6) vendors only the schema and templates: no collision, no namespace edit, check stays clean', async () => {
    const env = xdgEnv();
    const root = meminitRepo();
    const config = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');
    const dry = await docket(['org', 'vendor', '--no-include-org-docs', '--root', root, '--json'], { env });
    expect(dry.exitCode, dry.stdout).toBe(0);
    expect(dry.json!.data).toMatchObject({ include_org_docs: false, collisions: [], config_action: 'unchanged' });
    expect(dry.json!.data.files.map((f: any) => f.path)).toEqual([
      SCHEMA,
      'docs/00-governance/templates/adr.template.md',
      'docs/00-governance/templates/fdd.template.md',
      'docs/00-governance/templates/prd.template.md',
    ]);
    expect(dry.json!.advice[0].command).toContain('--no-include-org-docs --apply');
    const r = await docket(['org', 'vendor', '--no-include-org-docs', '--no-dry-run', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.applied).toBe(true);
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(config);
    expect(existsSync(path.join(root, 'docs/00-governance/org/gov-001-documentation-constitution.md'))).toBe(false);
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.json!.violations).toEqual([]);
    expect(check.exitCode).toBe(0);
  });

  it('the same ID at the same path is the same document: an update or a conflict, never a collision', async () => {
    const env = xdgEnv();
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    await docket(['org', 'vendor', '--apply', '--root', root], { env });
    const rel = 'docs/00-governance/org/gov-001-documentation-constitution.md';
    writeFileSync(path.join(root, rel), `${readFileSync(path.join(root, rel), 'utf8')}\nOur own note.\n`);
    const dry = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(dry.exitCode).toBe(0);
    expect(dry.json!.data.collisions).toEqual([]);
    expect(dry.json!.data.files.find((f: any) => f.path === rel).action).toBe('conflict');
    // A copy of it under another name is a collision.
    writeFileSync(path.join(root, 'docs/00-governance/org/copy-of-constitution.md'), readFileSync(path.join(root, rel)));
    const copied = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(copied.exitCode).toBe(73);
    expect(copied.json!.data.collisions).toEqual([
      { document_id: 'ORG-GOV-001', path: rel, existing_path: 'docs/00-governance/org/copy-of-constitution.md' },
    ]);
  });
});

describe("org install|vendor: the Python DocOps CLI's flags (issue 37 item 10, reference §1.4)", () => {
  it('--dry-run is the default, --no-dry-run writes as --apply does, --no-force is the default; --apply --dry-run conflict', async () => {
    const env = xdgEnv();
    const dry = await docket(['org', 'install', '--dry-run', '--no-force', '--json'], { env });
    expect(dry.json!.data).toMatchObject({ dry_run: true, installed: false });
    const wet = await docket(['org', 'install', '--no-dry-run', '--json'], { env });
    expect(wet.exitCode).toBe(0);
    expect(wet.json!.data).toMatchObject({ dry_run: false, installed: true });
    expect(existsSync(path.join(env.XDG_DATA_HOME, 'docket/profiles/default/profile.json'))).toBe(true);
    const both = await docket(['org', 'install', '--no-dry-run', '--apply', '--json'], { env });
    expect(both.json!.data).toMatchObject({ dry_run: false, already_installed: true });
    const clash = await docket(['org', 'vendor', '--apply', '--dry-run', '--root', tempDir(), '--json'], { env });
    expect(clash.exitCode).toBe(64);
    expect(clash.json!.error.code).toBe('FLAG_CONFLICT');
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const vendored = await docket(['org', 'vendor', '--no-dry-run', '--no-force', '--include-org-docs', '--root', root, '--json'], { env });
    expect(vendored.exitCode, vendored.stdout).toBe(0);
    expect(vendored.json!.data).toMatchObject({
      dry_run: false,
      applied: true,
      include_org_docs: true,
      config_action: 'add-org-namespace',
    });
    // The config docket's vendor writes passes doctor --strict (the org namespace uses document_types, not legacy type_directories).
    const doctor = await docket(['doctor', '--strict', '--root', root, '--json']);
    expect(doctor.exitCode, doctor.stdout).toBe(0);
  });

  it('capabilities and --help describe the negatable flags and their defaults', async () => {
    const caps = await docket(['capabilities', '--json']);
    const flags = (id: string) =>
      Object.fromEntries(caps.json!.data.commands.find((c: any) => c.id === id).flags.map((f: any) => [f.name, f]));
    for (const id of ['org install', 'org vendor']) {
      expect(flags(id)['dry-run']).toMatchObject({ type: 'boolean', allow_no: true });
      expect(flags(id).force).toMatchObject({ type: 'boolean', allow_no: true, default: false });
      expect(flags(id).apply).toMatchObject({ type: 'boolean' });
    }
    expect(flags('org vendor')['include-org-docs']).toMatchObject({ type: 'boolean', allow_no: true, default: true });
    expect(flags('org install')['include-org-docs']).toBeUndefined();
    const help = await docket(['org', 'vendor', '--help']);
    for (const flag of ['--[no-]dry-run', '--[no-]force', '--[no-]include-org-docs']) expect(help.stdout).toContain(flag);
  });
});

describe("the Python DocOps CLI's installed profile and lock (issue 37 item 13, reference §8.6)", () => {
  const lockOf = (profile: string, version: string, digest: string) =>
    `${JSON.stringify({ lock_schema_version: '1.0', profile_name: profile, profile_version: version, source: 'global', digest, vendored_at: '2026-01-01T00:00:00+00:00' }, null, 2)}\n`;

  it("org status reads that tool's profile under $XDG_DATA_HOME/meminit/org/profiles and its lock in .meminit/, and says which it used", async () => {
    const env = xdgEnv();
    const theirs = meminitInstalledProfile(env.XDG_DATA_HOME);
    const root = meminitRepo();
    writeTree(root, { [MEMINIT_LOCK]: lockOf('default', '0.1', theirs.digest) });
    const r = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'org status');
    expect(r.json!.data).toMatchObject({
      installed: { present: false },
      meminit_installed: {
        present: true,
        valid: true,
        version: '0.1',
        digest: `sha256:${theirs.digest}`,
        path: '$XDG_DATA_HOME/meminit/org/profiles/default',
      },
      lock: { present: true, valid: true, format: 'meminit', path: MEMINIT_LOCK, version: '0.1', digest: theirs.digest, source: 'global' },
      current: { source: 'meminit-installed', version: '0.1' },
      drift: [],
      up_to_date: true,
    });
    // (The config's legacy type_directories may still draw a config warning: not this item's concern.)
    expect(r.json!.warnings.filter((w: any) => w.code === 'PROFILE_DRIFT')).toEqual([]);
    // No advice to install docket's built-in profile: it would shadow the organisation's.
    expect(r.json!.advice).toEqual([]);
    const text = await docket(['org', 'status', '--root', root], { env });
    expect(text.stdout).toContain(".meminit/org-profile.lock.json (the Python DocOps CLI's lock)");

    // docket's own lock, when there is one, is the one read.
    const docketLock = {
      lock_version: 1,
      profile: 'default',
      version: '0.1',
      source: 'meminit-installed',
      digest: `sha256:${theirs.digest}`,
      files: {},
    };
    writeTree(root, { 'docs/00-governance/org-profile.lock.json': `${JSON.stringify(docketLock, null, 2)}\n` });
    const own = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(own.json!.data.lock).toMatchObject({
      format: 'docket',
      path: 'docs/00-governance/org-profile.lock.json',
      source: 'meminit-installed',
    });
    expect(own.json!.data.up_to_date).toBe(true);
  });

  it('org vendor uses that profile (org documents from org_docs/ under their own names: no collision) and keeps its lock where it is', async () => {
    const env = xdgEnv();
    const theirs = meminitInstalledProfile(env.XDG_DATA_HOME);
    const installedBefore = snapshotDir(theirs.dir);
    const root = meminitRepo();
    writeTree(root, {
      [MEMINIT_LOCK]: lockOf('default', '0.1', theirs.digest),
      [THEIR_ORG_DOCS[0]!]: theirs.files['org_docs/org-gov-001-constitution.md']!,
      [THEIR_ORG_DOCS[1]!]: theirs.files['org_docs/org-gov-002-metadata-schema.md']!,
    });
    const dry = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(dry.exitCode, dry.stdout).toBe(0);
    expect(dry.json!.data).toMatchObject({
      source: 'meminit-installed',
      version: '0.1',
      lock_format: 'meminit',
      lock_path: MEMINIT_LOCK,
      lock_action: 'unchanged',
      collisions: [],
      config_action: 'unchanged',
    });
    expect(dry.json!.data.files.filter((f: any) => f.path.includes('/org/'))).toEqual(
      THEIR_ORG_DOCS.map((p) => ({ path: p, action: 'unchanged' })),
    );
    expect(dry.json!.data.files.find((f: any) => f.path === SCHEMA).action).toBe('conflict');

    // A profile installed for docket is read first; vendoring rewrites that tool's lock in its own format.
    await docket(['org', 'install', '--apply'], { env });
    const r = await docket(['org', 'vendor', '--no-include-org-docs', '--apply', '--force', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({ source: 'installed', lock_format: 'meminit', lock_path: MEMINIT_LOCK, lock_action: 'update' });
    const lock = JSON.parse(readFileSync(path.join(root, MEMINIT_LOCK), 'utf8'));
    expect(Object.keys(lock)).toEqual(['lock_schema_version', 'profile_name', 'profile_version', 'source', 'digest', 'vendored_at']);
    expect(lock).toMatchObject({ lock_schema_version: '1.0', profile_name: 'default', profile_version: '1.1', source: 'installed' });
    // The digest keeps the spelling the lock had (bare hex here).
    expect(`sha256:${lock.digest}`).toBe(r.json!.data.digest);
    expect(Number.isNaN(Date.parse(lock.vendored_at))).toBe(false);
    expect(existsSync(path.join(root, 'docs/00-governance/org-profile.lock.json'))).toBe(false);
    // That tool's installed profile is read, never written.
    expect(snapshotDir(theirs.dir)).toEqual(installedBefore);
  });

  it("org install --from that tool's profile directory installs it for docket; vendor then puts its org documents under their own names", async () => {
    const env = xdgEnv();
    const theirs = meminitInstalledProfile(tempDir('meminit-profile-'));
    const installed = await docket(['org', 'install', '--from', theirs.dir, '--apply', '--json'], { env });
    expect(installed.exitCode, installed.stdout).toBe(0);
    expect(installed.json!.data).toMatchObject({ profile: 'default', version: '0.1', digest: `sha256:${theirs.digest}`, installed: true });
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const r = await docket(['org', 'vendor', '--apply', '--force', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({ source: 'installed', lock_format: 'docket', collisions: [] });
    expect(r.json!.data.files.filter((f: any) => f.path.includes('/org/')).map((f: any) => f.path)).toEqual(THEIR_ORG_DOCS);
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.json!.violations).toEqual([]);
  });

  it('without any lock docket writes its own and nothing under .meminit/; a broken profile of that tool is PROFILE_INVALID', async () => {
    const env = xdgEnv();
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    await docket(['org', 'vendor', '--apply', '--root', root], { env });
    expect(existsSync(path.join(root, 'docs/00-governance/org-profile.lock.json'))).toBe(true);
    expect(existsSync(path.join(root, '.meminit'))).toBe(false);
    const theirs = meminitInstalledProfile(env.XDG_DATA_HOME);
    writeFileSync(
      path.join(theirs.dir, 'profile.json'),
      '{"profile_name": "default", "profile_version": "0.1", "files": ["../../etc/passwd"]}\n',
    );
    const bad = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(bad.exitCode).toBe(65);
    expect(bad.json!.error).toMatchObject({ code: 'PROFILE_INVALID', details: { installed_by: 'meminit' } });
    expect(bad.json!.error.suggestion).toContain('docket org install --profile default --apply');
    const status = await docket(['org', 'status', '--root', root, '--json'], { env });
    expect(status.json!.data.meminit_installed).toMatchObject({ present: true, valid: false });
    // status names no current profile while vendor refuses, instead of the built-in one vendor would not use.
    expectValidEnvelope(status.json, 'org status');
    expect(status.json!.data.current).toEqual({ source: null, version: null, digest: null });
    expect(status.json!.warnings.map((w: any) => w.code)).toContain('PROFILE_INVALID');
  });
});
