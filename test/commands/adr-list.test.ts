import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { listRepo } from '../helpers/list-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('adr list', () => {
  it('is `list --type ADR`, in JSON, text and Markdown', async () => {
    const root = await listRepo();
    const r = await docket(['adr', 'list', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'adr list');
    expect(r.json!.command).toBe('adr list');
    const viaList = await docket(['list', '--type', 'ADR', '--root', root, '--json']);
    expect(r.json!.data).toEqual(viaList.json!.data);
    expect(r.json!.data.filters).toEqual({ type: ['ADR'], status: null });

    const text = await docket(['adr', 'list', '--root', root]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toBe(
      [
        'ID            STATUS     DATE        TITLE',
        'ACME-ADR-001  Draft      2026-01-15  Use PostgreSQL',
        'ACME-ADR-002  Approved   2026-02-01  Use SQLite',
        'ACME-ADR-010  In Review  2026-03-01  Pipes | and ünïcode',
        '',
      ].join('\n'),
    );
    const md = await docket(['adr', 'list', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain('# docket adr list');
    expect(md.stdout).toContain(
      '| ID | Title | Status | Date |\n| --- | --- | --- | --- |\n| ACME-ADR-001 | Use PostgreSQL | Draft | 2026-01-15 |\n',
    );
    expect(md.stdout).toContain('| ACME-ADR-010 | Pipes \\| and ünïcode | In Review | 2026-03-01 |');
  });

  it('takes --status; it has no --type', async () => {
    const root = await listRepo();
    const r = await docket(['adr', 'list', '--status', 'draft,in_review', '--root', root, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'adr list');
    expect(r.json!.data).toMatchObject({ filters: { type: ['ADR'], status: ['Draft', 'In Review'] }, count: 2 });
    expect(r.json!.data.documents.map((d: any) => d.document_id)).toEqual(['ACME-ADR-001', 'ACME-ADR-010']);
    const typed = await docket(['adr', 'list', '--type', 'PRD', '--root', root, '--json']);
    expect(typed.exitCode).toBe(64);
    expect(typed.json!.error.code).toBe('UNKNOWN_FLAG');
  });
});
