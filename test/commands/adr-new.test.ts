import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectGovernedDocument } from '../helpers/documents.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-04' };

describe('adr new', () => {
  it('is `new ADR TITLE` with the same flags and the same data (json)', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const r = await docket(
      [
        'adr',
        'new',
        'Use gRPC internally',
        '--root',
        root,
        '--json',
        '--owner',
        'Arch',
        '--status',
        'approved',
        '--keywords',
        'rpc',
        '--related-ids',
        'ACME-ADR-001',
      ],
      { env: TODAY },
    );
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'adr new');
    expect(r.json!.command).toBe('adr new');
    expect(r.json!.data).toMatchObject({
      document_id: 'ACME-ADR-001',
      type: 'ADR',
      status: 'Approved',
      owner: 'Arch',
      path: 'docs/45-adr/adr-001-use-grpc-internally.md',
      created: true,
    });
    expectGovernedDocument(root, r.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    // The same request through `new ADR` renders byte-identical content.
    const viaNew = await docket(
      [
        'new',
        'ADR',
        'Use gRPC internally',
        '--root',
        root,
        '--json',
        '--owner',
        'Arch',
        '--status',
        'approved',
        '--keywords',
        'rpc',
        '--related-ids',
        'ACME-ADR-001',
        '--id',
        'ACME-ADR-001',
      ],
      { env: TODAY },
    );
    expect(viaNew.json!.data).toMatchObject({ created: false, content_sha256: r.json!.data.content_sha256 });
  });

  it('supports --dry-run and --id, in text and markdown', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const dry = await docket(['adr', 'new', 'Preview', '--dry-run', '--id', 'ACME-ADR-010', '--root', root], { env: TODAY });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('would create docs/45-adr/adr-010-preview.md');
    expect(dry.stdout).toContain('# ACME-ADR-010: Preview');
    const md = await docket(['adr', 'new', 'Real', '--root', root, '--format', 'md'], { env: TODAY });
    expect(md.stdout).toContain('# docket adr new');
    expect(md.stdout).toContain('## ACME-ADR-001: Real');
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-real.md'), 'utf8')).toContain('type: ADR');
  });

  it('without a title: MISSING_ARGUMENT; --list-types belongs to `new` only', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const r = await docket(['adr', 'new', '--root', root, '--json']);
    expect(r.exitCode).toBe(64);
    expect(r.json!.error).toMatchObject({ code: 'MISSING_ARGUMENT', details: { missing: ['TITLE'] } });
    const list = await docket(['adr', 'new', '--list-types', '--root', root, '--json']);
    expect(list.exitCode).toBe(64);
    expect(list.json!.error.code).toBe('UNKNOWN_FLAG');
  });
});
