import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, docketBin } from '../helpers/cli.js';
import { expectGovernedDocument } from '../helpers/documents.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('new: concurrent processes', () => {
  it('20 simultaneous `docket new ADR` processes create 20 distinct files and IDs, losing nothing', async () => {
    const root = tempDir();
    expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        docketBin(['new', 'ADR', `Concurrent decision ${i + 1}`, '--root', root, '--format', 'json'], {
          env: { DOCKET_TODAY: '2026-03-04' },
        }),
      ),
    );
    for (const r of runs) {
      expect(r.exitCode, r.stderr + r.stdout).toBe(0);
      expectValidEnvelope(r.json, 'new');
    }
    const ids = runs.map((r) => r.json!.data.document_id).sort();
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `ACME-ADR-${String(i + 1).padStart(3, '0')}`));
    const files = readdirSync(path.join(root, 'docs/45-adr')).filter((f) => f.endsWith('.md'));
    expect(files).toHaveLength(20);
    // Every title made it to disk, each under the ID its process reported.
    for (let i = 0; i < 20; i++) {
      const d = runs[i]!.json!.data;
      expect(d.title).toBe(`Concurrent decision ${i + 1}`);
      expectGovernedDocument(root, d, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    }
  });

  it('the same `new --id` run by several processes at once creates one document; the others find it (idempotent)', async () => {
    const root = tempDir();
    expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        docketBin(['new', 'ADR', 'Same decision', '--id', 'ACME-ADR-100', '--root', root, '--format', 'json'], {
          env: { DOCKET_TODAY: '2026-03-04' },
        }),
      ),
    );
    for (const r of runs) expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(runs.filter((r) => r.json!.data.created === true)).toHaveLength(1);
    expect(new Set(runs.map((r) => r.json!.data.content_sha256)).size).toBe(1);
    expect(readdirSync(path.join(root, 'docs/45-adr')).filter((f) => f.endsWith('.md'))).toEqual(['adr-100-same-decision.md']);
  });
});
