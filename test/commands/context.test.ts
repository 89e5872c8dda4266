import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { parseStream } from '../helpers/ndjson.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('context', () => {
  const repo = copyFixture('monorepo');

  it('describes prefix, namespaces, types and paths without listing documents', async () => {
    const r = await docket(['context', '--root', repo, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'context');
    const d = r.json!.data;
    expect(d).toMatchObject({
      project_name: 'Platform Monorepo',
      repo_prefix: 'PLAT',
      docops_version: '2.0',
      docs_root: 'docs',
      index_path: 'docs/01-indices/docket.index.json',
      config_path: 'docops.config.yaml',
    });
    expect(d.namespaces.map((n: any) => [n.name, n.repo_prefix, n.docs_root])).toEqual([
      ['platform', 'PLAT', 'docs'],
      ['org', 'ORG', 'docs/00-governance/org'],
      ['billing', 'BILL', 'services/billing/docs'],
    ]);
    expect(d.namespaces[1].document_types.find((t: any) => t.type === 'GOV')).toMatchObject({
      directory: '.',
      description: 'Organisation-level governance document',
    });
    expect(d).not.toHaveProperty('documents');
    expect(JSON.stringify(d)).not.toContain('WIP-');
    expect(r.json!.advice.map((a: any) => a.command)).toContain(`docket context --deep --root ${repo}`);
  });

  it('--deep lists governed documents per namespace, never excluded ones', async () => {
    const r = await docket(['context', '--root', repo, '--deep', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'context');
    const d = r.json!.data;
    expect(d.documents.map((x: any) => x.path)).toEqual([
      'docs/00-governance/org/gov-001-constitution.md',
      'docs/45-adr/adr-001-use-postgres.md',
      'docs/45-adr/adr-002-event-bus.md',
      'services/billing/docs/10-prd/prd-001-invoices.md',
    ]);
    expect(d.documents[3]).toEqual({
      document_id: 'BILL-PRD-001',
      path: 'services/billing/docs/10-prd/prd-001-invoices.md',
      type: 'PRD',
      title: 'Invoices',
      status: 'In Review',
    });
    expect(d.namespaces.map((n: any) => n.document_count)).toEqual([2, 1, 1]);
    expect(d.deep).toMatchObject({ complete: true, documents_listed: 4 });
  });

  it('--deep stops when its budget (DOCKET_DEEP_BUDGET_MS) runs out: status partial, DEEP_BUDGET_EXCEEDED, exit 0 in every format', async () => {
    const env = { DOCKET_DEEP_BUDGET_MS: '0' };
    const r = await docket(['context', '--root', repo, '--deep', '--json'], { env });
    expectValidEnvelope(r.json, 'context');
    expect(r.json!).toMatchObject({ success: true, status: 'partial' });
    expect(r.json!.data.deep).toEqual({ budget_ms: 0, complete: false, documents_listed: 0 });
    expect(r.json!.data.documents).toEqual([]);
    expect(r.json!.warnings).toEqual([
      expect.objectContaining({
        code: 'DEEP_BUDGET_EXCEEDED',
        severity: 'warning',
        message: 'Listed 0 of 4 documents within the 0 ms budget.',
      }),
    ]);
    const text = await docket(['context', '--root', repo, '--deep'], { env });
    const md = await docket(['context', '--root', repo, '--deep', '--format', 'md'], { env });
    expect([r.exitCode, text.exitCode, md.exitCode]).toEqual([0, 0, 0]);
    expect(text.stderr + text.stdout).toContain('DEEP_BUDGET_EXCEEDED');
    expect(md.stdout).toContain('- **Status:** partial');
    const stream = parseStream((await docket(['context', '--root', repo, '--deep', '--format', 'ndjson'], { env })).stdout, 'context');
    expect(stream[stream.length - 1]).toMatchObject({ record: 'summary', status: 'partial', counts: { warnings: 1 } });
    // A generous budget lists everything.
    const full = await docket(['context', '--root', repo, '--deep', '--json'], { env: { DOCKET_DEEP_BUDGET_MS: '600000' } });
    expect(full.json!).toMatchObject({ status: 'ok', data: { deep: { budget_ms: 600000, complete: true, documents_listed: 4 } } });
  });

  it('an invalid DOCKET_DEEP_BUDGET_MS is INVALID_DEEP_BUDGET (64); without --deep it is not read', async () => {
    for (const value of ['10s', '-1', '1e4', '3600001']) {
      const r = await docket(['context', '--root', repo, '--deep', '--json'], { env: { DOCKET_DEEP_BUDGET_MS: value } });
      expect(r.exitCode, value).toBe(64);
      expectValidEnvelope(r.json);
      expect(r.json!.error.code).toBe('INVALID_DEEP_BUDGET');
    }
    expect((await docket(['context', '--root', repo, '--deep'], { env: { DOCKET_DEEP_BUDGET_MS: 'x' } })).exitCode).toBe(64);
    expect((await docket(['context', '--root', repo, '--json'], { env: { DOCKET_DEEP_BUDGET_MS: 'x' } })).exitCode).toBe(0);
  });

  it('detects the calling agent from the environment', async () => {
    const unknown = await docket(['context', '--root', repo, '--json']);
    expect(unknown.json!.data.agent).toEqual({ name: 'unknown', detected_from: null });
    const claude = await docket(['context', '--root', repo, '--json'], { env: { CLAUDECODE: '1' } });
    expect(claude.json!.data.agent).toEqual({ name: 'claude-code', detected_from: 'CLAUDECODE' });
    const explicit = await docket(['context', '--root', repo, '--json'], { env: { DOCKET_AGENT: 'MyBot', CLAUDECODE: '1' } });
    expect(explicit.json!.data.agent).toEqual({ name: 'mybot', detected_from: 'DOCKET_AGENT' });
  });

  it('without a config: CONFIG_NOT_FOUND, exit 66, with an init suggestion', async () => {
    const empty = tempDir();
    const r = await docket(['context', '--root', empty, '--json']);
    expect(r.exitCode).toBe(66);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('CONFIG_NOT_FOUND');
    expect(r.json!.error.suggestion).toContain('docket init');
  });

  it('renders text and markdown', async () => {
    const text = await docket(['context', '--root', repo, '--deep']);
    expect(text.stdout).toContain('namespace org  ORG at docs/00-governance/org');
    expect(text.stdout).toContain('BILL-PRD-001');
    const md = await docket(['context', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('# docket context');
    expect(md.stdout).toContain('| Namespace | Prefix | Docs root | Types | Documents |');
    expect(md.stdout).toContain('| org | ORG | docs/00-governance/org | ');
  });
});
