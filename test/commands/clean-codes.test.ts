import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Issue 38, "Clean codes instead of internal errors": what the user did gets its own code, never INTERNAL_ERROR.

async function repo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return root;
}

function appendToConfig(root: string, yaml: string): number {
  const file = path.join(root, 'docops.config.yaml');
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before}${yaml}`);
  return before.split('\n').length;
}

const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  '',
].join('\n');

describe('a hostile metadata schema or config', () => {
  it('a schema nested 5,000 levels deep is SCHEMA_INVALID for check, doctor and new', async () => {
    const root = await repo();
    const file = path.join(root, 'docs/00-governance/metadata.schema.json');
    const deep = `${'{"type":"object","properties":{"a":'.repeat(5000)}{"type":"string"}${'}}'.repeat(5000)}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^\{/, `{"x-deep":${deep},`));
    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.json!.violations).toEqual([
      expect.objectContaining({
        code: 'SCHEMA_INVALID',
        path: 'docs/00-governance/metadata.schema.json',
        message: expect.stringContaining('more than 256 levels deep'),
      }),
    ]);
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.json!.violations.map((v: { code: string }) => v.code)).toEqual(['SCHEMA_INVALID']);
    const made = await docket(['new', 'ADR', 'Deep', '--root', root, '--json']);
    expectValidEnvelope(made.json);
    expect(made.json!.error.code).not.toBe('INTERNAL_ERROR');
  });

  it('an alias bomb in the config is CONFIG_INVALID with its line, for doctor and every command', async () => {
    const root = await repo();
    const line = appendToConfig(root, ALIAS_BOMB);
    for (const command of ['doctor', 'check', 'new']) {
      const r = await docket(command === 'new' ? ['new', 'ADR', 'Bomb', '--root', root, '--json'] : [command, '--root', root, '--json']);
      expectValidEnvelope(r.json);
      const finding = command === 'doctor' ? r.json!.violations[0] : r.json!.error;
      expect(finding, command).toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/^docops\.config\.yaml:\d+: its aliases \(\*name\) expand to too many values/),
      });
      expect(Number(/:(\d+):/.exec(finding.message)![1])).toBeGreaterThanOrEqual(line);
      if (command !== 'doctor') expect(r.exitCode, command).toBe(65);
    }
  });

  it('an alias without its anchor is CONFIG_INVALID naming the alias and its line', async () => {
    const root = await repo();
    const line = appendToConfig(root, 'extra: *nope\n');
    for (const command of ['doctor', 'check']) {
      const r = await docket([command, '--root', root, '--json']);
      expectValidEnvelope(r.json);
      const finding = command === 'doctor' ? r.json!.violations[0] : r.json!.error;
      expect(finding, command).toMatchObject({
        code: 'CONFIG_INVALID',
        message: `docops.config.yaml:${line}: the alias *nope has no anchor &nope before it.`,
      });
    }
  });
});
