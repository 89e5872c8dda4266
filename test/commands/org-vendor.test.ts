import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectGovernedDocument } from '../helpers/documents.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { customProfile, xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function initRepo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME', '--project-name', 'Acme']);
  return root;
}

const LOCK = 'docs/00-governance/org-profile.lock.json';
const ORG_DOCS = ['docs/00-governance/org/gov-001-documentation-constitution.md', 'docs/00-governance/org/gov-002-ids-and-metadata.md'];

describe('org vendor', () => {
  it('previews by default, then --apply vendors the built-in profile, adds the org namespace and a lock', async () => {
    const env = xdgEnv();
    const root = await initRepo();
    const configBefore = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');
    const dry = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(dry.exitCode).toBe(0);
    expectValidEnvelope(dry.json, 'org vendor');
    expect(dry.json!.data).toMatchObject({
      profile: 'default',
      source: 'builtin',
      dry_run: true,
      applied: false,
      config_action: 'add-org-namespace',
      lock_action: 'create',
      lock_path: LOCK,
    });
    expect(dry.json!.data.files).toEqual([
      { path: 'docs/00-governance/metadata.schema.json', action: 'unchanged' },
      { path: ORG_DOCS[0], action: 'create' },
      { path: ORG_DOCS[1], action: 'create' },
      { path: 'docs/00-governance/templates/adr.template.md', action: 'unchanged' },
      { path: 'docs/00-governance/templates/fdd.template.md', action: 'unchanged' },
      { path: 'docs/00-governance/templates/prd.template.md', action: 'unchanged' },
    ]);
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(configBefore);
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({ applied: true, dry_run: false });
    const config = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');
    expect(config.startsWith(configBefore)).toBe(true);
    expect(parse(config).namespaces).toEqual([
      { name: 'default', repo_prefix: 'ACME', docs_root: 'docs' },
      {
        name: 'org',
        repo_prefix: 'ORG',
        docs_root: 'docs/00-governance/org',
        document_types: { GOV: { directory: '.', description: 'Organisation governance document' } },
      },
    ]);
    const lock = JSON.parse(readFileSync(path.join(root, LOCK), 'utf8'));
    expect(lock).toMatchObject({ lock_version: 1, profile: 'default', version: '1.1', source: 'builtin', digest: r.json!.data.digest });
    expect(Object.keys(lock.files)).toEqual(r.json!.data.files.map((f: any) => f.path));
    for (const rel of ORG_DOCS) {
      const fm = expectGovernedDocument(
        root,
        {
          path: rel,
          document_id: `ORG-GOV-00${rel.includes('001') ? 1 : 2}`,
          type: 'GOV',
          title: rel.includes('001') ? 'Documentation constitution' : 'Document IDs and metadata',
        },
        { prefix: 'ORG', typeDir: 'docs/00-governance/org' },
      );
      expect(fm.owner).toBe('Organisation');
    }
    expect((await docket(['doctor', '--strict', '--root', root])).exitCode).toBe(0);
    const ctx = await docket(['context', '--deep', '--root', root, '--json']);
    expect(ctx.json!.data.documents.map((d: any) => d.document_id)).toEqual(['ORG-GOV-001', 'ORG-GOV-002']);
    // new still creates in the main namespace, and ORG documents in the org one.
    const adr = await docket(['new', 'ADR', 'After vendoring', '--root', root, '--json']);
    expect(adr.json!.data.document_id).toBe('ACME-ADR-001');
    const gov = await docket(['new', 'GOV', 'Travel policy', '--namespace', 'org', '--root', root, '--json']);
    expect(gov.json!.data).toMatchObject({ document_id: 'ORG-GOV-003', path: 'docs/00-governance/org/gov-003-travel-policy.md' });
    const again = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env });
    expect(again.json!.data.files.every((f: any) => f.action === 'unchanged')).toBe(true);
    expect(again.json!.data).toMatchObject({ config_action: 'unchanged', lock_action: 'unchanged' });
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(config);
  });

  it('a file edited in the repository is a conflict: --apply refuses (73) and writes nothing, --force replaces', async () => {
    const env = xdgEnv();
    const root = await initRepo();
    await docket(['org', 'vendor', '--apply', '--root', root], { env });
    const tpl = path.join(root, 'docs/00-governance/templates/adr.template.md');
    writeFileSync(tpl, 'our own ADR template\n');
    rmSync(path.join(root, ORG_DOCS[1]!));
    const dry = await docket(['org', 'vendor', '--root', root, '--json'], { env });
    expect(dry.json!.data.files.find((f: any) => f.path.endsWith('adr.template.md')).action).toBe('conflict');
    expect(dry.json!.data.files.find((f: any) => f.path === ORG_DOCS[1]).action).toBe('create');
    expect(dry.json!.warnings.map((w: any) => [w.code, w.path])).toEqual([
      ['PROFILE_DRIFT', 'docs/00-governance/templates/adr.template.md'],
    ]);
    expect(dry.json!.advice[0].command).toContain('--apply --force');
    const refused = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env });
    expect(refused.exitCode).toBe(73);
    expectValidEnvelope(refused.json);
    expect(refused.json!.error).toMatchObject({
      code: 'VENDOR_CONFLICT',
      details: { conflicts: ['docs/00-governance/templates/adr.template.md'] },
    });
    expect(readFileSync(tpl, 'utf8')).toBe('our own ADR template\n');
    expect(() => readFileSync(path.join(root, ORG_DOCS[1]!))).toThrow();
    const forced = await docket(['org', 'vendor', '--apply', '--force', '--root', root, '--json'], { env });
    expect(forced.exitCode).toBe(0);
    expect(forced.json!.data.files.find((f: any) => f.path.endsWith('adr.template.md')).action).toBe('replace');
    expect(readFileSync(tpl, 'utf8')).toContain('{{document_id}}');
  });

  it('vendors the installed profile; files still equal to the lock are updated without --force', async () => {
    const env = xdgEnv();
    const root = await initRepo();
    await docket(['org', 'vendor', '--apply', '--root', root], { env });
    const newer = customProfile(
      { version: '1.1' },
      { 'templates/adr.template.md': '<!-- DOCKET_METADATA_BLOCK -->\n\n# {{document_id}}: {{title}}\n\n## Context (v1.1)\n' },
    );
    await docket(['org', 'install', '--from', newer, '--apply'], { env });
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({ source: 'installed', version: '1.1', lock_action: 'update' });
    expect(r.json!.data.files.find((f: any) => f.path.endsWith('adr.template.md')).action).toBe('update');
    const made = await docket(['new', 'ADR', 'Uses v1.1', '--root', root, '--json', '--dry-run']);
    expect(made.json!.data.rendered_content).toContain('## Context (v1.1)');
  });

  it('keeps an existing org namespace; refuses a prefix clash; text output', async () => {
    const env = xdgEnv();
    const mono = copyFixture('monorepo');
    const r = await docket(['org', 'vendor', '--root', mono, '--json'], { env });
    expect(r.json!.data.config_action).toBe('unchanged');
    const text = await docket(['org', 'vendor', '--root', mono], { env });
    expect(text.stdout).toContain('dry run: default 1.1 (builtin)');
    expect(text.stdout).toContain('create  docs/00-governance/org/gov-002-ids-and-metadata.md');
    const clash = tempDir();
    writeTree(clash, { 'docops.config.yaml': 'repo_prefix: ORG\n' });
    const bad = await docket(['org', 'vendor', '--root', clash, '--json'], { env });
    expect(bad.exitCode).toBe(73);
    expect(bad.json!.error).toMatchObject({ code: 'VENDOR_CONFLICT', details: { prefix: 'ORG' } });
  });

  it('md: a heading, the summary, a table of files with cells escaped; a conflict exits 73 as in json', async () => {
    const env = xdgEnv();
    const root = await initRepo();
    // A docs root whose name holds a pipe and angle brackets: every cell that shows it is escaped.
    renameSync(path.join(root, 'docs'), path.join(root, 'team|<docs>'));
    const config = path.join(root, 'docops.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('docs_root: docs\n', 'docs_root: "team|<docs>"\n'));
    const md = await docket(['org', 'vendor', '--root', root, '--format', 'md'], { env });
    expect(md.exitCode).toBe(0);
    expect(md.stdout.startsWith('# docket org vendor\n\n- **Success:** yes\n- **Status:** ok\n')).toBe(true);
    expect(md.stdout).toContain('- **dry_run:** true\n');
    expect(md.stdout).toContain('- **lock_path:** team\\|&lt;docs&gt;/00-governance/org-profile.lock.json\n');
    expect(md.stdout).toContain('### files\n\n| action | path |\n| --- | --- |\n');
    expect(md.stdout).toContain('| create | team\\|&lt;docs&gt;/00-governance/org/gov-001-documentation-constitution.md |\n');
    expect(md.stdout).toContain('## Next steps\n');

    const plain = await initRepo();
    await docket(['org', 'vendor', '--apply', '--root', plain], { env });
    writeFileSync(path.join(plain, 'docs/00-governance/templates/adr.template.md'), 'ours\n');
    const conflict = await docket(['org', 'vendor', '--apply', '--root', plain, '--format', 'md'], { env });
    expect(conflict.exitCode).toBe(73);
    expect(conflict.stdout).toContain('## Error\n\n- **Code:** `VENDOR_CONFLICT`');
  });

  it('a config without schema_path: the org namespace uses the vendored schema, so check passes right after', async () => {
    // Without a top-level schema_path each namespace defaults to <its docs root>/00-governance/,
    // which for the org namespace is a schema that does not exist.
    const env = xdgEnv();
    const root = tempDir();
    writeTree(root, { 'docops.config.yaml': 'repo_prefix: ACME\n', 'docs/.gitkeep': '' });
    const r = await docket(['org', 'vendor', '--apply', '--root', root, '--json'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    const ctx = await docket(['context', '--root', root, '--json']);
    const org = ctx.json!.data.namespaces.find((ns: any) => ns.name === 'org');
    expect(org.schema_path).toBe('docs/00-governance/metadata.schema.json');
    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.json!.violations).toEqual([]);
    expect(check.exitCode).toBe(0);
  });

  it('needs a repository (CONFIG_NOT_FOUND)', async () => {
    const r = await docket(['org', 'vendor', '--root', tempDir(), '--json'], { env: xdgEnv() });
    expect(r.exitCode).toBe(66);
    expect(r.json!.error.code).toBe('CONFIG_NOT_FOUND');
  });
});
