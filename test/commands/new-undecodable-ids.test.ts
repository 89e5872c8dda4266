import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38: a document docket cannot decode (Latin-1, UTF-16, binary, too large) still holds
// its ID; `new` handed out a second ACME-ADR-041 next to a Latin-1 notes.md that had it.

const head = (id: string) => `---\ndocument_id: ${id}\ntype: ADR\ntitle: Caf\u00e9 notes\nstatus: Draft\n---\n`;
const CASES: Record<string, (id: string) => Buffer> = {
  'Latin-1': (id) => Buffer.from(`${head(id)}# Caf\u00e9\n`, 'latin1'),
  'UTF-16': (id) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${head(id)}# Notes\n`, 'utf16le')]),
  binary: (id) => Buffer.concat([Buffer.from(head(id)), Buffer.from([0, 1, 2, 0, 0xff])]),
  'too large': (id) => Buffer.concat([Buffer.from(`${head(id)}# Big\n`), Buffer.alloc(3 * 1024 * 1024, 'x')]),
};

describe('new next to documents it cannot decode', () => {
  it.each(Object.keys(CASES))('%s: the ID in the file still counts, new takes the next number', async (kind) => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    writeTree(root, { 'docs/45-adr/notes.md': CASES[kind]!('ACME-ADR-041') });
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.json!.warnings.concat(check.json!.violations).map((f: { path: string }) => f.path)).toContain('docs/45-adr/notes.md');
    const made = await docket(['new', 'ADR', 'Second', '--root', root, '--json']);
    expectValidEnvelope(made.json, 'new');
    expect(made.exitCode, made.stdout).toBe(0);
    expect(made.json!.data.document_id).toBe('ACME-ADR-042');
    const chosen = await docket(['new', 'ADR', 'Again', '--id', 'ACME-ADR-041', '--root', root, '--json']);
    expect(chosen.json!.error?.code).toBe('DUPLICATE_ID');
  });
});

describe('fix next to documents it cannot decode', () => {
  it('allocates past the ID a Latin-1 document carries', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const full = (id: string, title: string) =>
      `---\ndocument_id: ${id}\ntype: ADR\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-01"\nowner: x\ndocops_version: "2.0"\n---\n# ${title}\n`;
    writeTree(root, {
      'docs/45-adr/adr-040-forty.md': full('ACME-ADR-040', 'Forty'),
      'docs/45-adr/notes.md': CASES['Latin-1']!('ACME-ADR-041'),
      // Named without a number: a name's own free number would be kept (adr-001-x.md gets 001).
      'docs/45-adr/no-id.md': '---\ntitle: No ID\n---\n# No ID\n',
    });
    const r = await docket(['fix', '--apply', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-03-04' } });
    expectValidEnvelope(r.json, 'fix');
    const resolved = await docket(['resolve', 'ACME-ADR-042', '--root', root, '--json']);
    expect(resolved.json!.data.path).toBe('docs/45-adr/no-id.md');
  });
});
