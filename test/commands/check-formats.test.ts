import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO } from '../helpers/cli.js';
import { expectSarif, parseJunit } from '../helpers/ci.js';
import { doc, repo, ruleFixture } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** A repository with violations, a warning, a file name that needs percent-encoding, and a clean file. */
function mixed(): string {
  return repo({
    'docs/45-adr/adr-001-a.md': doc({}, '[x](missing.md)\n[y](#nowhere)\n'),
    'docs/45-adr/Bad Name.md': doc({ document_id: 'ACME-ADR-002' }),
    'docs/45-adr/adr-003-c.md': doc({ document_id: 'ACME-ADR-003' }),
    'docs/45-adr/adr-004-d.md': doc({ document_id: 'ACME-ADR-003', status: 'draft' }),
  });
}

async function both(root: string, format: string, ...args: string[]) {
  const out = await docket(['check', '--root', root, '--format', format, ...args]);
  const json = await docket(['check', '--root', root, '--json', ...args]);
  expectValidEnvelope(json.json, 'check');
  expect(out.exitCode, 'same exit code in every format').toBe(json.exitCode);
  expect(out.stderr).toBe('');
  return { out, env: json.json! };
}

describe('check --format sarif', () => {
  it('is one SARIF 2.1.0 log, valid against the official schema, with a result per finding', async () => {
    const { out, env } = await both(mixed(), 'sarif');
    expect(out.exitCode).toBe(1);
    const log = expectSarif(out.stdout);
    const run = log.runs[0];
    const findings = [...env.violations, ...env.warnings];
    expect(
      run.results.map((r: any) => [
        r.ruleId,
        r.level,
        r.locations[0].physicalLocation.artifactLocation.uri,
        r.locations[0].physicalLocation.region.startLine,
      ]),
    ).toEqual(findings.map((f: any) => [f.code, f.severity, f.path.replace(' ', '%20'), f.line ?? 1]));
    expect(run.tool.driver.rules.map((r: any) => r.id)).toEqual(['FILENAME_CONVENTION', 'ID_UNIQUE', 'LINK_BROKEN', 'SCHEMA_VALIDATION']);
    expect(run.tool.driver.semanticVersion).toBe(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version);
    expect(run.invocations).toEqual([{ executionSuccessful: true }]);
    expect(run.properties.docket).toMatchObject({
      command: 'check',
      success: false,
      status: 'ok',
      data: { files_checked: 4, totals: { violations: env.violations.length, warnings: 1 } },
    });
    expect(run.automationDetails).toBeUndefined();
    expect(out.stdout.endsWith('}\n')).toBe(true);
  });

  it('a clean repository is an empty results array; output is deterministic', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc() });
    const a = await docket(['check', '--root', root, '--format', 'sarif']);
    const b = await docket(['check', '--root', root, '--format', 'sarif']);
    expect(a.exitCode).toBe(0);
    expect(expectSarif(a.stdout).runs[0].results).toEqual([]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('paths are relative to the git work tree holding the root, as GitHub resolves them', async () => {
    const r = await docket(['check', '--root', path.join(REPO, 'examples/handbook'), '--format', 'sarif']);
    const log = expectSarif(r.stdout);
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`file://${REPO.replace(/\/$/, '')}/`);
    const top = tempDir();
    mkdirSync(path.join(top, '.git'));
    const root = mixed();
    renameSync(root, path.join(top, 'handbook'));
    const sub = await docket(['check', '--root', path.join(top, 'handbook'), '--format', 'sarif']);
    const uris = expectSarif(sub.stdout).runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris.every((u: string) => u.startsWith('handbook/docs/45-adr/'))).toBe(true);
  });

  it('--output writes the log to a file inside the root', async () => {
    const root = mixed();
    const r = await docket(['check', '--root', root, '--format', 'sarif', '--output', 'docket.sarif']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expectSarif(readFileSync(path.join(root, 'docket.sarif'), 'utf8'));
  });

  it('errors are SARIF logs too: a failed invocation, no results, the contract exit code', async () => {
    for (const [args, code, exit] of [
      [['--root', tempDir()], 'CONFIG_NOT_FOUND', 66],
      [['--root', repo(), '--stirct'], 'UNKNOWN_FLAG', 64],
      [['--root', repo(), '../outside.md'], 'PATH_OUTSIDE_ROOT', 77],
    ] as const) {
      const r = await docket(['check', ...args, '--format', 'sarif']);
      expect(r.exitCode, code).toBe(exit);
      const run = expectSarif(r.stdout).runs[0];
      expect(run.results).toBeUndefined();
      expect(run.invocations[0]).toMatchObject({
        executionSuccessful: false,
        exitCode: exit,
        toolExecutionNotifications: [{ level: 'error', descriptor: { id: code } }],
      });
    }
    const env = await docket(['check', '--root', tempDir()], { env: { DOCKET_FORMAT: 'sarif' } });
    expect(expectSarif(env.stdout).runs[0].invocations[0].exitCode).toBe(66);
  });
});

