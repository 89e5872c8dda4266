import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastRun } from '../../src/core/engine/pipeline.js'; // shared through globalThis with the built copy the commands run
import { docket } from '../helpers/cli.js';
import { ageFiles, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function repo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return root;
}

/** `comment` adds a comment line, which sends the frontmatter to the yaml package instead of the fast parser. */
const doc = (id: string, fields: Record<string, string>, comment: boolean) =>
  [
    '---',
    ...(comment ? ['# general parser'] : []),
    `document_id: ${id}`,
    'type: ADR',
    'status: Draft',
    'last_updated: "2025-01-01"',
    'owner: x',
    'docops_version: "2.0"',
    ...Object.entries({ title: 'A title', version: '"0.1"', ...fields }).map(([k, v]) => `${k}: ${v}`),
    '---',
    '# A',
    '',
  ].join('\n');

/** One document per kind of scalar the rule reports (SCALAR_TYPE_MISMATCH), and one it leaves alone. */
function mismatches(comment: boolean): Record<string, string> {
  return {
    'docs/45-adr/adr-001-inf.md': doc('ACME-ADR-001', { version: '.inf' }, comment),
    'docs/45-adr/adr-002-digits.md': doc('ACME-ADR-002', { title: '12345678901234567890' }, comment),
    'docs/45-adr/adr-003-float.md': doc('ACME-ADR-003', { title: '1.50' }, comment),
    'docs/45-adr/adr-004-yes.md': doc('ACME-ADR-004', { area: 'yes' }, comment),
    'docs/45-adr/adr-005-date.md': doc('ACME-ADR-005', { description: '2026-01-01' }, comment),
    'docs/45-adr/adr-006-hex.md': doc('ACME-ADR-006', { approvers: '0x1F' }, comment),
    // What the Python DocOps CLI normalises: silent.
    'docs/45-adr/adr-007-python.md': doc(
      'ACME-ADR-007',
      { version: '1', template_version: '1.10', last_updated: '2026-01-31T10:00:00Z' },
      comment,
    ).replace('last_updated: "2025-01-01"\n', ''),
  };
}

