import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { ensureSchema } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** A metadata schema whose document_id has no pattern: only the config can stop a hostile prefix. */
const LOOSE_SCHEMA = JSON.stringify({
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['document_id', 'type', 'title'],
  properties: { document_id: { type: 'string' }, type: { type: 'string' }, title: { type: 'string' } },
});

/**
 * A repository three levels below a scratch directory that holds `outside/` and `OUTSIDE/`,
 * so that `../../../outside/PWN` lands in a folder that exists. `trailer` is appended to the
 * prefix line: a trailing comment sends the config to the general YAML parser instead of the
 * fast path (config/simple-yaml.ts), and both must refuse alike.
 */
function hostileRepo(prefix: string, trailer = ''): { root: string; scratch: string } {
  const scratch = tempDir();
  writeTree(scratch, { 'outside/.keep': '', 'OUTSIDE/.keep': '' });
  const root = path.join(scratch, 'a', 'b', 'repo');
  writeTree(root, {
    'docops.config.yaml': `project_name: repo\nrepo_prefix: ${JSON.stringify(prefix)}${trailer}\ndocs_root: docs\n`,
    'docs/00-governance/metadata.schema.json': LOOSE_SCHEMA,
  });
  return { root, scratch };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

describe('repo_prefix and type keys are validated when the config loads', () => {
  for (const [parser, trailer] of [
    ['fast path', ''],
    ['yaml library', '  # team prefix'],
  ] as const) {
    for (const prefix of ['../../../outside/PWN', '../X', '', 'A-B', 'AB', 'ABCDEFGHIJK']) {
      it(`refuses repo_prefix ${JSON.stringify(prefix)} (${parser}): new writes nothing, CONFIG_INVALID with key and line`, async () => {
        const { root, scratch } = hostileRepo(prefix, trailer);
        const r = await docket(['new', 'ADR', 'Escape', '--root', root, '--json']);
        expect(r.exitCode, r.stdout).toBe(65);
        expectValidEnvelope(r.json, 'new');
        expect(r.json!.error).toMatchObject({
          code: 'CONFIG_INVALID',
          details: { key: 'repo_prefix', line: 2, path: 'docops.config.yaml' },
        });
        expect(r.json!.error.message).toContain('docops.config.yaml:2:');
        expect(r.json!.error.message).toContain(JSON.stringify(prefix));
        expect(filesUnder(path.join(scratch, 'outside'))).toEqual(['.keep']);
        expect(filesUnder(path.join(scratch, 'OUTSIDE'))).toEqual(['.keep']);
        expect(existsSync(path.join(root, '.docket'))).toBe(false);
        expect(existsSync(path.join(root, 'docs', '45-adr'))).toBe(false);

        const doctor = await docket(['doctor', '--root', root, '--json']);
        expect(doctor.exitCode).toBe(1);
        expect(doctor.json!.violations).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', line: 2 })]);
      });
    }

    it(`normalises case and surrounding whitespace of repo_prefix with a warning (${parser})`, async () => {
      const { root } = hostileRepo(' acme ', trailer);
      const r = await docket(['new', 'ADR', 'Lower case prefix', '--root', root, '--json']);
      expect(r.exitCode, r.stdout).toBe(0);
      expect(r.json!.data.document_id).toBe('ACME-ADR-001');
      expect(r.json!.warnings).toContainEqual(
        expect.objectContaining({ code: 'CONFIG_VALUE_NORMALIZED', line: 2, message: '`repo_prefix` " acme " is read as ACME.' }),
      );
    });
  }

  it('refuses a namespace prefix with the namespace key and its line', async () => {
    const root = writeTree(tempDir(), {
      'docops.config.yaml':
        'repo_prefix: ACME\nnamespaces:\n  - name: main\n    docs_root: docs\n  - name: evil\n    docs_root: other\n    repo_prefix: ../claims\n',
    });
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.json!.violations).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', line: 7 })]);
    expect(r.json!.violations[0].message).toContain('`namespaces[1].repo_prefix` is "../claims"');
  });

  for (const [map, entry] of [
    ['document_types', (key: string) => `document_types:\n  ${key}:\n    directory: 46-x\n`],
    ['type_directories', (key: string) => `type_directories:\n  ${key}: 46-x\n`],
    ['templates', (key: string) => `templates:\n  ${key}: docs/t.md\n`],
  ] as const) {
    for (const key of ['""', '"../../X"', 'A-B', '"A B"']) {
      it(`refuses the type key ${key} in ${map} (doctor and new)`, async () => {
        const root = writeTree(tempDir(), { 'docops.config.yaml': `repo_prefix: ACME\ndocs_root: docs\n${entry(key)}` });
        ensureSchema(root);
        const doctor = await docket(['doctor', '--root', root, '--json']);
        expect(doctor.exitCode).toBe(1);
        expect(doctor.json!.violations).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', line: 4 })]);
        expect(doctor.json!.violations[0].message).toContain(
          `the document type ${JSON.stringify(JSON.parse(key.startsWith('"') ? key : JSON.stringify(key)))}`,
        );
        const r = await docket(['new', 'ADR', 'Any', '--root', root, '--json']);
        expect(r.json!.error).toMatchObject({ code: 'CONFIG_INVALID', details: { line: 4, path: 'docops.config.yaml' } });
        expect(existsSync(path.join(root, '.docket'))).toBe(false);
      });
    }
  }

  it('keeps type keys that are words longer than an ID segment, and normalises case with a warning', async () => {
    const root = writeTree(tempDir(), {
      'docops.config.yaml':
        'repo_prefix: ACME\ndocs_root: docs\ndocument_types:\n  TROUBLESHOOTING:\n    directory: 65-troubleshooting\n  rfc:\n    directory: 15-rfc\ntemplates:\n  adr: docs/00-governance/templates/adr.template.md\n',
    });
    ensureSchema(root);
    const r = await docket(['context', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.namespaces[0].document_types.map((t: any) => t.type)).toEqual(expect.arrayContaining(['RFC', 'TROUBLESHOOTING']));
    // `templates` keys are lower case in the Python DocOps CLI's configs: no warning for them.
    expect(r.json!.warnings.filter((w: any) => w.code === 'CONFIG_VALUE_NORMALIZED')).toEqual([
      expect.objectContaining({ line: 6, message: 'The document type "rfc" under `document_types` is read as RFC.' }),
    ]);
    const made = await docket(['new', 'rfc', 'Lower case type', '--root', root, '--json']);
    expect(made.exitCode, made.stdout).toBe(0);
    expect(made.json!.data.document_id).toBe('ACME-RFC-001');
  });

  it('the config written after a refusal loads again (nothing was left half-done)', async () => {
    const { root } = hostileRepo('../X');
    writeFileSync(path.join(root, 'docops.config.yaml'), 'project_name: repo\nrepo_prefix: ACME\ndocs_root: docs\n');
    const r = await docket(['new', 'ADR', 'Fine', '--root', root, '--json']);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.json!.data.document_id).toBe('ACME-ADR-001');
  });
});
