import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectGovernedDocument, frontmatterOf } from '../helpers/documents.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-04' };

async function initRepo(prefix = 'ACME'): Promise<string> {
  const root = tempDir();
  const r = await docket(['init', '--root', root, '--prefix', prefix]);
  expect(r.exitCode).toBe(0);
  return root;
}

function listAll(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

describe('new', () => {
  it('creates a governed ADR from the template with the next ID (json)', async () => {
    const root = await initRepo();
    const r = await docket(
      [
        'new',
        'ADR',
        'Use PostgreSQL for storage',
        '--root',
        root,
        '--json',
        '--owner',
        'Platform Team',
        '--keywords',
        'db',
        '--keywords',
        'storage,sql',
      ],
      { env: TODAY },
    );
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'new');
    const d = r.json!.data;
    expect(d).toMatchObject({
      document_id: 'ACME-ADR-001',
      path: 'docs/45-adr/adr-001-use-postgresql-for-storage.md',
      type: 'ADR',
      title: 'Use PostgreSQL for storage',
      status: 'Draft',
      owner: 'Platform Team',
      version: '0.1',
      last_updated: '2026-03-04',
      namespace: 'default',
      dry_run: false,
      created: true,
      template: { source: 'config', path: 'docs/00-governance/templates/adr.template.md' },
    });
    expect(d).not.toHaveProperty('rendered_content');
    const fm = expectGovernedDocument(root, d, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    expect(fm.keywords).toEqual(['db', 'storage', 'sql']);
    const text = readFileSync(path.join(root, d.path), 'utf8');
    expect(d.content_sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(text).toContain('version: "0.1"\nlast_updated: "2026-03-04"');
    expect(text).toContain('| 0.1 | 2026-03-04 | Platform Team | Initial draft |');
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_EDIT_DOCUMENT', 'NEXT_CHECK']);

    const second = await docket(['new', 'adr', 'Adopt an event bus', '--root', root, '--json'], { env: TODAY });
    expect(second.json!.data.document_id).toBe('ACME-ADR-002');
    expect(second.json!.data.owner).toBe('__TBD__');
    expectGovernedDocument(root, second.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
  });

  it('prints the path and next steps in text, and a table in markdown', async () => {
    const root = await initRepo();
    const text = await docket(['new', 'PRD', 'Invoices', '--root', root], { env: TODAY });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('created docs/10-prd/prd-001-invoices.md');
    expect(text.stdout).toContain('ACME-PRD-001');
    expect(text.stdout).toContain(`docket check --root ${root}`);
    const md = await docket(['new', 'FDD', 'Export to CSV', '--root', root, '--format', 'md'], { env: TODAY });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toContain('# docket new');
    expect(md.stdout).toContain('| docs/50-fdd/fdd-001-export-to-csv.md | FDD | Draft |');
  });

  it('--dry-run renders the content and writes nothing', async () => {
    const root = await initRepo();
    const before = listAll(root);
    const r = await docket(['new', 'ADR', 'Try it', '--root', root, '--dry-run', '--json'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'new');
    const d = r.json!.data;
    expect(d).toMatchObject({
      document_id: 'ACME-ADR-001',
      dry_run: true,
      created: false,
      would_create: true,
      path: 'docs/45-adr/adr-001-try-it.md',
    });
    expect(d.rendered_content).toMatch(/^---\ndocument_id: ACME-ADR-001\n/);
    expect(d.content_sha256).toBe(createHash('sha256').update(d.rendered_content).digest('hex'));
    expect(listAll(root)).toEqual(before);
    const text = await docket(['new', 'ADR', 'Try it', '--root', root, '--dry-run'], { env: TODAY });
    expect(text.stdout).toContain('would create docs/45-adr/adr-001-try-it.md');
    expect(text.stdout).toContain('# ACME-ADR-001: Try it');
    const md = await docket(['new', 'ADR', 'Try it', '--root', root, '--dry-run', '--format', 'md'], { env: TODAY });
    expect(md.stdout).toContain('### Rendered content\n\n```markdown\n---\n');
    expect(listAll(root)).toEqual(before);
  });

  it('resolves types case-insensitively; an unknown type is UNKNOWN_TYPE with the valid ones and a suggestion', async () => {
    const root = await initRepo();
    const ok = await docket(['new', 'RunBook', 'Restart the queue', '--root', root, '--json'], { env: TODAY });
    expect(ok.json!.data).toMatchObject({ type: 'RUNBOOK', document_id: 'ACME-RUNBOOK-001', template: { source: 'skeleton', path: null } });
    expectGovernedDocument(root, ok.json!.data, { prefix: 'ACME', typeDir: 'docs/60-runbooks' });
    expect(readFileSync(path.join(root, ok.json!.data.path), 'utf8')).toContain('## Rollback');
    const bad = await docket(['new', 'ADRR', 'x', '--root', root, '--json']);
    expect(bad.exitCode).toBe(64);
    expectValidEnvelope(bad.json);
    expect(bad.json!.error).toMatchObject({ code: 'UNKNOWN_TYPE', details: { did_you_mean: 'ADR' } });
    expect(bad.json!.error.details.valid_types).toContain('PRD');
    expect(bad.json!.error.suggestion).toContain('Did you mean ADR?');
  });

  it('--list-types lists the namespace types (json, text, md)', async () => {
    const repo = copyFixture('monorepo');
    const r = await docket(['new', '--list-types', '--root', repo, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'new');
    expect(r.json!.data.namespace).toBe('platform');
    expect(r.json!.data.types.find((t: any) => t.type === 'ADR')).toEqual({
      type: 'ADR',
      directory: 'docs/45-adr',
      id_pattern: 'PLAT-ADR-NNN',
      description: 'Architecture Decision Record',
    });
    const org = await docket(['new', '--list-types', '--namespace', 'ORG', '--root', repo, '--json']);
    expect(org.json!.data.types.find((t: any) => t.type === 'GOV')).toMatchObject({
      directory: 'docs/00-governance/org',
      id_pattern: 'ORG-GOV-NNN',
    });
    const text = await docket(['new', '--list-types', '--root', repo]);
    expect(text.stdout).toMatch(/ADR\s+docs\/45-adr\/\s+Architecture Decision Record/);
    const md = await docket(['new', '--list-types', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('| ADR | docs/45-adr | PLAT-ADR-NNN | Architecture Decision Record |');
  });

  it('creates in another namespace; an unknown namespace is UNKNOWN_NAMESPACE', async () => {
    const repo = copyFixture('monorepo');
    const r = await docket(['new', 'prd', 'Refunds', '--namespace', 'billing', '--root', repo, '--json'], { env: TODAY });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data).toMatchObject({
      document_id: 'BILL-PRD-002',
      path: 'services/billing/docs/10-prd/prd-002-refunds.md',
      namespace: 'billing',
      owner: 'Platform Team',
    });
    expectGovernedDocument(repo, r.json!.data, { prefix: 'BILL', typeDir: 'services/billing/docs/10-prd' });
    const gov = await docket(['new', 'GOV', 'Security policy', '--namespace', 'org', '--root', repo, '--json'], { env: TODAY });
    expect(gov.json!.data).toMatchObject({ document_id: 'ORG-GOV-002', path: 'docs/00-governance/org/gov-002-security-policy.md' });
    const bad = await docket(['new', 'ADR', 'x', '--namespace', 'biling', '--root', repo, '--json']);
    expect(bad.exitCode).toBe(64);
    expect(bad.json!.error).toMatchObject({
      code: 'UNKNOWN_NAMESPACE',
      details: { did_you_mean: 'billing', valid_namespaces: ['platform', 'org', 'billing'] },
    });
  });

  it('owner: --owner, then DOCKET_DEFAULT_OWNER, then default_owner, then __TBD__', async () => {
    const repo = copyFixture('monorepo');
    const flag = await docket(['new', 'ADR', 'One', '--root', repo, '--owner', 'Alice', '--json', '--dry-run'], {
      env: { DOCKET_DEFAULT_OWNER: 'Env Team' },
    });
    expect(flag.json!.data.owner).toBe('Alice');
    const env = await docket(['new', 'ADR', 'One', '--root', repo, '--json', '--dry-run'], { env: { DOCKET_DEFAULT_OWNER: 'Env Team' } });
    expect(env.json!.data.owner).toBe('Env Team');
    const config = await docket(['new', 'ADR', 'One', '--root', repo, '--json', '--dry-run']);
    expect(config.json!.data.owner).toBe('Platform Team');
    const none = await initRepo();
    const placeholder = await docket(['new', 'ADR', 'One', '--root', none, '--json', '--dry-run']);
    expect(placeholder.json!.data.owner).toBe('__TBD__');
    const empty = await docket(['new', 'ADR', 'One', '--root', none, '--json', '--owner', '  ']);
    expect(empty.json!.error.code).toBe('INVALID_FLAG_VALUE');
  });

  it('--status takes the schema statuses case-insensitively; others are INVALID_STATUS', async () => {
    const root = await initRepo();
    const ok = await docket(['new', 'ADR', 'Approved thing', '--root', root, '--status', 'in review', '--json'], { env: TODAY });
    expect(ok.json!.data.status).toBe('In Review');
    expectGovernedDocument(root, ok.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    const bad = await docket(['new', 'ADR', 'x', '--root', root, '--status', 'Aproved', '--json']);
    expect(bad.exitCode).toBe(64);
    expect(bad.json!.error).toMatchObject({
      code: 'INVALID_STATUS',
      details: { allowed: ['Draft', 'In Review', 'Approved', 'Superseded'], did_you_mean: 'Approved' },
    });
    const superseded = await docket(['new', 'ADR', 'Old', '--root', root, '--status', 'superseded', '--json'], { env: TODAY });
    expect(superseded.json!.warnings.map((w: any) => w.code)).toEqual(['SUPERSEDED_WITHOUT_SUCCESSOR']);
  });

  it('validates --related-ids and --superseded-by as IDs and warns about unknown ones', async () => {
    const root = await initRepo();
    await docket(['new', 'ADR', 'First', '--root', root], { env: TODAY });
    const r = await docket(
      [
        'new',
        'ADR',
        'Second',
        '--root',
        root,
        '--json',
        '--related-ids',
        'ACME-ADR-001,acme-prd-004',
        '--related-ids',
        'ACME-ADR-001',
        '--superseded-by',
        'ACME-ADR-009',
        '--area',
        'Storage',
        '--description',
        'Two\nlines',
      ],
      { env: TODAY },
    );
    expect(r.exitCode).toBe(0);
    const fm = expectGovernedDocument(root, r.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    expect(fm).toMatchObject({
      related_ids: ['ACME-ADR-001', 'ACME-PRD-004'],
      superseded_by: 'ACME-ADR-009',
      area: 'Storage',
      description: 'Two lines',
    });
    expect(r.json!.warnings.map((w: any) => [w.code, w.message])).toEqual([
      ['RELATED_ID_UNKNOWN', '--related-ids ACME-PRD-004 is not the ID of any document in the repository.'],
      ['RELATED_ID_UNKNOWN', '--superseded-by ACME-ADR-009 is not the ID of any document in the repository.'],
    ]);
    for (const args of [
      ['--related-ids', 'ACME-ADR-1'],
      ['--superseded-by', 'not an id'],
      ['--id', 'ACME-ADR-0001'],
    ]) {
      const bad = await docket(['new', 'ADR', 'x', '--root', root, '--json', ...args]);
      expect(bad.exitCode).toBe(64);
      expect(bad.json!.error).toMatchObject({ code: 'INVALID_ID', details: { flag: args[0] } });
    }
  });

  it('missing TYPE or TITLE is MISSING_ARGUMENT (64); an empty title is INVALID_TITLE', async () => {
    const root = await initRepo();
    const none = await docket(['new', '--root', root, '--json']);
    expect(none.exitCode).toBe(64);
    expect(none.json!.error).toMatchObject({ code: 'MISSING_ARGUMENT', details: { missing: ['TYPE'] } });
    const noTitle = await docket(['new', 'ADR', '--root', root, '--json']);
    expect(noTitle.json!.error).toMatchObject({ code: 'MISSING_ARGUMENT', details: { missing: ['TITLE'] } });
    const blank = await docket(['new', 'ADR', ' \t ', '--root', root, '--json']);
    expect(blank.json!.error.code).toBe('INVALID_TITLE');
    const long = await docket(['new', 'ADR', 'x'.repeat(201), '--root', root, '--json']);
    expect(long.json!.error.code).toBe('INVALID_TITLE');
    expect(existsSync(path.join(root, 'docs/45-adr/adr-001-x.md'))).toBe(false);
  });

  it('counts IDs of files whose other fields are broken, and file names without IDs', async () => {
    const root = await initRepo();
    writeTree(root, {
      'docs/45-adr/adr-004-broken.md': '---\ndocument_id: ACME-ADR-004\ntitle: [unclosed\n---\n# x\n',
      'docs/45-adr/notes.md': '---\ndocument_id: ACME-ADR-006\nstatus: 42\n---\n',
      'docs/45-adr/adr-007-no-frontmatter.md': '# just text\n',
      'docs/45-adr/WIP-adr-020-draft.md': '---\ndocument_id: ACME-ADR-020\n---\n',
    });
    const r = await docket(['new', 'ADR', 'Next', '--root', root, '--json'], { env: TODAY });
    expect(r.json!.data.document_id).toBe('ACME-ADR-008');
  });

  it('refuses a schema-invalid result before writing (GENERATED_METADATA_INVALID), and falls back to the built-in schema when missing', async () => {
    const root = await initRepo();
    const schemaFile = path.join(root, 'docs/00-governance/metadata.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.required.push('area');
    writeFileSync(schemaFile, JSON.stringify(schema));
    const r = await docket(['new', 'ADR', 'No area', '--root', root, '--json']);
    expect(r.exitCode).toBe(65);
    expect(r.json!.error).toMatchObject({
      code: 'GENERATED_METADATA_INVALID',
      details: { errors: [{ field: 'area', keyword: 'required' }] },
    });
    expect(readdirSync(path.join(root, 'docs/45-adr'))).toEqual(['.gitkeep']);
    expect(existsSync(path.join(root, '.docket/claims'))).toBe(false);
    const withArea = await docket(['new', 'ADR', 'With area', '--root', root, '--json', '--area', 'Core'], { env: TODAY });
    expect(withArea.json!.data.document_id).toBe('ACME-ADR-001');
    writeFileSync(schemaFile, '{ not json');
    const broken = await docket(['new', 'ADR', 'x', '--root', root, '--json']);
    expect(broken.exitCode).toBe(65);
    expect(broken.json!.error.code).toBe('METADATA_SCHEMA_UNUSABLE');
    rmSync(schemaFile);
    const missing = await docket(['new', 'ADR', 'Fallback', '--root', root, '--json'], { env: TODAY });
    expect(missing.exitCode).toBe(0);
    expect(missing.json!.warnings.map((w: any) => w.code)).toEqual(['SCHEMA_FALLBACK_BUILTIN']);
  });

  it('DOCKET_TODAY pins the date; an invalid value is INVALID_TODAY', async () => {
    const root = await initRepo();
    const r = await docket(['new', 'ADR', 'Dated', '--root', root, '--json', '--dry-run'], { env: { DOCKET_TODAY: '2024-02-29' } });
    expect(r.json!.data.last_updated).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2026-13-01', '01/02/2026']) {
      const e = await docket(['new', 'ADR', 'Dated', '--root', root, '--json', '--dry-run'], { env: { DOCKET_TODAY: bad } });
      expect(e.exitCode).toBe(64);
      expect(e.json!.error.code).toBe('INVALID_TODAY');
    }
  });

  it('--interactive is refused in JSON mode and without a terminal (exit 64)', async () => {
    const root = await initRepo();
    const json = await docket(['new', '--interactive', '--root', root, '--json']);
    expect(json.exitCode).toBe(64);
    expectValidEnvelope(json.json);
    expect(json.json!.error).toMatchObject({ code: 'INTERACTIVE_UNAVAILABLE', details: { reason: 'machine_format' } });
    const env = await docket(['new', 'ADR', 'x', '--interactive', '--root', root], { env: { DOCKET_FORMAT: 'json' } });
    expect(env.json!.error.code).toBe('INTERACTIVE_UNAVAILABLE');
    // Under vitest stdin is not a terminal.
    const text = await docket(['new', '--interactive', '--root', root]);
    expect(text.exitCode).toBe(64);
    expect(text.stderr).toContain('ERROR [INTERACTIVE_UNAVAILABLE]: --interactive needs a terminal');
    expect(readdirSync(path.join(root, 'docs/45-adr'))).toEqual(['.gitkeep']);
  });

  it('without a config: CONFIG_NOT_FOUND (66)', async () => {
    const r = await docket(['new', 'ADR', 'x', '--root', tempDir(), '--json']);
    expect(r.exitCode).toBe(66);
    expect(r.json!.error.code).toBe('CONFIG_NOT_FOUND');
  });

  it('frontmatter of the created document is read back exactly (quoting for YAML 1.1 readers)', async () => {
    const root = await initRepo();
    const r = await docket(['new', 'ADR', 'yes', '--root', root, '--json', '--keywords', 'on,0755,a: b,#tag', '--area', 'null'], {
      env: TODAY,
    });
    const fm = frontmatterOf(path.join(root, r.json!.data.path));
    expect(fm).toMatchObject({
      title: 'yes',
      keywords: ['on', '0755', 'a: b', '#tag'],
      area: 'null',
      version: '0.1',
      last_updated: '2026-03-04',
    });
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text).toContain('title: "yes"\n');
    expect(text).toContain('  - "on"\n  - "0755"\n');
  });
});
