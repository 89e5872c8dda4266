import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { inspectForFix } from '../../src/core/fix/inspect.js';
import { planFixes } from '../../src/core/fix/plan.js';
import { doc, repo } from '../helpers/docs.js';

/** The first read of `touched` by fix's own reader (after the check read it) finds a line more: as if someone saved it meanwhile. */
const touched = { rel: '', done: false };
vi.mock('../../src/core/engine/documents/read.js', async (actual) => {
  const real = (await actual()) as typeof import('../../src/core/engine/documents/read.js');
  return {
    ...real,
    readDocumentSync: (root: string, rel: string, ...rest: [never]) => {
      if (rel === touched.rel && !touched.done) {
        touched.done = true;
        appendFileSync(path.join(root, rel), '\nSaved meanwhile.\n');
      }
      return real.readDocumentSync(root, rel, ...rest);
    },
  };
});

describe('fix plans on the text its findings are about', () => {
  it('keeps only the documents with a fix hint, read again; one whose bytes changed since the check is left alone', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }),
      'docs/45-adr/adr-002-b.md': doc({ document_id: 'ACME-ADR-002', status: 'draft' }),
      'docs/45-adr/adr-003-c.md': doc({ document_id: 'ACME-ADR-003' }),
      'docs/45-adr/plain.md': '# Plain\n',
    });
    const { config } = await loadConfig(root);
    touched.rel = 'docs/45-adr/adr-002-b.md';
    const inspection = await inspectForFix(config, { fixable: true });
    expect(touched.done).toBe(true);
    expect(inspection.ids).toEqual(['ACME-ADR-001', 'ACME-ADR-002', 'ACME-ADR-003']);
    expect(inspection.fixable.map((d) => d.rel)).toEqual(['docs/45-adr/adr-001-a.md', 'docs/45-adr/plain.md']);
    expect(inspection.fixable.every((d) => d.record.text !== undefined && d.findings.some((f) => f.fix))).toBe(true);
    expect(inspection.changed).toEqual([expect.objectContaining({ code: 'FIX_SKIPPED', path: 'docs/45-adr/adr-002-b.md' })]);
    // Its findings still count: they remain, unfixed.
    expect(inspection.findings.filter((f) => f.path === 'docs/45-adr/adr-002-b.md').length).toBeGreaterThan(0);
    const plans = planFixes(inspection, { today: '2026-03-03' });
    expect(plans.map((p) => p.doc.rel)).toEqual(['docs/45-adr/adr-001-a.md', 'docs/45-adr/plain.md']);
    // The plain document gets the next ADR number after every document's ID.
    expect(plans[1]!.fields.find((f) => f.field === 'document_id')?.to).toBe('ACME-ADR-004');
  });
});