describe('one rule for scalars: a value YAML types otherwise than the schema wants is read as written, with a warning', () => {
  for (const comment of [false, true]) {
    it(`check --format json quotes the source text, with the line and a remedy (${comment ? 'yaml package' : 'fast parser'})`, async () => {
      const root = await repo();
      writeTree(root, mismatches(comment));
      const r = await docket(['check', '--root', root, '--format', 'json']);
      expectValidEnvelope(r.json, 'check');
      // File lines: `title` follows the seven fixed lines (a comment line moves it down one), `version` and the others follow it.
      const line = comment ? 10 : 9;
      const warnings = r.json!.warnings.filter((w: { code: string }) => w.code === 'SCALAR_TYPE_MISMATCH');
      const py = 'YAML 1.1 readers (the Python DocOps CLI among them) read';
      expect(warnings.map((w: Record<string, unknown>) => [w.path, w.line, w.severity, w.message, w.suggestion, w.fixable])).toEqual([
        [
          'docs/45-adr/adr-001-inf.md',
          line,
          'warning',
          '`version` is written `.inf`, which YAML reads as a number; the schema wants text, so docket reads it as written.',
          'Quote it: `version: ".inf"`; `docket fix --apply` does it.',
          true,
        ],
        [
          'docs/45-adr/adr-002-digits.md',
          line - 1,
          'warning',
          '`title` is written `12345678901234567890`, which YAML reads as a number; the schema wants text, so docket reads it as written.',
          'Quote it: `title: "12345678901234567890"`; `docket fix --apply` does it.',
          true,
        ],
        [
          'docs/45-adr/adr-003-float.md',
          line - 1,
          'warning',
          '`title` is written `1.50`, which YAML reads as a number; the schema wants text, so docket reads it as written.',
          'Quote it: `title: "1.50"`; `docket fix --apply` does it.',
          true,
        ],
        [
          'docs/45-adr/adr-004-yes.md',
          line + 1,
          'warning',
          `\`area\` is written \`yes\`, which ${py} as true or false; the schema wants text, so docket reads it as written.`,
          'Quote it: `area: "yes"`; `docket fix --apply` does it.',
          true,
        ],
        [
          'docs/45-adr/adr-005-date.md',
          line + 1,
          'warning',
          `\`description\` is written \`2026-01-01\`, which ${py} as a date; the schema wants text, so docket reads it as written.`,
          'Quote it: `description: "2026-01-01"`; `docket fix --apply` does it.',
          true,
        ],
        [
          'docs/45-adr/adr-006-hex.md',
          line + 1,
          'warning',
          '`approvers` is written `0x1F`, which YAML reads as a number; the schema wants text, so docket reads it as written.',
          'Quote it: `approvers: "0x1F"`; `docket fix --apply` does it.',
          true,
        ],
      ]);
      // The one violation: `.inf` read as written is no MAJOR.MINOR version, said with its text (never "null" or Infinity).
      expect(r.json!.violations.map((v: Record<string, unknown>) => [v.path, v.code, v.message])).toEqual([
        [
          'docs/45-adr/adr-001-inf.md',
          'SCHEMA_VALIDATION',
          '`version` is ".inf"; expected a value matching ^\\d+\\.\\d+$ (MAJOR.MINOR, e.g. "0.1").',
        ],
      ]);
      expect(r.json!.warnings.filter((w: { code: string }) => w.code !== 'SCALAR_TYPE_MISMATCH')).toEqual([]);
      expect(r.exitCode).toBe(1);
    });
  }

  for (const comment of [false, true]) {
    it(`keeps the digits as written in the index (${comment ? 'yaml package' : 'fast parser'})`, async () => {
      const root = await repo();
      writeTree(root, {
        'docs/45-adr/adr-001-digits.md': doc('ACME-ADR-001', { title: '12345678901234567890', version: '.inf' }, comment),
        'docs/45-adr/adr-002-float.md': doc('ACME-ADR-002', { title: '1.50' }, comment),
        'docs/45-adr/adr-003-python.md': doc('ACME-ADR-003', { version: '1' }, comment),
      });
      const r = await docket(['index', '--root', root, '--json']);
      expectValidEnvelope(r.json, 'index');
      const artifact = JSON.parse(readFileSync(path.join(root, 'docs/01-indices/docket.index.json'), 'utf8'));
      const node = (id: string) => artifact.nodes.find((n: { document_id: string }) => n.document_id === id);
      expect(node('ACME-ADR-001')).toMatchObject({ title: '12345678901234567890', version: '.inf' });
      expect(node('ACME-ADR-002')).toMatchObject({ title: '1.50', version: '0.1' });
      expect(node('ACME-ADR-003')).toMatchObject({ version: '1.0' });
    });
  }

  it('a cached run reports exactly what an uncached one does', async () => {
    const root = await repo();
    writeTree(root, {
      ...mismatches(false),
      ...Object.fromEntries(
        Object.entries(mismatches(true)).map(([p, t]) => [
          p.replace('adr-0', 'adr-1').replace('ACME-ADR-0', 'ACME-ADR-1'),
          t.replace(/ACME-ADR-0/, 'ACME-ADR-1'),
        ]),
      ),
    });
    // The cache trusts only files older than its run.
    ageFiles(root, ['docs']);
    const reference = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
    const cold = await docket(['check', '--root', root, '--format', 'json']);
    const warm = await docket(['check', '--root', root, '--format', 'json']);
    expect(lastRun.remembered).toBe(14);
    for (const r of [cold, warm]) {
      expect(r.stdout).toBe(reference.stdout);
      expect(r.exitCode).toBe(reference.exitCode);
    }
    expectValidEnvelope(warm.json, 'check');
    expect(warm.json!.warnings.filter((w: { code: string }) => w.code === 'SCALAR_TYPE_MISMATCH')).toHaveLength(12);
  });

  it('fix --apply quotes each value as written; check then has nothing to say about them', async () => {
    const root = await repo();
    writeTree(root, mismatches(false));
    const dry = await docket(['fix', '--root', root, '--format', 'json']);
    expectValidEnvelope(dry.json, 'fix');
    expect(dry.json!.data.changes.map((c: { path: string }) => c.path)).toEqual([
      'docs/45-adr/adr-001-inf.md',
      'docs/45-adr/adr-002-digits.md',
      'docs/45-adr/adr-003-float.md',
      'docs/45-adr/adr-004-yes.md',
      'docs/45-adr/adr-005-date.md',
      'docs/45-adr/adr-006-hex.md',
    ]);
    const text = await docket(['fix', '--root', root, '--format', 'text', '--apply']);
    expect(text.stdout).toContain('title: 12345678901234567890 → "12345678901234567890"');
    const read = (p: string) => readFileSync(path.join(root, 'docs/45-adr', p), 'utf8');
    expect(read('adr-001-inf.md')).toContain('\nversion: ".inf"\n');
    expect(read('adr-002-digits.md')).toContain('\ntitle: "12345678901234567890"\n');
    expect(read('adr-003-float.md')).toContain('\ntitle: "1.50"\n');
    expect(read('adr-004-yes.md')).toContain('\narea: "yes"\n');
    expect(read('adr-005-date.md')).toContain('\ndescription: "2026-01-01"\n');
    expect(read('adr-006-hex.md')).toContain('\napprovers: "0x1F"\n');
    // What the Python tool normalises is left as written.
    expect(read('adr-007-python.md')).toContain('\nversion: 1\ntemplate_version: 1.10\nlast_updated: 2026-01-31T10:00:00Z\n');
    const after = await docket(['check', '--root', root, '--format', 'json']);
    expectValidEnvelope(after.json, 'check');
    expect(after.json!.warnings).toEqual([]);
    // Quoted, `.inf` is still no MAJOR.MINOR version: that stays for a person.
    expect(after.json!.violations.map((v: { path: string; code: string }) => [v.path, v.code])).toEqual([
      ['docs/45-adr/adr-001-inf.md', 'SCHEMA_VALIDATION'],
    ]);
  });
});
