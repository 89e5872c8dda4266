import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { buildTools } from '../../src/cli/mcp/tools.js';
import { lastLookup } from '../../src/core/index/lookup.js'; // shared through globalThis with the built copy the commands run
import { docket, REPO } from '../helpers/cli.js';
import { listRepo as repo } from '../helpers/list-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('list', () => {
  it('lists every document with an ID, sorted by ID, in JSON, text and Markdown', async () => {
    const root = await repo();
    const r = await docket(['list', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'list');
    expect(r.json!.data.filters).toEqual({ type: null, status: null });
    expect(r.json!.data.count).toBe(4);
    expect(r.json!.data.documents.map((d: any) => d.document_id)).toEqual(['ACME-ADR-001', 'ACME-ADR-002', 'ACME-ADR-010', 'ACME-PRD-001']);
    expect(r.json!.data.documents[0]).toEqual({
      document_id: 'ACME-ADR-001',
      title: 'Use PostgreSQL',
      status: 'Draft',
      last_updated: '2026-01-15',
      type: 'ADR',
      path: 'docs/45-adr/adr-001-use-postgresql.md',
    });
    // No artifact yet: built in memory, with the warning and the advice resolve gives.
    expect(r.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_MISSING']);
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_INDEX']);

    const text = await docket(['list', '--root', root]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toBe(
      [
        'ID            STATUS     DATE        TITLE',
        'ACME-ADR-001  Draft      2026-01-15  Use PostgreSQL',
        'ACME-ADR-002  Approved   2026-02-01  Use SQLite',
        'ACME-ADR-010  In Review  2026-03-01  Pipes | and ünïcode',
        'ACME-PRD-001  Draft      2026-01-20  Invoices',
        '',
      ].join('\n'),
    );
    // Findings go to stderr: stdout is the table alone.
    expect(text.stderr).toContain('INDEX_MISSING');
    const md = await docket(['list', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain(
      '| ID | Title | Status | Date |\n| --- | --- | --- | --- |\n| ACME-ADR-001 | Use PostgreSQL | Draft | 2026-01-15 |\n',
    );
  });

  it('filters by type and status (case-insensitive, commas or repeated flags, _ for a space)', async () => {
    const root = await repo();
    const ids = async (args: string[]) => {
      const r = await docket([...args, '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(0);
      expectValidEnvelope(r.json, 'list');
      return r.json!.data;
    };
    expect((await ids(['list', '--type', 'adr'])).documents.map((d: any) => d.document_id)).toEqual([
      'ACME-ADR-001',
      'ACME-ADR-002',
      'ACME-ADR-010',
    ]);
    const drafts = await ids(['list', '--status', 'draft']);
    expect(drafts.filters).toEqual({ type: null, status: ['Draft'] });
    expect(drafts.documents.map((d: any) => d.document_id)).toEqual(['ACME-ADR-001', 'ACME-PRD-001']);
    expect(
      (await ids(['list', '--type', 'prd,adr', '--status', 'in_review', '--status', 'Approved'])).documents.map((d: any) => d.document_id),
    ).toEqual(['ACME-ADR-002', 'ACME-ADR-010']);
    // A status the schema allows that no document has: an empty list, not an error.
    const none = await ids(['list', '--status', 'Superseded']);
    expect(none).toMatchObject({ count: 0, documents: [] });
    const empty = await docket(['list', '--status', 'Superseded', '--type', 'adr', '--root', root]);
    expect(empty.stdout).toBe('No documents match --type ADR --status Superseded.\n');
  });

  it('an unknown type or status is a usage error naming the known ones', async () => {
    const root = await repo();
    const type = await docket(['list', '--type', 'ADRS', '--root', root, '--json']);
    expect(type.exitCode).toBe(64);
    expectValidEnvelope(type.json);
    expect(type.json!.error).toMatchObject({ code: 'UNKNOWN_TYPE', details: { type: 'ADRS' } });
    expect(type.json!.error.details.valid_types).toContain('ADR');
    const status = await docket(['list', '--status', 'Aproved', '--root', root, '--json']);
    expect(status.exitCode).toBe(64);
    expect(status.json!.error).toMatchObject({
      code: 'INVALID_STATUS',
      details: { status: 'Aproved', allowed: ['Approved', 'Draft', 'In Review', 'Superseded'] },
    });
    expect(status.json!.error.message).toContain('Did you mean Approved?');
  });

  it('reads the artifact when it is current; a stale one answers from the documents as they are, with INDEX_STALE', async () => {
    const root = await repo();
    expect((await docket(['index', '--root', root])).exitCode).toBe(0);
    lastLookup.source = 'none';
    const fresh = await docket(['list', '--root', root, '--json']);
    expect(lastLookup.source).toBe('artifact');
    expect(fresh.json!.warnings).toEqual([]);
    // The artifact gives the answer the documents give.
    const artifact = path.join(root, 'docs/01-indices/docket.index.json');
    renameSync(artifact, `${artifact}.away`);
    const built = await docket(['list', '--root', root, '--json']);
    expect(built.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_MISSING']);
    expect(fresh.json!.data).toEqual(built.json!.data);
    renameSync(`${artifact}.away`, artifact);
    const file = path.join(root, 'docs/45-adr/adr-002-use-sqlite.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: Approved', 'status: Superseded\nsuperseded_by: ACME-ADR-010'));
    const stale = await docket(['list', '--status', 'superseded', '--root', root, '--json']);
    expect(stale.exitCode).toBe(0);
    expect(stale.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_STALE']);
    expect(stale.json!.data.documents.map((d: any) => d.document_id)).toEqual(['ACME-ADR-002']);
  });

  it('is a read-only MCP tool taking type and status', () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, ManifestCommand>;
    };
    const tool = buildTools(Object.values(manifest.commands), REPO).find((t) => t.definition.name === 'list')!;
    expect(tool.definition.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(Object.keys((tool.definition.inputSchema as any).properties)).toEqual(expect.arrayContaining(['type', 'status']));
  });
});
