import { appendFileSync, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { atomicWriteTestHooks } from '../../src/core/fs/atomic-write.js';
import { createDocument } from '../../src/core/usecases/new-document.js';
import { DocketError } from '../../src/errors/docket-error.js';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const env = { DOCKET_TODAY: '2026-03-04' };
const now = new Date('2026-03-04T00:00:00Z');

afterEach(() => {
  delete atomicWriteTestHooks.beforeReplace;
});

describe('new --supersedes: both files or neither', () => {
  it('when the old document changes while it is being replaced, the new one is removed and its number released', async () => {
    const root = realpathSync(tempDir());
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const { config } = await loadConfig(root);
    await createDocument(config, { type: 'ADR', title: 'Old' }, { env, now, dryRun: false, cmd: (c) => c });
    const old = path.join(root, 'docs/45-adr/adr-001-old.md');
    atomicWriteTestHooks.beforeReplace = (target) => {
      if (target === old) appendFileSync(old, 'Another writer was here.\n');
    };
    const error = await createDocument(
      config,
      { type: 'ADR', title: 'New', supersedes: 'ACME-ADR-001' },
      { env, now, dryRun: false, cmd: (c) => c },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocketError);
    expect(error).toMatchObject({ code: 'DOCUMENT_NOT_EDITABLE', details: { reason: 'changed', path: 'docs/45-adr/adr-001-old.md' } });
    // The other writer's change is kept, the old document is not superseded, and the new one is gone.
    expect(readFileSync(old, 'utf8')).toMatch(/status: Draft\n[\s\S]*Another writer was here\.\n$/);
    expect(readFileSync(old, 'utf8')).not.toContain('superseded_by');
    expect(existsSync(path.join(root, 'docs/45-adr/adr-002-new.md'))).toBe(false);
    expect(readdirSync(path.join(root, '.docket/claims'))).toEqual(['ACME-ADR-001.claim']);
    delete atomicWriteTestHooks.beforeReplace;
    // The number is free again: the next run takes it.
    const again = await createDocument(
      config,
      { type: 'ADR', title: 'New', supersedes: 'ACME-ADR-001' },
      { env, now, dryRun: false, cmd: (c) => c },
    );
    expect(again.data).toMatchObject({ document_id: 'ACME-ADR-002', supersedes: { updated: true } });
  });
});
