import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledSchema } from '../../src/core/schema/compile.js';
import { compileSchemaFile as compileFromSource } from '../../src/core/schema/compile.js';
import { tempDir } from '../helpers/fixtures.js';

// The built code (npm test builds first): it carries the validators precompiled by scripts/validators.js.
const built = (await import(
  new URL('../../dist/core/schema/compile.js', import.meta.url).href
)) as typeof import('../../src/core/schema/compile.js');
const SCHEMA = path.resolve('schemas/metadata.schema.json');

function repoWith(schemaText: string): string {
  const root = tempDir();
  mkdirSync(path.join(root, 'docs/00-governance'), { recursive: true });
  writeFileSync(path.join(root, 'docs/00-governance/metadata.schema.json'), schemaText);
  return root;
}

async function compiled(compile: typeof compileFromSource, root: string): Promise<CompiledSchema> {
  const c = await compile(root, 'docs/00-governance/metadata.schema.json');
  if (!c.ok) throw new Error(c.issue.message);
  return c;
}

const value = fc.oneof(
  fc.constantFrom(
    'ACME-ADR-001',
    'acme-adr-1',
    'ADR',
    'adr',
    'Draft',
    'Approved',
    'bogus',
    '0.1',
    '1',
    '2026-01-31',
    '2026-02-30',
    '2026-02-29',
    '2024-02-29',
    '',
    ' ',
    'x',
    '\u{1F600}',
  ),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.constantFrom('ACME-ADR-002', 'nope', ''), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);
const KEYS = [
  'document_id',
  'type',
  'title',
  'status',
  'version',
  'last_updated',
  'owner',
  'docops_version',
  'area',
  'description',
  'keywords',
  'tags',
  'related_ids',
  'superseded_by',
  'approvers',
  'template_type',
  'template_version',
  'titel',
  'extra',
];
const metadata = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 12 });
const valid = {
  document_id: 'ACME-ADR-001',
  type: 'ADR',
  title: 'T',
  status: 'Draft',
  version: '0.1',
  last_updated: '2026-01-31',
  owner: 'O',
  docops_version: '2.0',
};

describe('the precompiled validator of the built-in metadata schema', () => {
  it('is used for the built-in schema, even reformatted, and not for another schema', async () => {
    const text = readFileSync(SCHEMA, 'utf8');
    const mine = await compiled(built.compileSchemaFile, repoWith(text));
    expect((mine.validate as { schemaEnv?: unknown }).schemaEnv).toBeUndefined(); // standalone code, not an ajv compilation
    const reformatted = await compiled(built.compileSchemaFile, repoWith(JSON.stringify(JSON.parse(text), null, 4)));
    expect((reformatted.validate as { schemaEnv?: unknown }).schemaEnv).toBeUndefined();
    const other = JSON.parse(text);
    other.properties.status.enum.push('Retired');
    const custom = await compiled(built.compileSchemaFile, repoWith(JSON.stringify(other)));
    expect((custom.validate as { schemaEnv?: unknown }).schemaEnv).toBeDefined();
    expect(custom.validate({ ...valid, status: 'Retired' })).toBe(true);
    expect(mine.validate({ ...valid, status: 'Retired' })).toBe(false);
  });

  it('answers exactly as ajv compiling the schema at run time: result and every error', async () => {
    const text = readFileSync(SCHEMA, 'utf8');
    const pre = await compiled(built.compileSchemaFile, repoWith(text));
    // The run-time fallback: the same schema with one more (unused) property is compiled by ajv.
    const other = JSON.parse(text);
    other.properties.unused_property = { type: 'string' };
    const ajv = await compiled(compileFromSource, repoWith(JSON.stringify(other)));
    expect((ajv.validate as { schemaEnv?: unknown }).schemaEnv).toBeDefined();
    fc.assert(
      fc.property(
        fc
          .oneof(
            metadata,
            metadata.map((m) => ({ ...valid, ...m })),
          )
          .filter((d) => !('unused_property' in d)),
        (data) => {
          expect(pre.validate(data)).toBe(ajv.validate(data));
          expect(pre.validate.errors ?? null).toStrictEqual(ajv.validate.errors ?? null);
          const a = pre.detailed();
          const b = ajv.detailed();
          expect(a(data)).toBe(b(data));
          expect(a.errors ?? null).toStrictEqual(b.errors ?? null);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
