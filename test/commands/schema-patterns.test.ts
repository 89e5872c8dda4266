import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const SCHEMA = 'docs/00-governance/metadata.schema.json';
const TODAY = { DOCKET_TODAY: '2026-03-04' };
// A title that makes a backtracking engine try 2^41 paths for `^(a|a)*$`.
const HOSTILE_TITLE = `${'a'.repeat(41)}!`;

/** An initialised repository with one ADR whose schema gives `title` (and more) the patterns named. */
async function repoWithPatterns(patterns: Record<string, string>): Promise<{ root: string; adr: string }> {
  const root = tempDir();
  expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
  const created = await docket(['new', 'ADR', 'Use PostgreSQL', '--root', root, '--json'], { env: TODAY });
  expect(created.exitCode, created.stdout).toBe(0);
  const file = path.join(root, SCHEMA);
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  for (const [field, pattern] of Object.entries(patterns)) schema.properties[field].pattern = pattern;
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  return { root, adr: path.join(root, created.json!.data.path) };
}

function setTitle(adr: string, title: string): void {
  writeFileSync(adr, readFileSync(adr, 'utf8').replace(/^title: .*$/m, `title: ${title}`));
}

describe('schema patterns run in linear time (issue 38)', () => {
  for (const pattern of ['^(a|a)*$', '^(a+)+$']) {
    it(`check, fix and new finish on ${pattern} with a 41-character title`, { timeout: 60_000 }, async () => {
      const { root, adr } = await repoWithPatterns({ title: pattern });
      setTitle(adr, HOSTILE_TITLE);
      const check = await docket(['check', '--root', root, '--json']);
      expectValidEnvelope(check.json, 'check');
      expect(check.exitCode).toBe(1);
      expect(check.json!.violations).toEqual([
        expect.objectContaining({ code: 'SCHEMA_VALIDATION', line: 4, message: expect.stringContaining(pattern) }),
      ]);

      const fix = await docket(['fix', '--root', root, '--json']);
      expectValidEnvelope(fix.json, 'fix');
      expect(fix.json!.violations.map((v: any) => v.code)).toEqual(['SCHEMA_VALIDATION']);

      const created = await docket(['new', 'ADR', HOSTILE_TITLE, '--root', root, '--json'], { env: TODAY });
      expect(created.json!.error).toMatchObject({ code: 'GENERATED_METADATA_INVALID' });
      // A title the pattern accepts passes through the same engine.
      setTitle(adr, 'aaaa');
      expect((await docket(['check', '--root', root, '--json'])).exitCode).toBe(0);
    });
  }

  it('each pattern of a custom schema keeps its own meaning (version and ID patterns beside a custom one)', async () => {
    const { root, adr } = await repoWithPatterns({ title: '^[A-Z][a-z]+( [A-Za-z]+)*$', owner: '^(team|person):\\S+$' });
    writeFileSync(adr, readFileSync(adr, 'utf8').replace(/^owner: .*$/m, 'owner: team:platform'));
    const ok = await docket(['check', '--root', root, '--json']);
    expect(ok.json!.violations).toEqual([]);
    expect(ok.exitCode).toBe(0);
    writeFileSync(adr, readFileSync(adr, 'utf8').replace(/^version: .*$/m, 'version: "1.x"'));
    const bad = await docket(['check', '--root', root, '--json']);
    expect(bad.json!.violations.map((v: any) => v.message)).toEqual([expect.stringContaining('^\\d+\\.\\d+$')]);
  });

  it('doctor notes which patterns run on RE2, and stays ok', async () => {
    const { root } = await repoWithPatterns({ title: '^(a+)+$', owner: '^[a-z]+(-[a-z]+)*$' });
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.exitCode).toBe(0);
    expect(doctor.json!.data.checks.find((c: any) => c.name === 'schema')).toMatchObject({ status: 'ok' });
    expect(doctor.json!.warnings).toEqual([
      expect.objectContaining({
        code: 'SCHEMA_PATTERN_RE2',
        severity: 'info',
        path: SCHEMA,
        message: expect.stringContaining('"^(a+)+$" at /properties/title/pattern'),
      }),
    ]);
  });

  for (const [pattern, what] of [
    ['^(\\w+) \\1$', 'backreference `\\1`'],
    ['^(?!draft).*$', 'lookaround `(?!`'],
    ['^(?<=x)a$', 'lookaround `(?<=`'],
    ['^(?<w>a)\\k<w>$', 'backreference `\\k<w>`'],
  ] as const) {
    it(`refuses ${pattern} with SCHEMA_INVALID naming the pattern and where it is, in check and doctor`, async () => {
      const { root } = await repoWithPatterns({ owner: pattern });
      const check = await docket(['check', '--root', root, '--json']);
      expectValidEnvelope(check.json, 'check');
      expect(check.exitCode).toBe(1);
      const line =
        readFileSync(path.join(root, SCHEMA), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('"pattern"') && l.includes(JSON.stringify(pattern).slice(1, -1))) + 1;
      expect(check.json!.violations).toEqual([
        expect.objectContaining({
          code: 'SCHEMA_INVALID',
          path: SCHEMA,
          line,
          message: expect.stringContaining(`${JSON.stringify(pattern)} at /properties/owner/pattern`),
        }),
      ]);
      expect(check.json!.violations[0].message).toContain(what);
      const doctor = await docket(['doctor', '--root', root, '--json']);
      expectValidEnvelope(doctor.json, 'doctor');
      expect(doctor.json!.data.checks.find((c: any) => c.name === 'schema')).toMatchObject({
        status: 'error',
        message: expect.stringContaining(what),
      });
    });
  }

  it("a caller's glob runs in linear time too (check PATHS, also what an MCP agent passes)", { timeout: 60_000 }, async () => {
    const { root } = await repoWithPatterns({});
    writeFileSync(path.join(root, 'docs/45-adr', `${'a'.repeat(60)}.md`), '# a\n');
    const r = await docket([
      'check',
      `docs/45-adr/${'*a'.repeat(12)}*b.md`,
      `docs/45-adr/${'*a'.repeat(12)}*.md`,
      '--root',
      root,
      '--json',
    ]);
    expectValidEnvelope(r.json, 'check');
    // The first glob matches nothing (no `b`); the second matches the long name.
    expect(r.json!.data.checked_paths).toEqual([`docs/45-adr/${'a'.repeat(60)}.md`]);
    expect(JSON.stringify(r.json)).toContain(`${'*a'.repeat(12)}*b.md`);
  });
});
