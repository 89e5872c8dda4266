import { readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocumentSync } from '../../src/core/engine/documents/read.js';
import { inspectRepository } from '../../src/core/engine/inspect.js';
import { describeDocument } from '../../src/core/engine/load.js';
import type { InspectedDocument } from '../../src/core/engine/model.js';
import { loadConfig } from '../../src/core/config/load.js';
import { applyPlan } from '../../src/core/fix/apply.js';
import { inspectForFix } from '../../src/core/fix/inspect.js';
import { planFixes } from '../../src/core/fix/plan.js';
import type { Issue } from '../../src/core/issues.js';
import { doc, repo } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';

describe('the inspection (shared by check, fix and later index/scan/ndjson)', () => {
  it('describes each document once: normalised metadata, ID, type, title, links, anchors', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc({ version: '1', type: 'adr' }, '# A\n\n## Part Two\n\n[b](adr-002-b.md#top "t")\n'),
      'docs/45-adr/adr-002-b.md': doc({ document_id: 'ACME-ADR-002' }, '# Top\n'),
    });
    const { config } = await loadConfig(root);
    const inspection = await inspectRepository(config);
    const schema = inspection.schemas.get('docs/00-governance/metadata.schema.json');
    expect(schema).toBeDefined();
    // What the rules read of a document: its description.
    const a = describeDocument(readDocumentSync(root, 'docs/45-adr/adr-001-a.md', config.namespaces[0]!), schema, false);
    expect(a).toMatchObject({
      rel: 'docs/45-adr/adr-001-a.md',
      document_id: 'ACME-ADR-001',
      type: 'ADR',
      title: 'Title',
      heading: 'A',
      anchors: ['a', 'part-two'],
    });
    expect(a.metadata).toMatchObject({ version: '1.0', type: 'adr' });
    expect(a.normalized).toEqual([{ field: 'version', from: 1, to: '1.0' }]);
    expect(a.links).toEqual([
      { target: 'adr-002-b.md#top', kind: 'inline', line: 15, column: 5, scope: 'file', path: 'docs/45-adr/adr-002-b.md', fragment: 'top' },
    ]);
    expect(a.record.text).toBeUndefined(); // check does not keep texts in memory
    // What the inspection keeps of it once its rules ran: the compact model.
    expect(inspection.documents.map((d) => [d.rel, d.document_id, d.type, d.checked])).toEqual([
      ['docs/45-adr/adr-001-a.md', 'ACME-ADR-001', 'ADR', true],
      ['docs/45-adr/adr-002-b.md', 'ACME-ADR-002', 'ADR', true],
    ]);
  });

  it('streams each checked document in path order with complete findings (cross-document ones included)', async () => {
    const root = repo({
      'docs/45-adr/adr-002-b.md': doc(),
      'docs/45-adr/adr-001-a.md': doc(),
      'docs/10-prd/prd-001-c.md': doc({ document_id: 'ACME-PRD-001', type: 'PRD' }),
    });
    const { config } = await loadConfig(root);
    const seen: [string, string[]][] = [];
    await inspectRepository(config, {
      only: new Set(['docs/45-adr/adr-001-a.md', 'docs/45-adr/adr-002-b.md']),
      onDocument: (d) => void seen.push([d.rel, d.findings.map((f) => f.code)]),
    });
    expect(seen).toEqual([
      ['docs/45-adr/adr-001-a.md', ['ID_UNIQUE']],
      ['docs/45-adr/adr-002-b.md', ['ID_UNIQUE']],
    ]);
  });

  it('letting each model go once handed on (check) streams exactly what keeping them does', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc(
        { document_id: 'ACME-ADR-001' },
        '# Alpha\n\n## Context\n\n[ok](adr-003-c.md#decision) [bad](adr-003-c.md#nope) [self](#context)\n',
      ),
      'docs/45-adr/adr-002-b.md': doc({ document_id: 'ACME-ADR-001' }, '# Beta\n\n[bad](adr-001-a.md#contxt) [ok](adr-001-a.md#CONTEXT)\n'),
      'docs/45-adr/adr-003-c.md': doc({ document_id: 'ACME-ADR-003' }, '# Gamma\n\n## Decision\n'),
      'docs/45-adr/Bad_Name.md': doc({ document_id: 'ACME-ADR-004' }, '# Delta\n\n[to a](adr-001-a.md#alpha)\n'),
      'docs/45-adr/adr-005-e.md': '# No frontmatter\n\n[x](adr-003-c.md#gamma)\n',
    });
    const { config } = await loadConfig(root);
    const streamed = async (keepDocuments: boolean) => {
      const seen: unknown[] = [];
      const inspection = await inspectRepository(config, {
        keepDocuments,
        digest: false,
        onDocument: (d) =>
          void seen.push({
            rel: d.rel,
            id: d.document_id,
            type: d.type,
            readable: d.readable,
            unreadable: d.record.unreadable,
            findings: d.findings,
          }),
      });
      return { seen, partial: inspection.partial, kept: inspection.documents.length };
    };
    const models = await streamed(true);
    const rows = await streamed(false);
    expect(rows.seen).toEqual(models.seen);
    expect(rows.partial).toBe(models.partial);
    expect([models.kept, rows.kept]).toEqual([5, 0]);
    const codes = (models.seen as { findings: Issue[] }[]).flatMap((d) => d.findings.map((f) => f.code)).sort();
    expect(codes).toEqual(expect.arrayContaining(['FILENAME_CONVENTION', 'FRONTMATTER_MISSING', 'ID_UNIQUE', 'LINK_BROKEN']));
    expect(codes.filter((c) => c === 'LINK_BROKEN')).toHaveLength(2);
  });

  it('a repeated link is reported at each place it is broken, and passes wherever its first passed', async () => {
    // An earlier link that passed lets a repeat skip its lookups (linkFindings); broken ones and
    // ones waiting for a later document are never skipped.
    const body = [
      '[b](adr-002-b.md#top)',
      '[b](adr-002-b.md#top)',
      '[x](adr-002-b.md#nope)',
      '[x](adr-002-b.md#nope)',
      '[c](adr-003-c.md#top)',
      '[c](adr-003-c.md#gone)',
      '[c](adr-003-c.md#gone)',
      '[m](missing.md)',
      '[m](missing.md)',
      '![i](adr-002-b.md#top)',
    ].join('\n\n');
    const root = repo({
      // The same links before their targets (checked once every document is loaded) and after them (at once).
      'docs/45-adr/adr-001-a.md': doc({}, `# A\n\n${body}\n`),
      'docs/45-adr/adr-002-b.md': doc({ document_id: 'ACME-ADR-002' }, '# Top\n'),
      'docs/45-adr/adr-003-c.md': doc({ document_id: 'ACME-ADR-003' }, '# Top\n'),
      'docs/45-adr/adr-009-z.md': doc({ document_id: 'ACME-ADR-009' }, `# Z\n\n${body}\n`),
    });
    const { config } = await loadConfig(root);
    for (const keepDocuments of [true, false]) {
      const broken = new Map<string, string[]>();
      await inspectRepository(config, {
        keepDocuments,
        onDocument: (d) =>
          void broken.set(
            d.rel,
            d.findings.filter((f) => f.code === 'LINK_BROKEN').map((f) => `${f.line}:${f.column} ${f.message}`),
          ),
      });
      expect(broken.get('docs/45-adr/adr-009-z.md')).toEqual(broken.get('docs/45-adr/adr-001-a.md'));
      expect(broken.get('docs/45-adr/adr-001-a.md')).toEqual([
        '17:5 docs/45-adr/adr-002-b.md has no heading for the anchor "#nope".',
        '19:5 docs/45-adr/adr-002-b.md has no heading for the anchor "#nope".',
        '23:5 docs/45-adr/adr-003-c.md has no heading for the anchor "#gone".',
        '25:5 docs/45-adr/adr-003-c.md has no heading for the anchor "#gone".',
        '27:5 Link target "missing.md" does not exist.',
        '29:5 Link target "missing.md" does not exist.',
      ]);
    }
  });

  it('a file that vanishes between the walk and the read is a FILE_UNREADABLE warning, not a crash', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc() });
    const { config } = await loadConfig(root);
    const ns = config.namespaces[0]!;
    const seen: InspectedDocument[] = [];
    await inspectRepository(config, {
      walk: {
        files: [
          { rel: 'docs/45-adr/adr-001-a.md', namespace: ns },
          { rel: 'docs/45-adr/gone.md', namespace: ns },
        ],
        symlinks: [],
        unreadable: [],
        refusedRoots: [],
      },
      onDocument: (d) => void seen.push(d),
    });
    expect(seen.map((d) => d.rel)).toEqual(['docs/45-adr/adr-001-a.md', 'docs/45-adr/gone.md']);
    expect(seen[1]!.record.unreadable).toBe(true);
    expect(seen[1]!.findings.map((f) => [f.code, f.severity, f.message])).toEqual([
      ['FILE_UNREADABLE', 'warning', 'The file could not be read (ENOENT) and was skipped.'],
    ]);
  });
});

