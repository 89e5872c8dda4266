import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function repo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return root;
}

/** `comment` adds a comment line, which sends the frontmatter to the yaml package instead of the fast parser. */
const doc = (id: string, fields: Record<string, string>, comment: boolean) =>
  ['---', ...(comment ? ['# general parser'] : []), `document_id: ${id}`, 'type: ADR', 'status: Draft', 'last_updated: "2025-01-01"', 'owner: x', 'docops_version: "2.0"', ...Object.entries({ title: 'A title', version: '"0.1"', ...fields }).map(([k, v]) => `${k}: ${v}`), '---', '# A', ''].join('\n');

describe('a scalar YAML types other than the schema says is reported as written', () => {
  for (const comment of [false, true]) {
    it(`quotes the source text where the value would misstate it (${comment ? 'yaml package' : 'fast parser'})`, async () => {
      const root = await repo();
      writeTree(root, {
        'docs/45-adr/adr-001-inf.md': doc('ACME-ADR-001', { version: '.inf' }, comment),
        'docs/45-adr/adr-002-digits.md': doc('ACME-ADR-002', { title: '12345678901234567890' }, comment),
        'docs/45-adr/adr-003-float.md': doc('ACME-ADR-003', { title: '1.50' }, comment),
        'docs/45-adr/adr-004-int.md': doc('ACME-ADR-004', { title: '42' }, comment),
      });
      const r = await docket(['check', '--root', root, '--json']);
      expectValidEnvelope(r.json, 'check');
      const message = (p: string) => r.json!.violations.filter((v: { path: string }) => v.path === p).map((v: { message: string }) => v.message);
      expect(message('docs/45-adr/adr-001-inf.md')).toEqual(['`version` is written `.inf`, which YAML reads as infinity; expected string.']);
      expect(message('docs/45-adr/adr-002-digits.md')).toEqual(['`title` is written `12345678901234567890`, which YAML reads as the number 12345678901234567000; expected string.']);
      expect(message('docs/45-adr/adr-003-float.md')).toEqual(['`title` is written `1.50`, which YAML reads as the number 1.5; expected string.']);
      // Printed as written already: no need to say it twice.
      expect(message('docs/45-adr/adr-004-int.md')).toEqual(['`title` is 42; expected string.']);
      expect(r.json!.violations.find((v: { path: string }) => v.path === 'docs/45-adr/adr-002-digits.md').suggestion).toBe('Quote the value: `title: "12345678901234567890"`.');
    });
  }

  for (const comment of [false, true]) {
    it(`keeps the digits as written in the index (${comment ? 'yaml package' : 'fast parser'})`, async () => {
      const root = await repo();
      writeTree(root, {
        'docs/45-adr/adr-001-digits.md': doc('ACME-ADR-001', { title: '12345678901234567890', version: '.inf' }, comment),
        'docs/45-adr/adr-002-float.md': doc('ACME-ADR-002', { title: '1.50' }, comment),
      });
      const r = await docket(['index', '--root', root, '--json']);
      expectValidEnvelope(r.json, 'index');
      const artifact = JSON.parse(readFileSync(path.join(root, 'docs/01-indices/docket.index.json'), 'utf8'));
      const node = (id: string) => artifact.nodes.find((n: { document_id: string }) => n.document_id === id);
      expect(node('ACME-ADR-001')).toMatchObject({ title: '12345678901234567890', version: '.inf' });
      expect(node('ACME-ADR-002')).toMatchObject({ title: '1.50', version: '0.1' });
    });
  }
});
