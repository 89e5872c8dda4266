import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectKeyOrder, expectValidEnvelope } from '../helpers/schemas.js';

describe('explain', () => {
  it('explains a code in JSON, case-insensitively', async () => {
    const r = await docket(['explain', 'config_not_found', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'explain');
    expectKeyOrder(r.json!);
    expect(r.json!.data).toMatchObject({ code: 'CONFIG_NOT_FOUND', kind: 'error', exit_code: 66, category: 'config' });
    expect(r.json!.data.remediation.commands).toContain('docket init');
  });

  it('lists every code with exit codes', async () => {
    const r = await docket(['explain', '--list', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'explain');
    const codes = r.json!.data.codes.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(r.json!.data.count).toBe(codes.length);
    expect(r.json!.data.exit_codes.map((e: { exit_code: number }) => e.exit_code)).toEqual([0, 1, 64, 65, 66, 69, 70, 73, 77, 130, 141]);
  });

  it('suggests the nearest code for a typo (exit 64)', async () => {
    const r = await docket(['explain', 'CONFIG_NOTFOUND', '--json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json, 'explain');
    expect(r.json!.error).toMatchObject({ code: 'UNKNOWN_CODE' });
    expect(r.json!.error.details.did_you_mean[0]).toBe('CONFIG_NOT_FOUND');
    expect(r.json!.error.suggestion).toContain('docket explain CONFIG_NOT_FOUND');
  });

  it('refuses a code together with --list', async () => {
    const r = await docket(['explain', 'INTERNAL_ERROR', '--list', '--json']);
    expect(r.exitCode).toBe(64);
    expect(r.json!.error.code).toBe('FLAG_CONFLICT');
  });

  it('renders text and markdown', async () => {
    const text = await docket(['explain', 'PATH_OUTSIDE_ROOT']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('PATH_OUTSIDE_ROOT');
    expect(text.stdout).toContain('exit 77');
    expect(text.stdout).not.toMatch(/\u001b\[/);
    const md = await docket(['explain', 'PATH_OUTSIDE_ROOT', '--format', 'md']);
    expect(md.stdout).toMatch(/^# docket explain\n/);
    expect(md.stdout).toContain('- **Success:** yes');
  });
});
