import { readFileSync, writeFileSync } from 'node:fs';
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

const doc = (id: string, extra: string) =>
  [
    '---',
    `document_id: ${id}`,
    'type: ADR',
    extra,
    'status: Draft',
    'version: "0.1"',
    'last_updated: "2025-01-01"',
    'owner: x',
    'docops_version: "2.0"',
    '---',
    '# A',
    '',
  ].join('\n');

describe('YAML tags the core schema cannot resolve', () => {
  it('make the frontmatter invalid, naming the tag and its line, instead of the bare value being used', async () => {
    const root = await repo();
    writeTree(root, {
      'docs/45-adr/adr-001-js.md': doc('ACME-ADR-001', 'title: !!js/function "function () {}"'),
      'docs/45-adr/adr-002-py.md': doc('ACME-ADR-002', 'title: !!python/object/apply:os.system ["echo hi"]'),
      'docs/45-adr/adr-003-str.md': doc('ACME-ADR-003', 'title: !!str 42'),
    });
    const r = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'check');
    const byPath = (p: string) => r.json!.violations.filter((v: { path: string }) => v.path === p);
    expect(byPath('docs/45-adr/adr-001-js.md')).toEqual([
      expect.objectContaining({
        code: 'FRONTMATTER_INVALID',
        line: 4,
        column: 8,
        message: expect.stringContaining('`!!js/function` is not supported'),
      }),
    ]);
    expect(byPath('docs/45-adr/adr-002-py.md')).toEqual([
      expect.objectContaining({
        code: 'FRONTMATTER_INVALID',
        line: 4,
        message: expect.stringContaining('`!!python/object/apply:os.system`'),
      }),
    ]);
    // A standard tag resolves: the document is valid, its title the string "42".
    expect(byPath('docs/45-adr/adr-003-str.md')).toEqual([]);
    const resolved = await docket(['resolve', 'ACME-ADR-003', '--root', root, '--json']);
    expect(resolved.json!.data.title).toBe('42');
  });

  it('make the config invalid for doctor and every command, with the line', async () => {
    const root = await repo();
    const file = path.join(root, 'docops.config.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^repo_prefix: .*$/m, 'repo_prefix: !!js/function "ACME"'));
    const line =
      readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith('repo_prefix:')) + 1;
    for (const command of ['doctor', 'check']) {
      const r = await docket([command, '--root', root, '--json']);
      expectValidEnvelope(r.json);
      const finding = command === 'doctor' ? r.json!.violations[0] : r.json!.error;
      expect(finding, command).toMatchObject({
        code: 'CONFIG_INVALID',
        message: `docops.config.yaml:${line}: the YAML tag \`!!js/function\` is not supported: its value cannot be read as what the tag says.`,
      });
    }
  });
});
