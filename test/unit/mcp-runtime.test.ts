import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '../../src/cli/envelope.js';
import { fitEnvelope } from '../../src/cli/mcp/fit.js';
import { CallGate } from '../../src/cli/mcp/gate.js';
import { childEnv, childNodeOptions, runCommand } from '../../src/cli/mcp/runner.js';
import type { Issue } from '../../src/core/issues.js';
import { FIXED_RUN_ID } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const issue = (i: number): Issue => ({
  code: 'TEMPLATE_MISSING',
  severity: 'warning',
  message: `Template number ${i} is missing from the repository.`,
  path: `docs/t-${String(i).padStart(4, '0')}.md`,
});

function bigDoctor(n: number) {
  return buildEnvelope({
    success: false,
    status: 'ok',
    command: 'doctor',
    runId: FIXED_RUN_ID,
    root: '/repo',
    data: { status: 'error', checks: [], totals: { violations: n, warnings: n }, truncated: false },
    violations: Array.from({ length: n }, (_, i) => ({ ...issue(i), code: 'SCHEMA_MISSING', severity: 'error' }) as Issue),
    warnings: Array.from({ length: n }, (_, i) => issue(i)),
  });
}

describe('fitEnvelope', () => {
  it('returns small envelopes unchanged', () => {
    const env = bigDoctor(3);
    expect(fitEnvelope(env, 256 * 1024)).toBe(env);
  });

  it('cuts findings to the largest prefix that fits, with a marker, and stays schema-valid', () => {
    const env = bigDoctor(2000);
    const fitted = fitEnvelope(env, 64 * 1024);
    const size = Buffer.byteLength(JSON.stringify(fitted));
    expect(size).toBeLessThanOrEqual(64 * 1024);
    expect(size).toBeGreaterThan(60 * 1024);
    expect(fitted.violations.length).toBeGreaterThan(10);
    expect(fitted.violations).toEqual(env.violations.slice(0, fitted.violations.length));
    const marker = fitted.warnings.find((w) => w.code === 'OUTPUT_TRUNCATED')!;
    expect(marker.severity).toBe('info');
    expect(marker.message).toContain(`violations ${fitted.violations.length} of 2000`);
    expect(fitted.data).toMatchObject({ truncated: true, totals: { violations: 2000, warnings: 2000 } });
    expect(fitted.success).toBe(false);
    expect(env.violations).toHaveLength(2000);
    expectValidEnvelope(fitted as any, 'doctor');
  });

  it('cuts top-level data arrays too, and leaves data out when nothing else fits', () => {
    const env = buildEnvelope({
      success: true,
      status: 'ok',
      command: 'x',
      runId: FIXED_RUN_ID,
      root: '/r',
      data: { items: Array.from({ length: 5000 }, (_, i) => `item-${i}`), note: 'n' },
    });
    const fitted = fitEnvelope(env, 8192);
    expect(Buffer.byteLength(JSON.stringify(fitted))).toBeLessThanOrEqual(8192);
    expect((fitted.data.items as string[]).length).toBeGreaterThan(100);
    expect(fitted.warnings[0]!.message).toMatch(/data\.items \d+ of 5000/);
    const huge = buildEnvelope({
      success: true,
      status: 'ok',
      command: 'x',
      runId: FIXED_RUN_ID,
      root: '/r',
      data: { blob: 'x'.repeat(20000) },
    });
    const dropped = fitEnvelope(huge, 4096);
    expect(dropped.data).toEqual({});
    expect(dropped.warnings[0]!.message).toContain('data left out');
  });
});

