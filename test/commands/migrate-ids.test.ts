import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, docket, REPO } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

describe('migrate-ids', () => {
  it('a dry run lists every new ID and edit, in every format, and writes nothing', async () => {
    const root = copyFixture('legacy-ids');
    const before = read(root, 'docs/45-adr/adr-0007-use-postgres.md');
    const r = await docket(['migrate-ids', '--root', root, '--rewrite-references', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'migrate-ids');
    const data = r.json!.data;
    expect(data.dry_run).toBe(true);
    expect(data.migrations).toEqual([
      { path: 'docs/10-prd/billing.md', namespace: 'default', type: 'PRD', old_id: 'PRD-BILLING', new_id: 'ACME-PRD-001' },
      // A legacy number is kept when it is free for the type...
      { path: 'docs/45-adr/adr-0007-use-postgres.md', namespace: 'default', type: 'ADR', old_id: 'ADR-7', new_id: 'ACME-ADR-007' },
      // ...else the next number goes to it, and the name that claimed the old one follows.
      {
        path: 'docs/45-adr/adr-3-use-redis.md',
        to: 'docs/45-adr/adr-008-use-redis.md',
        namespace: 'default',
        type: 'ADR',
        old_id: 'ADR-3',
        new_id: 'ACME-ADR-008',
      },
      { path: 'docs/60-runbooks/restore.md', namespace: 'default', type: 'RUNBOOK', old_id: 'RESTORE', new_id: 'ACME-RUNBOOK-001' },
    ]);
    const at = (p: string) => data.edits.filter((e: any) => e.path === p).map((e: any) => `${e.line} ${e.kind} ${e.old} -> ${e.new}`);
    expect(at('docs/45-adr/adr-0007-use-postgres.md')).toEqual([
      '2 document_id ADR-7 -> ACME-ADR-007',
      '11 related_ids PRD-BILLING -> ACME-PRD-001',
      '14 metadata_block ADR-7 -> ACME-ADR-007',
      '17 heading ADR-7 -> ACME-ADR-007',
      '19 mention PRD-BILLING -> ACME-PRD-001',
    ]);
    // Mentions are whole IDs only (not ADR-70, not XADR-7), and link destinations follow the rename.
    expect(at('docs/45-adr/adr-3-use-redis.md')).toEqual([
      '2 document_id "ADR-3" -> ACME-ADR-008',
      '11 related_ids ADR-7 -> ACME-ADR-007',
      '15 mention ADR-7 -> ACME-ADR-007',
    ]);
    expect(at('docs/45-adr/adr-003-use-valkey.md')).toContain(
      '14 link Replaces ACME-ADR-008 ([Redis](adr-3-use-redis.md)); Postgres (ACME-ADR-007) stays. -> Replaces ACME-ADR-008 ([Redis](adr-008-use-redis.md)); Postgres (ACME-ADR-007) stays.',
    );
    expect(data.changes.map((c: any) => c.path)).toEqual([
      'docs/10-prd/billing.md',
      'docs/45-adr/adr-0007-use-postgres.md',
      'docs/45-adr/adr-003-use-valkey.md',
      'docs/45-adr/adr-3-use-redis.md',
      'docs/60-runbooks/restore.md',
    ]);
    expect(data.changes[3].diff).toContain('rename to docs/45-adr/adr-008-use-redis.md');
    expect(r.json!.advice[0].command).toBe(`docket migrate-ids --rewrite-references --apply --root ${root}`);
    expect(read(root, 'docs/45-adr/adr-0007-use-postgres.md')).toBe(before);
    const text = await docket(['migrate-ids', '--root', root, '--rewrite-references']);
    expect(text.stdout).toContain('Dry run: 4 new IDs, 18 edits in 5 files; nothing was written.');
    expect(text.stdout).toContain('ADR-3 → ACME-ADR-008  docs/45-adr/adr-3-use-redis.md → docs/45-adr/adr-008-use-redis.md');
    const md = await docket(['migrate-ids', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain('| docs/45-adr/adr-0007-use-postgres.md | ADR-7 | ACME-ADR-007 |');
    expect(md.stdout).toContain('- **References rewritten:** no');
  });

  it('--rewrite-references --apply leaves check clean; a second run finds nothing to migrate', async () => {
    const root = copyFixture('legacy-ids');
    expect((await docket(['check', '--root', root, '--json'])).exitCode).toBe(1);
    const r = await docket(['migrate-ids', '--root', root, '--rewrite-references', '--apply', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'migrate-ids');
    expect(r.json!.data.dry_run).toBe(false);
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.exitCode).toBe(0);
    expect(check.json!.violations).toEqual([]);
    expect(check.json!.warnings).toEqual([]);
    expect(existsSync(path.join(root, 'docs/45-adr/adr-3-use-redis.md'))).toBe(false);
    expect(read(root, 'docs/45-adr/adr-008-use-redis.md')).toContain('related_ids: [ACME-ADR-007]\n');
    expect(read(root, 'docs/45-adr/adr-003-use-valkey.md')).toContain('related_ids: [ACME-ADR-008, ACME-ADR-007] # both legacy\n');
    expect(read(root, 'docs/10-prd/billing.md')).toContain(
      'Decided in ACME-ADR-007 and [the cache decision](../45-adr/adr-008-use-redis.md).',
    );
    // The new IDs are claimed, as `new` claims them: never handed out again.
    expect(readdirSync(path.join(root, '.docket/claims')).sort()).toEqual([
      'ACME-ADR-007.claim',
      'ACME-ADR-008.claim',
      'ACME-PRD-001.claim',
      'ACME-RUNBOOK-001.claim',
    ]);
    const again = await docket(['migrate-ids', '--root', root, '--rewrite-references', '--apply', '--json']);
    expect(again.json!.data).toMatchObject({ migrations: [], edits: [], changes: [] });
    expect((await docket(['migrate-ids', '--root', root])).stdout).toContain('nothing to migrate');
  });

  it("project-state.yaml follows: entries and their dependencies take the new IDs, in the dry run's edits and on apply", async () => {
    const root = copyFixture('legacy-ids');
    const stateRel = 'docs/01-indices/project-state.yaml';
    mkdirSync(path.join(root, 'docs/01-indices'), { recursive: true });
    writeFileSync(
      path.join(root, stateRel),
      [
        "state_schema_version: '2.0'",
        'documents:',
        '  ACME-ADR-003:',
        '    impl_state: Not Started',
        "    updated: '2026-01-01T00:00:00+00:00'",
        '    updated_by: agent-one',
        '    depends_on:',
        '    - ADR-7',
        '  ADR-7:',
        '    impl_state: In Progress',
        "    updated: '2026-01-02T00:00:00+00:00'",
        '    updated_by: agent-one',
        '',
      ].join('\n'),
    );
    const dry = await docket(['migrate-ids', '--root', root, '--json']);
    expectValidEnvelope(dry.json, 'migrate-ids');
    expect(dry.json!.data.edits.filter((e: any) => e.path === stateRel).map((e: any) => `${e.kind} ${e.old} -> ${e.new}`)).toEqual([
      'state_dependency ADR-7 -> ACME-ADR-007',
      'state_entry ADR-7 -> ACME-ADR-007',
    ]);
    expect(read(root, stateRel)).toContain('  ADR-7:');
    const r = await docket(['migrate-ids', '--root', root, '--apply', '--json']);
    expect(r.exitCode).toBe(0);
    const after = read(root, stateRel);
    expect(after).not.toContain('ADR-7\n');
    expect(after).not.toContain('ADR-7:');
    const get = await docket(['state', 'get', 'ACME-ADR-007', '--root', root, '--json']);
    expect(get.json!.data).toMatchObject({ document_id: 'ACME-ADR-007', impl_state: 'In Progress' });
    const waiting = await docket(['state', 'get', 'ACME-ADR-003', '--root', root, '--json']);
    expect(waiting.json!.data.depends_on).toEqual(['ACME-ADR-007']);
  });

  it('without --rewrite-references only the documents change, and the references left are said', async () => {
    const root = copyFixture('legacy-ids');
    const dry = await docket(['migrate-ids', '--root', root, '--json']);
    expect(new Set(dry.json!.data.edits.map((e: any) => e.kind))).toEqual(new Set(['document_id', 'metadata_block', 'heading', 'link']));
    expect(dry.json!.advice.map((a: any) => a.command)).toContain(`docket migrate-ids --rewrite-references --apply --root ${root}`);
    const r = await docket(['migrate-ids', '--root', root, '--apply', '--json']);
    expect(r.json!.warnings.map((w: any) => w.code)).toContain('MIGRATE_REFERENCE_KEPT');
    expect(read(root, 'docs/45-adr/adr-003-use-valkey.md')).toContain('related_ids: [ADR-3, ADR-7]');
  });

  it('leaves alone what it cannot decide: no type, an old ID two documents share (their references), a generic word in prose', async () => {
    const root = repo({
      'docs/notes/a.md': doc({ document_id: 'NOTE-1', type: undefined }),
      'docs/45-adr/one.md': doc({ document_id: 'ADR-5' }),
      'docs/45-adr/two.md': doc({ document_id: 'ADR-5', title: 'Two' }),
      'docs/45-adr/three.md': doc(
        { document_id: 'ACME-ADR-009', related_ids: '[ADR-5]', title: 'Three' },
        '# Three\n\nSee ADR-5 and ADR-50.\n',
      ),
    });
    const r = await docket(['migrate-ids', '--root', root, '--rewrite-references', '--json']);
    expectValidEnvelope(r.json, 'migrate-ids');
    expect(r.json!.data.skipped).toEqual([expect.objectContaining({ path: 'docs/notes/a.md', document_id: 'NOTE-1', reason: 'no_type' })]);
    expect(r.json!.data.migrations.map((m: any) => `${m.path} ${m.new_id}`)).toEqual([
      'docs/45-adr/one.md ACME-ADR-005',
      'docs/45-adr/two.md ACME-ADR-010',
    ]);
    expect(r.json!.data.edits.filter((e: any) => e.path === 'docs/45-adr/three.md')).toEqual([]);
    expect(r.json!.warnings.map((w: any) => w.code).sort()).toEqual(['MIGRATE_REFERENCE_KEPT', 'MIGRATE_SKIPPED']);
  });

  it('the MCP tool previews by default and writes only with apply: true', async () => {
    const root = copyFixture('legacy-ids');
    const env = Object.fromEntries(Object.entries(cleanEnv()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--root', root],
      env,
      stderr: 'pipe',
      cwd: REPO,
    });
    const client = new Client({ name: 'docket-migrate-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === 'migrate-ids')!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: false });
      const preview = (await client.callTool({ name: 'migrate-ids', arguments: { rewrite_references: true } })).structuredContent as any;
      expectValidEnvelope(preview, 'migrate-ids');
      expect(preview.data.dry_run).toBe(true);
      expect(read(root, 'docs/10-prd/billing.md')).toContain('document_id: PRD-BILLING');
      const applied = (await client.callTool({ name: 'migrate-ids', arguments: { rewrite_references: true, apply: true } }))
        .structuredContent as any;
      expect(applied.data.dry_run).toBe(false);
      expect(read(root, 'docs/10-prd/billing.md')).toContain('document_id: ACME-PRD-001');
    } finally {
      await client.close();
    }
  });
});