describe('applying a fix', () => {
  async function planned(files: Record<string, string>) {
    const root = repo(files);
    const { config } = await loadConfig(root);
    return { root, plans: planFixes(await inspectForFix(config, { fixable: true }), { today: '2026-03-03' }) };
  }

  it('leaves a file alone when it changed after it was read', async () => {
    const { root, plans } = await planned({ 'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }) });
    const file = path.join(root, 'docs/45-adr/adr-001-a.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited by someone else.\n`);
    const warnings: Issue[] = [];
    expect(await applyPlan(root, plans[0]!, warnings)).toEqual({ content: false, rename: false });
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      ['FIX_SKIPPED', 'docs/45-adr/adr-001-a.md changed (or vanished) after docket read it; it was left alone.'],
    ]);
    expect(readFileSync(file, 'utf8')).toContain('status: draft\n');
    expect(readFileSync(file, 'utf8')).toContain('Edited by someone else.');
  });

  it('never writes through a symbolic link swapped in after the read', async () => {
    const { root, plans } = await planned({ 'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }) });
    const outside = path.join(tempDir(), 'target.md');
    const file = path.join(root, 'docs/45-adr/adr-001-a.md');
    writeFileSync(outside, readFileSync(file));
    unlinkSync(file);
    symlinkSync(outside, file);
    const warnings: Issue[] = [];
    await applyPlan(root, plans[0]!, warnings);
    expect(warnings[0]!.code).toBe('FIX_SKIPPED');
    expect(readFileSync(outside, 'utf8')).toContain('status: draft\n');
  });

  it('a rename whose target appeared meanwhile is skipped, and the other file survives', async () => {
    const { root, plans } = await planned({ 'docs/45-adr/Adr_One.md': doc() });
    writeFileSync(path.join(root, 'docs/45-adr/adr-001-one.md'), 'mine');
    const warnings: Issue[] = [];
    expect(await applyPlan(root, plans[0]!, warnings)).toEqual({ content: false, rename: false });
    expect(warnings[0]!.message).toBe(
      'docs/45-adr/Adr_One.md was not renamed: docs/45-adr/adr-001-one.md already exists; nothing was renamed.',
    );
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-one.md'), 'utf8')).toBe('mine');
    rmSync(root, { recursive: true });
  });
});