describe('CallGate', () => {
  it('runs reads side by side and writes alone, in arrival order', async () => {
    const gate = new CallGate(2);
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`+${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`-${name}`);
    };
    await Promise.all([
      gate.run(false, task('r1', 30)),
      gate.run(false, task('r2', 10)),
      gate.run(true, task('w', 10)),
      gate.run(false, task('r3', 1)),
    ]);
    expect(log.slice(0, 2).sort()).toEqual(['+r1', '+r2']);
    const w = log.indexOf('+w');
    expect(log.slice(0, w)).toEqual(expect.arrayContaining(['-r1', '-r2']));
    expect(log.indexOf('+r3')).toBeGreaterThan(log.indexOf('-w'));
  });
});

describe('runCommand', () => {
  const root = tempDir();
  const script = (name: string, body: string) => {
    const file = path.join(root, name);
    writeFileSync(file, body);
    return file;
  };

  it('stops a call that runs too long: TOOL_CALL_TIMEOUT', async () => {
    const bin = script('slow.mjs', 'setTimeout(() => {}, 30000);\n');
    const env = await runCommand({ bin, root, timeoutMs: 200 }, 'check', []);
    expectValidEnvelope(env as any);
    expect(env.error).toMatchObject({ code: 'TOOL_CALL_TIMEOUT', details: { timeout_ms: 200 } });
  });

  it('stops a cancelled call', async () => {
    const bin = script('slow2.mjs', 'setTimeout(() => {}, 30000);\n');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const env = await runCommand({ bin, root, timeoutMs: 20000 }, 'check', [], controller.signal);
    expect(Date.now() - started).toBeLessThan(10000);
    expectValidEnvelope(env as any);
    expect(env.error?.code).toBe('INTERRUPTED');
  });

  it('turns a crash without an envelope into INTERNAL_ERROR with the redacted stderr tail', async () => {
    const token = ['ghp_', 'Q'.repeat(36)].join('');
    const bin = script('crash.mjs', `console.log('not json'); console.error('boom ${token}'); process.exit(3);\n`);
    const env = await runCommand({ bin, root, timeoutMs: 5000 }, 'check', []);
    expectValidEnvelope(env as any);
    expect(env.error).toMatchObject({ code: 'INTERNAL_ERROR', details: { exit_code: 3 } });
    expect(String(env.error!.details!.stderr)).toContain('boom [REDACTED:github-token]');
  });

  it("starts children with one V8 background thread on two CPUs or fewer, with Node's default on more", async () => {
    expect(childNodeOptions(1)).toEqual(['--v8-pool-size=1']);
    expect(childNodeOptions(2)).toEqual(['--v8-pool-size=1']);
    expect(childNodeOptions(4)).toEqual([]);
    const envelope = (data: string) =>
      `console.log(JSON.stringify({ output_schema_version: '1.0', success: true, status: 'ok', command: 'check', run_id: '${FIXED_RUN_ID}', data: ${data}, warnings: [], violations: [], advice: [] }));\n`;
    const bin = script('argv.mjs', envelope('{ exec_argv: process.execArgv }'));
    const pinned = await runCommand({ bin, root, timeoutMs: 10000, nodeOptions: childNodeOptions(2) }, 'check', []);
    expect(pinned.data).toEqual({ exec_argv: ['--v8-pool-size=1'] });
    const plain = await runCommand({ bin, root, timeoutMs: 10000, nodeOptions: childNodeOptions(8) }, 'check', []);
    expect(plain.data).toEqual({ exec_argv: [] });
    const byDefault = await runCommand({ bin, root, timeoutMs: 10000 }, 'check', []);
    expect(byDefault.data).toEqual({ exec_argv: childNodeOptions() });
  });

  it('gives children a clean environment', () => {
    const env = childEnv(
      { PATH: '/bin', DOCKET_FORMAT: 'md', FORCE_COLOR: '1', DOCKET_DEBUG: '1', MEMINIT_DEBUG: '1', HOME: '/h' },
      'claude-ai',
    );
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', NO_COLOR: '1', DOCKET_AGENT: 'claude-ai' });
    expect(childEnv({ DOCKET_AGENT: 'mine' }, 'other').DOCKET_AGENT).toBe('mine');
    expect(childEnv({}, 'bad name; rm').DOCKET_AGENT).toBeUndefined();
  });
});
