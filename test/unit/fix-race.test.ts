import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicWriteTestHooks } from '../../src/core/fs/atomic-write.js';
import { runFix } from '../../src/core/usecases/fix.js';
import { repo } from '../helpers/docs.js';

// Issue 38: a writer that changed a file while `fix` was between its check and its rename
// (while the temporary file was fsynced) was silently overwritten. The hook changes the file
// at exactly that moment; fix must keep the writer's bytes and say it left the file alone.

const env = { DOCKET_TODAY: '2026-03-03' };
const cmd = (c: string) => `docket ${c}`;

afterEach(() => {
  delete atomicWriteTestHooks.beforeReplace;
});

describe('fix --apply and a concurrent writer', () => {
  it('keeps a change made between the fsync of its temporary file and the rename (FIX_SKIPPED)', async () => {
    const root = repo({ 'docs/45-adr/adr-001-race.md': '---\ntitle: Race\n---\n# Race\n' });
    const file = path.join(root, 'docs/45-adr/adr-001-race.md');
    let changed = 0;
    atomicWriteTestHooks.beforeReplace = (target) => {
      if (target !== file) return;
      appendFileSync(file, 'A line another writer added.\n');
      changed++;
    };
    const r = await runFix(root, { apply: true, env, now: new Date(), cmd });
    expect(changed).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('---\ntitle: Race\n---\n# Race\nA line another writer added.\n');
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        code: 'FIX_SKIPPED',
        path: 'docs/45-adr/adr-001-race.md',
        message: expect.stringContaining('changed (or vanished) after docket read it'),
      }),
    );
    expect(readdirSync(path.dirname(file)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('without a concurrent writer, writes as before', async () => {
    const root = repo({ 'docs/45-adr/adr-001-calm.md': '---\ntitle: Calm\n---\n# Calm\n' });
    const r = await runFix(root, { apply: true, env, now: new Date(), cmd });
    expect(r.warnings.filter((w) => w.code === 'FIX_SKIPPED')).toEqual([]);
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-calm.md'), 'utf8')).toContain('document_id: ACME-ADR-001');
  });
});
