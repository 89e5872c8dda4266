import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { itemsOf, parseStream } from '../helpers/ndjson.js';
import { expectValidAgainst, expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-01-05' };

/** A repository that does not follow the rules yet. */
function legacy(root = tempDir()): string {
  return writeTree(root, {
    'README.md': '# Product\n',
    'docs/adrs/0001-use-postgres.md': '# Use Postgres\n\nWe use it.\n',
    'docs/adrs/0002-event-bus.md': '# Event bus\n\nSee [pg](0001-use-postgres.md).\n',
    'docs/adrs/0003-Cache_Layer.md': '# Cache layer\n',
    'docs/runbooks/Deploy.md': '# Deploy\r\n\r\nSteps.\r\n',
    'docs/misc/notes.md': '# Notes\n',
    'docs/specs/spec-with-fm.md': '---\ntitle: Has frontmatter\n---\n# Spec\n',
    'packages/web/docs/intro.md': '# Web\n',
    'services/api/docs/overview.md': '# API\n',
    '.github/pull_request_template.md': '# PR\n',
    'node_modules/x/readme.md': '# dep\n',
  });
}

async function initialised(): Promise<string> {
  const root = tempDir();
  const r = await docket(['init', '--root', root, '--prefix', 'ACME', '--json']);
  expect(r.exitCode).toBe(0);
  return legacy(root);
}

describe('scan', () => {
  it('surveys a repository without a config, assuming the defaults init writes', async () => {
    const root = legacy();
    const r = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'scan');
    const d = r.json!.data;
    expect(d.config).toBe('defaults');
    expect(d.markdown_files).toBe(9); // .github and node_modules are not surveyed
    expect(d.files.map((f: any) => f.path)).not.toContain('.github/pull_request_template.md');
    expect(d.governed).toBe(6);
    expect(d.without_frontmatter).toBe(8);
    expect(d.directories.find((x: any) => x.path === 'docs/adrs')).toEqual({
      path: 'docs/adrs',
      markdown_files: 3,
      without_frontmatter: 3,
      governed: 3,
    });
    expect(d.suggested_types).toEqual([
      { directory: 'docs/adrs', type: 'ADR', target_directory: 'docs/45-adr' },
      { directory: 'docs/runbooks', type: 'RUNBOOK', target_directory: 'docs/60-runbooks' },
      { directory: 'docs/specs', type: 'SPEC', target_directory: 'docs/20-specs' },
    ]);
    // The docs tree governed now comes with them: a config listing only the suggestions would drop it.
    expect(d.suggested_namespaces.map((n: any) => [n.name, n.docs_root, n.repo_prefix])).toEqual([
      ['default', 'docs', expect.stringMatching(/^[A-Z]{3,10}$/)],
      ['web', 'packages/web/docs', 'WEB'],
      ['api', 'services/api/docs', 'API'],
    ]);
    expect(d.files.find((f: any) => f.path === 'docs/specs/spec-with-fm.md')).toEqual({
      path: 'docs/specs/spec-with-fm.md',
      governed: true,
      frontmatter: 'ok',
      document_id: null,
      suggested_type: 'SPEC',
    });
    // Without a config there is nowhere to exclude a file no type can be suggested for: a person decides.
    expect(d.plan).toMatchObject({ path: null, written: false, unplanned: ['docs/misc/notes.md'] });
    expect(d.actions.map((a: any) => a.action)).not.toContain('exclude');
    // Linked files move too: fix --plan rewrites their links.
    expect(d.plan.kept).toEqual([]);
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_INIT', 'NEXT_SCAN_APPLY']);
    expect(existsSync(path.join(root, '.docket'))).toBe(false); // read-only
  });

  it('plans moves into type directories, the file-name convention, and frontmatter, each with the source SHA-256', async () => {
    const root = await initialised();
    const r = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    const actions = r.json!.data.actions;
    expect(actions.map((a: any) => [a.action, a.path, a.to ?? (a.frontmatter ?? a.fields)?.document_id])).toEqual([
      ['move', 'docs/adrs/0001-use-postgres.md', 'docs/45-adr/adr-001-use-postgres.md'],
      ['add_frontmatter', 'docs/45-adr/adr-001-use-postgres.md', 'ACME-ADR-001'],
      ['move', 'docs/adrs/0002-event-bus.md', 'docs/45-adr/adr-002-event-bus.md'],
      ['add_frontmatter', 'docs/45-adr/adr-002-event-bus.md', 'ACME-ADR-002'],
      ['move', 'docs/adrs/0003-Cache_Layer.md', 'docs/45-adr/adr-003-cache-layer.md'],
      ['add_frontmatter', 'docs/45-adr/adr-003-cache-layer.md', 'ACME-ADR-003'],
      ['move', 'docs/runbooks/Deploy.md', 'docs/60-runbooks/runbook-001-deploy.md'],
      ['add_frontmatter', 'docs/60-runbooks/runbook-001-deploy.md', 'ACME-RUNBOOK-001'],
      ['move', 'docs/specs/spec-with-fm.md', 'docs/20-specs/spec-001-with-fm.md'],
      ['add_fields', 'docs/20-specs/spec-001-with-fm.md', 'ACME-SPEC-001'],
      ['exclude', 'docops.config.yaml', undefined],
    ]);
    // A block that has some fields gets the missing ones, with the values fix writes; title stays.
    expect(actions[9].fields).toEqual({
      document_id: 'ACME-SPEC-001',
      type: 'SPEC',
      status: 'Draft',
      version: '0.1',
      last_updated: '2026-01-05',
      owner: '__TBD__',
      docops_version: '2.0',
    });
    // No type can be suggested for docs/misc/notes.md: it is excluded (in the config), not guessed.
    expect(actions[10]).toMatchObject({ files: ['docs/misc/notes.md'], source_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(r.json!.data.plan.unplanned).toEqual([]);
    expect(actions[1].frontmatter).toEqual({
      document_id: 'ACME-ADR-001',
      type: 'ADR',
      title: 'Use Postgres',
      status: 'Draft',
      version: '0.1',
      last_updated: '2026-01-05',
      owner: '__TBD__',
      docops_version: '2.0',
    });
    expect(actions[4].source_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(actions[5].source_sha256).toBe(actions[4].source_sha256);
  });

  it('--plan writes the plan inside the root, replaces only a docket plan, refuses paths outside (77)', async () => {
    const root = await initialised();
    const r = await docket(['scan', '--root', root, '--plan', '.docket/plan.json', '--json'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.plan).toMatchObject({ path: '.docket/plan.json', written: true, actions: 11 });
    const plan = JSON.parse(readFileSync(path.join(root, '.docket/plan.json'), 'utf8'));
    expect(plan).toMatchObject({ kind: 'docket-scan-plan', plan_version: '1.2', config: 'found' });
    expectValidAgainst('scan-plan.schema.json', plan);
    expect(plan.actions).toEqual(r.json!.data.actions);
    expect(r.json!.advice[0]).toMatchObject({ code: 'NEXT_SCAN_APPLY', command: `docket fix --plan .docket/plan.json --root ${root}` });
    expect((await docket(['scan', '--root', root, '--plan', '.docket/plan.json', '--json'])).exitCode).toBe(0);
    const other = await docket(['scan', '--root', root, '--plan', 'README.md', '--json']);
    expect(other.exitCode).toBe(73);
    expect(other.json!.error.code).toBe('PLAN_TARGET_EXISTS');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe('# Product\n');
    expect((await docket(['scan', '--root', root, '--plan', '/tmp/plan.json', '--json'])).exitCode).toBe(77);
  });

  it('renders text and markdown', async () => {
    const root = legacy();
    const text = await docket(['scan', '--root', root]);
    expect(text.stdout).toContain('9 Markdown files, 6 would be governed');
    expect(text.stdout).toContain('docs/adrs → docs/45-adr');
    expect(text.stdout).toContain('Plan: ');
    const md = await docket(['scan', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain('### Suggested type directories');
  });

  it('--format ndjson streams a file item per file, then the actions, then the summary', async () => {
    const root = await initialised();
    const r = await docket(['scan', '--root', root, '--format', 'ndjson'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    const records = parseStream(r.stdout, 'scan');
    const json = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    expect(itemsOf(records, 'file')).toEqual(json.json!.data.files);
    expect(itemsOf(records, 'action')).toEqual(json.json!.data.actions);
    const summary = records[records.length - 1]!;
    expect(summary.data).not.toHaveProperty('files');
    expect(summary.data.plan).toEqual(json.json!.data.plan);
  });
});

describe('fix --plan', () => {
  it('previews by default, applies with --apply, and the repository then checks clean (round trip)', async () => {
    const root = await initialised();
    await docket(['scan', '--root', root, '--plan', 'plan.json'], { env: TODAY });
    const preview = await docket(['fix', '--plan', 'plan.json', '--root', root, '--json']);
    expectValidEnvelope(preview.json, 'fix');
    expect(preview.json!.data).toMatchObject({ dry_run: true, fixed: 14, plan: { path: 'plan.json', applied: 0, refused: 0 } });
    expect(preview.json!.data.plan.actions.every((a: any) => a.outcome === 'would_apply')).toBe(true);
    expect(
      preview.json!.data.changes.find((c: any) => c.action === 'add_frontmatter' && c.path === 'docs/45-adr/adr-003-cache-layer.md').diff,
    ).toContain('+document_id: ACME-ADR-003');
    expect(preview.json!.data.changes.find((c: any) => c.action === 'exclude').diff).toContain('+  - docs/misc/notes.md');
    expect(existsSync(path.join(root, 'docs/45-adr/adr-003-cache-layer.md'))).toBe(false);
    expect(readFileSync(path.join(root, 'docs/adrs/0001-use-postgres.md'), 'utf8')).toBe('# Use Postgres\n\nWe use it.\n');
    const config = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');

    const applied = await docket(['fix', '--plan', 'plan.json', '--apply', '--root', root, '--json']);
    expectValidEnvelope(applied.json, 'fix');
    expect(applied.json!.data).toMatchObject({ dry_run: false, fixed: 14, remaining: 0, plan: { applied: 11, refused: 0 } });
    expect(applied.exitCode).toBe(0);
    expect(readFileSync(path.join(root, 'docs/60-runbooks/runbook-001-deploy.md'), 'utf8')).toBe(
      '---\r\ndocument_id: ACME-RUNBOOK-001\r\ntype: RUNBOOK\r\ntitle: Deploy\r\nstatus: Draft\r\nversion: "0.1"\r\nlast_updated: "2026-01-05"\r\nowner: __TBD__\r\ndocops_version: "2.0"\r\n---\r\n# Deploy\r\n\r\nSteps.\r\n',
    );
    // The existing block keeps its lines; the missing fields are added before the closing fence.
    expect(readFileSync(path.join(root, 'docs/20-specs/spec-001-with-fm.md'), 'utf8')).toBe(
      '---\ntitle: Has frontmatter\ndocument_id: ACME-SPEC-001\ntype: SPEC\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-05"\nowner: __TBD__\ndocops_version: "2.0"\n---\n# Spec\n',
    );
    // The config gains only the exclusion: every other byte stays.
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toBe(
      config.replace('excluded_files: []\n', 'excluded_files:\n  - docs/misc/notes.md\n'),
    );
    expect(readFileSync(path.join(root, 'docs/misc/notes.md'), 'utf8')).toBe('# Notes\n');
    expect(existsSync(path.join(root, 'docs/runbooks/Deploy.md'))).toBe(false);
    expect(existsSync(path.join(root, '.docket/claims/ACME-ADR-003.claim'))).toBe(true);
    expect(existsSync(path.join(root, '.docket/claims/ACME-SPEC-001.claim'))).toBe(true);

    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.json!.violations).toEqual([]);
    expect(check.exitCode).toBe(0);
    // No warning: the linked ADRs moved too, and the link between them (0002 -> 0001) was rewritten.
    expect(check.json!.warnings).toEqual([]);
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-002-event-bus.md'), 'utf8')).toContain(
      '\n# Event bus\n\nSee [pg](adr-001-use-postgres.md).\n',
    );
    expect((await docket(['resolve', 'ACME-ADR-003', '--root', root, '--json'])).json!.data.path).toBe(
      'docs/45-adr/adr-003-cache-layer.md',
    );

    // A second scan plans nothing.
    const second = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(second.json, 'scan');
    expect(second.json!.data.actions).toEqual([]);
    expect(second.json!.data.plan).toMatchObject({ actions: 0, unplanned: [], kept: [] });

    // Applying the same plan again changes nothing: every source has changed or moved.
    const again = await docket(['fix', '--plan', 'plan.json', '--apply', '--root', root, '--json']);
    expect(again.json!.data.plan).toMatchObject({ applied: 0, refused: 11 });
    expect(again.json!.warnings.filter((w: any) => w.code === 'PLAN_ACTION_REFUSED')).toHaveLength(11);
  });

  it('refuses actions whose source changed since the plan and never overwrites a target', async () => {
    const root = await initialised();
    await docket(['scan', '--root', root, '--plan', 'plan.json'], { env: TODAY });
    writeFileSync(path.join(root, 'docs/adrs/0001-use-postgres.md'), '# Use Postgres\n\nEdited since.\n');
    writeTree(root, { 'docs/60-runbooks/runbook-001-deploy.md': '# Someone else\n' });
    const r = await docket(['fix', '--plan', 'plan.json', '--apply', '--root', root, '--json']);
    const outcome = (p: string) =>
      r.json!.data.plan.actions.filter((a: any) => a.path === p).map((a: any) => [a.action, a.outcome, a.reason]);
    expect(outcome('docs/adrs/0001-use-postgres.md')).toEqual([['move', 'refused', 'source_changed']]);
    expect(outcome('docs/45-adr/adr-001-use-postgres.md')).toEqual([['add_frontmatter', 'refused', 'source_missing']]);
    expect(outcome('docs/runbooks/Deploy.md')).toEqual([['move', 'refused', 'target_exists']]);
    expect(outcome('docs/60-runbooks/runbook-001-deploy.md')).toEqual([['add_frontmatter', 'refused', 'source_changed']]);
    expect(outcome('docs/45-adr/adr-003-cache-layer.md')).toEqual([['add_frontmatter', 'applied', undefined]]);
    expect(readFileSync(path.join(root, 'docs/60-runbooks/runbook-001-deploy.md'), 'utf8')).toBe('# Someone else\n');
    expect(readFileSync(path.join(root, 'docs/adrs/0001-use-postgres.md'), 'utf8')).toBe('# Use Postgres\n\nEdited since.\n');
    expect(r.json!.violations.length).toBeGreaterThan(0); // the check of what remains
    expect(r.exitCode).toBe(1);
  });

  it('rejects files that are not plans (65), missing plans (66) and plans with paths outside the root (77)', async () => {
    const root = await initialised();
    writeTree(root, {
      'bad.json': '{"kind":"docket-scan-plan","plan_version":"1.0","actions":[{"action":"delete","path":"x.md","source_sha256":"0"}]}',
      'evil.json': JSON.stringify({
        kind: 'docket-scan-plan',
        plan_version: '1.0',
        actions: [{ action: 'move', path: 'docs/a.md', to: '../../etc/x.md', source_sha256: 'a'.repeat(64) }],
      }),
    });
    const bad = await docket(['fix', '--plan', 'bad.json', '--root', root, '--json']);
    expect(bad.exitCode).toBe(65);
    expect(bad.json!.error.code).toBe('PLAN_INVALID');
    expect(bad.json!.error.details.problems.length).toBeGreaterThan(0);
    expect((await docket(['fix', '--plan', 'README.md', '--root', root, '--json'])).json!.error.code).toBe('PLAN_INVALID');
    expect((await docket(['fix', '--plan', 'nope.json', '--root', root, '--json'])).exitCode).toBe(66);
    expect((await docket(['fix', '--plan', 'evil.json', '--root', root, '--json'])).exitCode).toBe(77);
    expect((await docket(['fix', '--plan', 'bad.json', '--namespace', 'x', '--root', root, '--json'])).exitCode).toBe(64);
  });

  it('renders the plan outcome in text', async () => {
    const root = await initialised();
    await docket(['scan', '--root', root, '--plan', 'plan.json'], { env: TODAY });
    const text = await docket(['fix', '--plan', 'plan.json', '--root', root]);
    expect(text.stdout).toContain('Plan plan.json: 11 actions, 11 would apply, 0 refused; nothing was written.');
  });
});

describe('scan: files that already have frontmatter', () => {
  const FULL = (id: string, type: string, title: string) =>
    `---\ndocument_id: ${id}\ntype: ${type}\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-01"\nowner: ops\ndocops_version: "2.0"\n---\n# ${title}\n`;

  async function governedSoFar(): Promise<string> {
    const root = tempDir();
    expect((await docket(['init', '--root', root, '--prefix', 'ACME', '--json'])).exitCode).toBe(0);
    return writeTree(root, {
      'docs/decisions/choose-queue.md': '---\ndocument_id: ACME-ADR-007\ntype: ADR\ntitle: Choose a queue\n---\n# Choose a queue\n',
      'docs/decisions/wrong-id.md': '---\ndocument_id: ACME-SPEC-004\ntype: ADR\n---\n# Wrong ID\n',
      'docs/45-adr/adr-002-in-place.md': FULL('ACME-ADR-002', 'ADR', 'In place'),
      'docs/45-adr/partial.md':
        '---\r\n# kept comment\r\ndocument_id: ACME-ADR-003\r\ntitle: Partial\r\nowner: # to be decided\r\n---\r\nBody.\r\n',
      'docs/specs/linked.md': '---\ntitle: Linked\n---\n# Linked\n',
      'docs/specs/linker.md': '# Linker\n\nSee [linked](linked.md).\n',
      'docs/specs/whitepaper.md': '---\ntype: whitepaper\ntitle: White paper\n---\n',
      'docs/specs/broken.md': '---\ntitle: [unclosed\n---\n',
      'docs/misc/typed.md': '---\ntype: RUNBOOK\n---\n# Restart the queue\n',
    });
  }

  it('moves into the type directory keeping a matching ID number, allocates otherwise, adds only missing fields', async () => {
    const root = await governedSoFar();
    const r = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(r.json, 'scan');
    const actions = r.json!.data.actions;
    expect(
      actions.map((a: any) => [
        a.action,
        a.path,
        a.to ??
          Object.keys(a.fields ?? a.frontmatter ?? {})
            .sort()
            .join(','),
      ]),
    ).toEqual([
      ['add_fields', 'docs/45-adr/partial.md', 'docops_version,last_updated,owner,status,type,version'],
      ['move', 'docs/decisions/choose-queue.md', 'docs/45-adr/adr-007-choose-queue.md'],
      ['add_fields', 'docs/45-adr/adr-007-choose-queue.md', 'docops_version,last_updated,owner,status,version'],
      // ACME-SPEC-004 names another type: the file name gets a new number, the ID is left to a person.
      ['move', 'docs/decisions/wrong-id.md', 'docs/45-adr/adr-008-wrong-id.md'],
      ['add_fields', 'docs/45-adr/adr-008-wrong-id.md', 'docops_version,last_updated,owner,status,title,version'],
      // The type field decides, wherever the file is.
      ['move', 'docs/misc/typed.md', 'docs/60-runbooks/runbook-001-typed.md'],
      ['add_fields', 'docs/60-runbooks/runbook-001-typed.md', 'docops_version,document_id,last_updated,owner,status,title,version'],
      // Linked (and linking) files move too: fix --plan rewrites the link between them.
      ['move', 'docs/specs/linked.md', 'docs/20-specs/spec-005-linked.md'],
      ['add_fields', 'docs/20-specs/spec-005-linked.md', 'docops_version,document_id,last_updated,owner,status,type,version'],
      ['move', 'docs/specs/linker.md', 'docs/20-specs/spec-006-linker.md'],
      ['add_frontmatter', 'docs/20-specs/spec-006-linker.md', 'docops_version,document_id,last_updated,owner,status,title,type,version'],
    ]);
    expect(actions[6].fields).toMatchObject({ document_id: 'ACME-RUNBOOK-001', title: 'Restart the queue' });
    // ACME-SPEC-004 is in use (by wrong-id.md): new SPEC IDs come after it.
    expect(actions[8].fields).toMatchObject({ document_id: 'ACME-SPEC-005', type: 'SPEC' });
    expect(actions[10].frontmatter.document_id).toBe('ACME-SPEC-006');
    expect(r.json!.data.plan.kept).toEqual([]);
    // A type docket does not know, and YAML it cannot read, need a person.
    expect(r.json!.data.plan.unplanned).toEqual(['docs/specs/broken.md', 'docs/specs/whitepaper.md']);
  });

  it('fix --plan adds fields as fix does: other lines, comments, line endings stay byte for byte', async () => {
    const root = await governedSoFar();
    await docket(['scan', '--root', root, '--plan', 'plan.json'], { env: TODAY });
    const r = await docket(['fix', '--plan', 'plan.json', '--apply', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'fix');
    expect(r.json!.data.plan).toMatchObject({ applied: 11, refused: 0 });
    expect(readFileSync(path.join(root, 'docs/20-specs/spec-006-linker.md'), 'utf8')).toContain('See [linked](spec-005-linked.md).');
    expect(readFileSync(path.join(root, 'docs/45-adr/partial.md'), 'utf8')).toBe(
      '---\r\n# kept comment\r\ndocument_id: ACME-ADR-003\r\ntitle: Partial\r\nowner: __TBD__ # to be decided\r\ntype: ADR\r\nstatus: Draft\r\nversion: "0.1"\r\nlast_updated: "2026-01-05"\r\ndocops_version: "2.0"\r\n---\r\nBody.\r\n',
    );
    const change = r.json!.data.changes.find((c: any) => c.path === 'docs/45-adr/partial.md');
    expect(change).toMatchObject({ action: 'edit_frontmatter' });
    expect(change.fields.find((f: any) => f.field === 'owner')).toEqual({ field: 'owner', op: 'set', from: '', to: '__TBD__' });
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-007-choose-queue.md'), 'utf8')).toContain(
      'document_id: ACME-ADR-007\ntype: ADR\ntitle: Choose a queue\nstatus: Draft\n',
    );
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-002-in-place.md'), 'utf8')).toBe(FULL('ACME-ADR-002', 'ADR', 'In place'));
    const check = await docket(['check', '--root', root, '--json']);
    const paths = new Set(check.json!.violations.map((v: any) => v.path));
    expect([...paths].sort()).toEqual(['docs/specs/broken.md', 'docs/specs/whitepaper.md']);
    const second = await docket(['scan', '--root', root, '--json'], { env: TODAY });
    expect(second.json!.data.actions).toEqual([]);
  });

  it('refuses add_fields over a value (field_present), YAML it cannot extend (cannot_edit), and an exclusion after the config changed', async () => {
    const root = await governedSoFar();
    writeTree(root, { 'docs/45-adr/flow.md': '---\n{title: Flow}\n---\n' });
    const sha = (rel: string) =>
      createHash('sha256')
        .update(readFileSync(path.join(root, rel)))
        .digest('hex');
    const config = sha('docops.config.yaml');
    writeTree(root, {
      'hand.json': JSON.stringify({
        kind: 'docket-scan-plan',
        plan_version: '1.1',
        config: 'found',
        actions: [
          {
            action: 'add_fields',
            path: 'docs/45-adr/partial.md',
            source_sha256: sha('docs/45-adr/partial.md'),
            fields: { title: 'Other' },
          },
          { action: 'add_fields', path: 'docs/45-adr/flow.md', source_sha256: sha('docs/45-adr/flow.md'), fields: { status: 'Draft' } },
          { action: 'exclude', path: 'docops.config.yaml', source_sha256: config, files: ['docs/specs/whitepaper.md'] },
        ],
      }),
    });
    writeFileSync(path.join(root, 'docops.config.yaml'), `${readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')}# edited\n`);
    const r = await docket(['fix', '--plan', 'hand.json', '--apply', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'fix');
    expect(r.json!.data.plan.actions.map((a: any) => [a.action, a.outcome, a.reason])).toEqual([
      ['add_fields', 'refused', 'field_present'],
      ['add_fields', 'refused', 'cannot_edit'],
      ['exclude', 'refused', 'source_changed'],
    ]);
    expect(readFileSync(path.join(root, 'docs/45-adr/flow.md'), 'utf8')).toBe('---\n{title: Flow}\n---\n');
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).not.toContain('whitepaper');
  });

  it('validates the new action kinds (65) and refuses exclusions outside the root (77)', async () => {
    const root = await governedSoFar();
    const plan = (actions: unknown[]) => JSON.stringify({ kind: 'docket-scan-plan', plan_version: '1.0', config: 'found', actions });
    const sha = 'a'.repeat(64);
    writeTree(root, {
      'fields.json': plan([{ action: 'add_fields', path: 'docs/a.md', source_sha256: sha, fields: { Title: 'x' } }]),
      'other.json': plan([{ action: 'exclude', path: 'docs/a.md', source_sha256: sha, files: ['docs/a.md'] }]),
      'outside.json': plan([{ action: 'exclude', path: 'docops.config.yaml', source_sha256: sha, files: ['../x.md'] }]),
    });
    for (const [file, exit] of [
      ['fields.json', 65],
      ['other.json', 65],
      ['outside.json', 77],
    ] as const) {
      const r = await docket(['fix', '--plan', file, '--root', root, '--json']);
      expect(r.exitCode, file).toBe(exit);
    }
  });

  it('renders the new actions in text and markdown', async () => {
    const root = await initialised();
    const text = await docket(['scan', '--root', root], { env: TODAY });
    expect(text.stdout).toContain(
      'docs/20-specs/spec-001-with-fm.md  add document_id, type, status, version, last_updated, owner, docops_version',
    );
    expect(text.stdout).toContain('docops.config.yaml  add to excluded_files (no type could be suggested): docs/misc/notes.md');
    const md = await docket(['scan', '--root', root, '--format', 'md'], { env: TODAY });
    expect(md.stdout).toContain('| docops.config.yaml | add to excluded_files (no type could be suggested): docs/misc/notes.md |');
  });
});

describe('scan plan schema', () => {
  it('defines an action once: the plan file, scan data and NDJSON action items agree', () => {
    const def = (rel: string) => JSON.parse(readFileSync(path.join(REPO, 'schemas', rel), 'utf8')).definitions.action;
    expect(def('data/scan.schema.json')).toEqual(def('scan-plan.schema.json'));
    expect(def('ndjson-record.schema.json')).toEqual(def('scan-plan.schema.json'));
  });
});
