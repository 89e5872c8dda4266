import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chosenIdState } from '../../src/core/authoring/chosen-id.js';
import { planNew } from '../../src/core/authoring/plan.js';
import { loadConfig } from '../../src/core/config/load.js';
import { scanIds } from '../../src/core/ids/next-id.js';
import { createDocument } from '../../src/core/usecases/new-document.js';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const env = { DOCKET_TODAY: '2026-03-04' };
const now = new Date('2026-03-04T00:00:00Z');

describe('new --id: what already exists at the target', () => {
  // Concurrent `new --id` runs: one creates the file after another took its ID scan. The
  // latecomer must recognise the document by the file's own ID, not by its stale scan.
  it('a document created after the scan was taken is the same document, not a conflict', async () => {
    const root = realpathSync(tempDir());
    expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
    const { config } = await loadConfig(root);
    const req = { type: 'ADR', title: 'Same decision', id: 'ACME-ADR-100' };
    const plan = await planNew(config, req, env, now);
    const staleScan = await scanIds(config);
    expect(await chosenIdState(plan, 'ACME-ADR-100', 100, staleScan)).toEqual({ kind: 'free' });

    const created = await createDocument(config, req, { env, now, dryRun: false, cmd: (c) => `docket ${c}` });
    expect(created.data.created).toBe(true);

    const state = await chosenIdState(plan, 'ACME-ADR-100', 100, staleScan);
    expect(state.kind).toBe('same');
  });

  it('a file at the target that carries another ID is still a conflict', async () => {
    const root = realpathSync(tempDir());
    expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
    const { config } = await loadConfig(root);
    const first = await createDocument(
      config,
      { type: 'ADR', title: 'Same decision', id: 'ACME-ADR-100' },
      { env, now, dryRun: false, cmd: (c) => c },
    );
    expect(first.data.path).toBe('docs/45-adr/adr-100-same-decision.md');
    const plan = await planNew(config, { type: 'ADR', title: 'Same decision', id: 'ACME-ADR-100' }, env, now);
    const scan = await scanIds(config);
    // Another ID wanted at a path that a different document occupies.
    const other = { ...plan, chosenId: 'ACME-ADR-100' };
    await expect(chosenIdState(other, 'ACME-ADR-101', 100, scan)).rejects.toMatchObject({ code: 'FILE_EXISTS' });
  });
});
