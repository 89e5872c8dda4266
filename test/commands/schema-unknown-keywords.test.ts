import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const SCHEMA = 'docs/00-governance/metadata.schema.json';

/** An initialised repository whose metadata schema `edit` changes (the one `init` writes). */
async function repo(edit: (schema: Record<string, any>) => void): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  await docket(['new', 'ADR', 'First decision', '--root', root]);
  const file = path.join(root, SCHEMA);
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  edit(schema);
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  return root;
}

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('a metadata schema with an unknown keyword or format', () => {
  it('is a warning naming it and its JSON pointer in check, doctor and new; ajv prints nothing to stderr', async () => {
    const root = await repo((s) => {
      s.properties.title.format = 'slug';
      s.properties.title.maxLenght = 80; // misspelt: checks nothing
      s.properties.related_ids.items.patern = '^X'; // nested, misspelt
      s['x-owner'] = 'platform'; // an annotation of one's own: not reported
    });
    const expected = [
      expect.objectContaining({
        code: 'SCHEMA_UNKNOWN_KEYWORD',
        severity: 'warning',
        path: SCHEMA,
        message: expect.stringContaining('"patern" at /properties/related_ids/items/patern'),
        suggestion: expect.stringContaining('Did you mean "pattern"?'),
      }),
      expect.objectContaining({
        code: 'SCHEMA_UNKNOWN_FORMAT',
        severity: 'warning',
        path: SCHEMA,
        message: expect.stringContaining('"slug" at /properties/title/format'),
      }),
      expect.objectContaining({
        code: 'SCHEMA_UNKNOWN_KEYWORD',
        severity: 'warning',
        path: SCHEMA,
        message: expect.stringContaining('"maxLenght" at /properties/title/maxLenght'),
        suggestion: expect.stringContaining('Did you mean "maxLength"?'),
      }),
    ];

    const check = await docket(['check', '--root', root, '--json']);
    expect(check.stderr).toBe('');
    expectValidEnvelope(check.json, 'check');
    expect(check.exitCode).toBe(0);
    const schemaWarnings = check.json!.warnings.filter((w: { code: string }) => w.code.startsWith('SCHEMA_'));
    expect(schemaWarnings).toHaveLength(3);
    expect(schemaWarnings).toEqual(expect.arrayContaining(expected));
    expect(JSON.stringify(check.json)).not.toContain('x-owner');
    // Warnings: --strict fails the run, as for every warning.
    expect((await docket(['check', '--root', root, '--strict', '--json'])).exitCode).toBe(1);

    const text = await docket(['check', '--root', root]);
    expect(text.stderr).toBe('');

    const doctor = await docket(['doctor', '--root', root, '--json']);
    expect(doctor.stderr).toBe('');
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.json!.data.checks.find((c: { name: string }) => c.name === 'schema')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('"slug" at /properties/title/format'),
    });
    expect(doctor.json!.warnings).toHaveLength(3);
    expect(doctor.json!.warnings).toEqual(expect.arrayContaining(expected));

    const created = await docket(['new', 'ADR', 'Second decision', '--root', root, '--json']);
    expect(created.stderr).toBe('');
    expect(created.exitCode, created.stdout).toBe(0);
    expect(codes(created.json!.warnings).sort()).toEqual(['SCHEMA_UNKNOWN_FORMAT', 'SCHEMA_UNKNOWN_KEYWORD', 'SCHEMA_UNKNOWN_KEYWORD']);
  });

  it('leaves the rest of the schema in force: a document that breaks a known keyword is still a violation', async () => {
    const root = await repo((s) => {
      s.properties.title.format = 'slug';
      s.properties.title.maxLength = 5;
    });
    const r = await docket(['check', '--root', root, '--json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(1);
    expect(codes(r.json!.violations)).toEqual(['SCHEMA_VALIDATION']);
    expect(codes(r.json!.warnings)).toEqual(['SCHEMA_UNKNOWN_FORMAT']);
  });

  it('knows the keywords of the draft the schema names (2020-12 here), and lists at most 20 with a count of the rest', async () => {
    const root = await repo((s) => {
      s.$schema = 'https://json-schema.org/draft/2020-12/schema';
      s.unevaluatedProperties = false;
      s.$defs = { id: { type: 'string' } };
      for (let i = 0; i < 25; i++) s.properties.title[`custom${String(i).padStart(2, '0')}`] = true;
    });
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.stderr).toBe('');
    const unknown = r.json!.warnings.filter((w: { code: string }) => w.code === 'SCHEMA_UNKNOWN_KEYWORD');
    expect(unknown).toHaveLength(21);
    const messages = unknown.map((w: { message: string }) => w.message).join('\n');
    // The first 20 by pointer are listed, the other 5 counted.
    expect(messages).toContain('"custom19" at /properties/title/custom19');
    expect(messages).not.toContain('custom20');
    expect(messages).toContain('5 more unknown keywords or formats than the 20 listed');
    expect(JSON.stringify(r.json!.warnings)).not.toMatch(/unevaluatedProperties|\$defs/);
  });

  it('is not reported for the schema init writes', async () => {
    const root = writeTree(tempDir(), {});
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.stderr).toBe('');
    expect(r.json!.warnings).toEqual([]);
  });
});
