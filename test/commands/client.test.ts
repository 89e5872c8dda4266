import { execFileSync } from 'node:child_process';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  EnvelopeParseError,
  isCompatible,
  isEnvelopeOf,
  parseEnvelope,
  parseEnvelopes,
  runDocket,
  type DataOf,
  type KnownEnvelope,
} from '../../src/lib/index.js';
import type { CheckData } from '../../src/core/usecases/check.js';
import type { DoctorData } from '../../src/core/usecases/doctor.js';
import { cleanEnv, docket, FIXED_RUN_ID, REPO } from '../helpers/cli.js';
import { repo, doc } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';

const doctorLine = JSON.stringify({
  output_schema_version: '1.0',
  success: true,
  status: 'ok',
  command: 'doctor',
  run_id: FIXED_RUN_ID,
  root: '/repo',
  data: { checks: [{ message: 'ok', name: 'node', status: 'ok' }], status: 'ok', totals: { violations: 0, warnings: 0 }, truncated: false },
  warnings: [],
  violations: [],
  advice: [],
});

describe('isCompatible', () => {
  it('accepts every minor of the supported major, and nothing else', () => {
    expect(isCompatible('1.0')).toBe(true);
    expect(isCompatible('1.7')).toBe(true);
    expect(isCompatible('1.12')).toBe(true);
    expect(isCompatible('2.0')).toBe(false);
    expect(isCompatible('0.9')).toBe(false);
    for (const bad of ['1', '1.0.0', 'v1.0', '', null, 1, undefined]) expect(isCompatible(bad), String(bad)).toBe(false);
  });
});

describe('parseEnvelope', () => {
  it('parses and validates a real envelope, typed per command', async () => {
    const r = await docket(['doctor', '--root', tempDir(), '--json']);
    const parsed = parseEnvelope(r.stdout, { command: 'doctor' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expectTypeOf(parsed.envelope.data).toEqualTypeOf<DataOf<'doctor'>>();
    expectTypeOf(parsed.envelope.data.checks).toEqualTypeOf<DoctorData['checks']>();
    // No config: a warning; the defaults' docs root and schema are missing (violations).
    expect([parsed.envelope.data.totals.violations, parsed.envelope.data.totals.warnings]).toEqual([2, 1]);
  });

  it('types and validates check: CheckData with the --max-findings totals', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc({}, '[x](missing.md)\n') });
    const r = await docket(['check', '--root', root, '--json', '--max-findings', '0']);
    const parsed = parseEnvelope(r.stdout, { command: 'check' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expectTypeOf(parsed.envelope.data).toEqualTypeOf<DataOf<'check'>>();
    expectTypeOf(parsed.envelope.data.checked_paths).toEqualTypeOf<CheckData['checked_paths']>();
    expectTypeOf(parsed.envelope.data.totals.violations).toEqualTypeOf<number>();
    expect(parsed.envelope.data).toMatchObject({ files_failed: 1, totals: { violations: 1, warnings: 0 }, truncated: true });
    const any = parseEnvelope(r.stdout);
    if (any.ok && any.envelope.command === 'check') expect(any.envelope.data.checked_paths).toEqual(['docs/45-adr/adr-001-a.md']);
    else expect.unreachable('a check envelope');
  });

  it('narrows the union of known envelopes by command', () => {
    const parsed = parseEnvelope(doctorLine);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expectTypeOf(parsed.envelope).toEqualTypeOf<KnownEnvelope>();
    const env = parsed.envelope;
    if (env.command === 'doctor') expect(env.data.status).toBe('ok');
    expect(isEnvelopeOf(env, 'doctor')).toBe(true);
  });

  it('returns typed errors: empty, several lines, not JSON, wrong command', () => {
    const codes = (line: string, command?: string) => {
      const r = parseEnvelope(line, command ? { command } : {});
      return r.ok ? 'ok' : r.error.code;
    };
    expect(codes('')).toBe('EMPTY_OUTPUT');
    expect(codes('\n')).toBe('EMPTY_OUTPUT');
    expect(codes(`${doctorLine}\n`)).toBe('ok');
    expect(codes(`${doctorLine}\n${doctorLine}\n`)).toBe('NOT_ONE_LINE');
    expect(codes('docket 0.1.0\nsomething')).toBe('NOT_ONE_LINE');
    expect(codes('✔ node  Node.js 20 is supported.')).toBe('NOT_JSON');
    expect(codes('[1,2]')).toBe('NOT_JSON');
    expect(codes(doctorLine, 'context')).toBe('COMMAND_MISMATCH');
    const r = parseEnvelope('{');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(EnvelopeParseError);
      expect(r.error).toBeInstanceOf(Error);
    }
  });

  it('refuses another major before validating, and accepts newer minors with extra fields', () => {
    const v2 = parseEnvelope(JSON.stringify({ ...JSON.parse(doctorLine), output_schema_version: '2.0', shiny: true }));
    expect(v2.ok ? 'ok' : v2.error).toMatchObject({ code: 'INCOMPATIBLE_MAJOR', details: { version: '2.0', supported_major: 1 } });
    const newer = { ...JSON.parse(doctorLine), output_schema_version: '1.4', new_field: 'x' };
    newer.data.new_data_field = 1;
    expect(parseEnvelope(JSON.stringify(newer)).ok).toBe(true);
    const same = { ...JSON.parse(doctorLine), new_field: 'x' };
    const r = parseEnvelope(JSON.stringify(same));
    expect(r.ok ? 'ok' : r.error.code).toBe('SCHEMA_MISMATCH');
  });

  it('validates data against the command schema, with required relaxed for --fields projections', async () => {
    const bad = JSON.parse(doctorLine);
    bad.data.status = 'fine';
    const r = parseEnvelope(JSON.stringify(bad));
    expect(r.ok ? 'ok' : r.error).toMatchObject({
      code: 'SCHEMA_MISMATCH',
      details: { errors: [expect.objectContaining({ path: '/data/status' })] },
    });
    expect(parseEnvelope(JSON.stringify(bad), { validate: false }).ok).toBe(true);
    const projected = await docket(['doctor', '--root', tempDir(), '--json', '--fields', 'status']);
    expect(parseEnvelope(projected.stdout).ok).toBe(true);
    const unknownCommand = { ...JSON.parse(doctorLine), command: 'future-thing', data: { anything: 1 } };
    expect(parseEnvelope(JSON.stringify(unknownCommand)).ok).toBe(true);
  });

  it('parses many outputs in one call', async () => {
    const lines = [(await docket(['explain', 'CONFIG_NOT_FOUND', '--json'])).stdout, doctorLine, 'nope'];
    const results = parseEnvelopes(lines);
    expect(results.map((r) => (r.ok ? r.envelope.command : r.error.code))).toEqual(['explain', 'doctor', 'NOT_JSON']);
  });
});