describe('check --format github', () => {
  it('prints one annotation per finding with file, line, column and title, then a summary line', async () => {
    const { out, env } = await both(mixed(), 'github');
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(env.violations.length + env.warnings.length + 1);
    expect(lines[0]).toBe(
      '::error file=docs/45-adr/adr-001-a.md,line=11,col=5,title=docket LINK_BROKEN::Link target "missing.md" does not exist.%0AFix the path (relative to docs/45-adr/) or restore the target.',
    );
    expect(lines).toContain(
      '::warning file=docs/45-adr/Bad Name.md,line=1,title=docket FILENAME_CONVENTION::The filename "Bad Name.md" is not lowercase kebab-case.%0ARename it to adr-002-bad-name.md; `docket fix --apply` does it and rewrites the links to it.',
    );
    expect(lines.at(-1)).toBe(`docket check: failed: ${env.violations.length} errors, 1 warning; 4 files checked, 1 passed, 3 failed.`);
  });

  it('a clean run is one summary line; an error is an ::error line with the exit code', async () => {
    const clean = await docket(['check', '--root', path.join(REPO, 'examples/handbook'), '--format', 'github']);
    expect(clean.stdout).toBe('docket check: passed: 0 errors, 0 warnings; 18 files checked, 18 passed, 0 failed.\n');
    const missing = await docket(['check', '--root', tempDir(), '--format', 'github']);
    expect(missing.exitCode).toBe(66);
    expect(missing.stdout).toMatch(
      /^::error title=docket check%3A CONFIG_NOT_FOUND::No docops\.config\.yaml at the repository root\.%0ARun `docket init/,
    );
    expect(missing.stdout.split('\n')[1]).toBe(
      'docket check: error CONFIG_NOT_FOUND (exit 66): No docops.config.yaml at the repository root.',
    );
  });
});

describe('check --format junit', () => {
  it("one test case per checked file plus the repository, failures listing the file's findings", async () => {
    const { out, env } = await both(mixed(), 'junit');
    const xml = parseJunit(out.stdout);
    const suite = xml.testsuites.testsuite[0];
    expect(xml.testsuites).toMatchObject({ name: 'docket', tests: '5', failures: '3', errors: '0' });
    expect(suite).toMatchObject({ name: 'docket check', tests: '5', failures: String(env.data.files_failed) });
    const cases = suite.testcase as any[];
    expect(cases.map((c) => c.name)).toEqual(['(repository)', ...env.data.checked_paths]);
    const byName = Object.fromEntries(cases.map((c) => [c.name, c]));
    expect(byName['docs/45-adr/adr-001-a.md'].failure[0]).toMatchObject({ type: 'LINK_BROKEN', message: '2 violations: LINK_BROKEN' });
    expect(byName['docs/45-adr/adr-001-a.md'].failure[0]['#text']).toContain(
      '11:5 error LINK_BROKEN Link target "missing.md" does not exist.\n  → Fix the path',
    );
    expect(byName['docs/45-adr/Bad Name.md'].failure).toBeUndefined();
    expect(byName['docs/45-adr/Bad Name.md']['system-out']).toContain('warning FILENAME_CONVENTION');
    expect(byName['docs/45-adr/adr-004-d.md'].failure[0].message).toBe('2 violations: ID_UNIQUE, SCHEMA_VALIDATION');
    expect(byName['docs/45-adr/adr-004-d.md'].file).toBe('docs/45-adr/adr-004-d.md');
    const props = Object.fromEntries(suite.properties.property.map((p: any) => [p.name, p.value]));
    expect(props).toMatchObject({
      'docket.command': 'check',
      'docket.success': 'false',
      'docket.strict': 'false',
      'docket.violations': String(env.violations.length),
      'docket.warnings': '1',
    });
  });

  it('--strict fails files with warnings; repository findings have their own case', async () => {
    const { out } = await both(mixed(), 'junit', '--strict');
    const cases = parseJunit(out.stdout).testsuites.testsuite[0].testcase as any[];
    expect(cases.find((c) => c.name === 'docs/45-adr/Bad Name.md').failure[0]).toMatchObject({
      type: 'FILENAME_CONVENTION',
      message: '1 problem: FILENAME_CONVENTION',
    });
    const schema = await both(ruleFixture('rule-schema-missing', { schema: false }), 'junit');
    const repoCase = parseJunit(schema.out.stdout).testsuites.testsuite[0].testcase[0];
    expect(repoCase.name).toBe('(repository)');
    expect(repoCase.failure[0]['#text']).toContain('docs/00-governance/missing.schema.json error SCHEMA_MISSING');
  });

  it('an error is a test case with an <error> element', async () => {
    const r = await docket(['check', '--root', tempDir(), '--format', 'junit']);
    expect(r.exitCode).toBe(66);
    const xml = parseJunit(r.stdout);
    expect(xml.testsuites).toMatchObject({ tests: '1', failures: '0', errors: '1' });
    expect(xml.testsuites.testsuite[0].testcase[0].error[0]).toMatchObject({ type: 'CONFIG_NOT_FOUND' });
  });
});

describe('check --max-findings', () => {
  it('lists at most N of each, keeps the totals, and fails on the full lists', async () => {
    const r = await docket(['check', '--root', mixed(), '--json', '--max-findings', '1']);
    expectValidEnvelope(r.json, 'check');
    expect(r.exitCode).toBe(1);
    expect(r.json!.violations).toHaveLength(1);
    expect(r.json!.data).toMatchObject({ truncated: true, totals: { violations: 5, warnings: 1 }, violations_count: 5, warnings_count: 1 });
    const none = await docket(['check', '--root', mixed(), '--json', '--max-findings', '0']);
    expect(none.json).toMatchObject({ success: false, violations: [], warnings: [] });
    expect(none.exitCode).toBe(1);
    const text = await docket(['check', '--root', mixed(), '--max-findings', '1']);
    expect(text.stdout).toContain('Showing 1 of 5 violations and 1 of 1 warnings (--max-findings).');
    const clean = await docket(['check', '--root', repo({ 'docs/45-adr/adr-001-a.md': doc() }), '--json']);
    expect(clean.json!.data).toMatchObject({ truncated: false, totals: { violations: 0, warnings: 0 } });
  });

  it('CI formats say what was left out: a SARIF notification, a failing JUnit case, the GitHub summary', async () => {
    const root = mixed();
    const sarif = expectSarif((await docket(['check', '--root', root, '--format', 'sarif', '--max-findings', '1'])).stdout);
    expect(sarif.runs[0].results).toHaveLength(2);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications[0]).toMatchObject({
      level: 'warning',
      descriptor: { id: 'OUTPUT_TRUNCATED' },
    });
    const junit = parseJunit((await docket(['check', '--root', root, '--format', 'junit', '--max-findings', '0'])).stdout);
    const last = junit.testsuites.testsuite[0].testcase.at(-1);
    expect(last.failure[0]).toMatchObject({ type: 'OUTPUT_TRUNCATED', message: '5 problems not listed' });
    const github = await docket(['check', '--root', root, '--format', 'github', '--max-findings', '1']);
    expect(github.stdout.trimEnd().split('\n').at(-1)).toContain('Listed 1 of 5 errors and 1 of 1 warnings (--max-findings).');
  });
});

describe('--exit-zero', () => {
  it('exits 0 when the run completed, the report still failing', async () => {
    const root = mixed();
    const r = await docket(['check', '--root', root, '--json', '--exit-zero']);
    expectValidEnvelope(r.json, 'check');
    expect(r.exitCode).toBe(0);
    expect(r.json).toMatchObject({ success: false, status: 'ok' });
    for (const format of ['text', 'md', 'ndjson', 'sarif', 'github', 'junit']) {
      expect((await docket(['check', '--root', root, '--format', format, '--exit-zero'])).exitCode, format).toBe(0);
    }
    const doctor = await docket(['doctor', '--root', ruleFixture('rule-schema-missing', { schema: false }), '--json', '--exit-zero']);
    expect(doctor.json!.success).toBe(false);
    expect(doctor.exitCode).toBe(0);
    const fix = await docket(['fix', '--root', root, '--json', '--exit-zero']);
    expect(fix.json!.violations.length).toBeGreaterThan(0);
    expect(fix.exitCode).toBe(0);
  });

  it('never hides an error: usage, missing config and refused paths keep their exit codes', async () => {
    expect((await docket(['check', '--root', tempDir(), '--exit-zero', '--json'])).exitCode).toBe(66);
    expect((await docket(['check', '--root', repo(), '--exit-zero', '--max-findings', '-1', '--json'])).exitCode).toBe(64);
    expect((await docket(['check', '--root', repo(), '--exit-zero', '/etc/passwd', '--format', 'sarif'])).exitCode).toBe(77);
  });
});