describe('the precompiled validators (dist/lib/validators.cjs)', () => {
  it('agree with the run-time compiled schemas', async () => {
    const dist = (await import('../../dist/lib/index.js')) as typeof import('../../src/lib/index.js');
    const bad = JSON.parse(doctorLine);
    bad.data.checks[0].status = 'fine';
    const projected = (await docket(['context', '--root', REPO, '--json', '--fields', 'repo_prefix'])).stdout;
    const lines = [
      doctorLine,
      JSON.stringify(bad),
      projected,
      JSON.stringify({ ...JSON.parse(doctorLine), extra: 1 }),
      (await docket(['explain', '--list', '--json'])).stdout,
    ];
    const outcome = (r: ReturnType<typeof parseEnvelope>) => (r.ok ? 'ok' : `${r.error.code} ${JSON.stringify(r.error.details)}`);
    expect(lines.map((l) => outcome(dist.parseEnvelope(l)))).toEqual(lines.map((l) => outcome(parseEnvelope(l))));
    expect(lines.map((l) => outcome(parseEnvelope(l)).slice(0, 15))).toEqual(['ok', 'SCHEMA_MISMATCH', 'ok', 'SCHEMA_MISMATCH', 'ok']);
  });
});

describe('runDocket', () => {
  it('runs the CLI and returns the typed envelope, exit code and stderr, without throwing on failure', async () => {
    const root = tempDir();
    const env = cleanEnv();
    const missing = await runDocket('doctor', [], { root, env, inheritEnv: false });
    expect(missing).toMatchObject({ ok: true, exitCode: 1, timedOut: false });
    if (missing.ok) expect(missing.envelope.warnings[0]!.code).toBe('CONFIG_NOT_FOUND');
    const init = await runDocket('init', ['--prefix', 'ACME'], { root, env, inheritEnv: false });
    expect(init.ok && init.envelope.data.repo_prefix).toBe('ACME');
    const usage = await runDocket('explain', ['NOPE'], { env });
    expect(usage).toMatchObject({ ok: true, exitCode: 64 });
    if (usage.ok) expect(usage.envelope.error?.code).toBe('UNKNOWN_CODE');
  });

  it('reports a command stopped by its timeout', async () => {
    const r = await runDocket('context', ['--deep'], { root: REPO, timeout: 1, env: cleanEnv() });
    expect(r.timedOut).toBe(true);
    if (r.ok) expect(r.envelope.error?.code).toBe('INTERRUPTED');
    else expect(['EMPTY_OUTPUT', 'NOT_JSON']).toContain(r.error.code);
  });
});

describe('the package entry point', () => {
  it("is importable as 'docket' from Node (exports and types point at dist/lib)", () => {
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "import * as d from 'docket'; console.log(Object.keys(d).sort().join(','), d.isCompatible('1.3'))"],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(out.trim()).toBe(
      'EnvelopeParseError,OUTPUT_SCHEMA_VERSION,isCompatible,isEnvelopeOf,parseEnvelope,parseEnvelopes,runDocket true',
    );
  });
});
