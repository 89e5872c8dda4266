import { describe, expect, it } from 'vitest';
import { docketBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('the built binary', () => {
  it('prints its version', async () => {
    const r = await docketBin(['--version']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^docket\/\d+\.\d+\.\d+ /);
  });

  it('init then doctor then context: one JSON line each, exit 0', async () => {
    const root = tempDir();
    for (const args of [
      ['init', '--prefix', 'ACME'],
      ['doctor', '--strict'],
      ['context', '--deep'],
    ]) {
      const r = await docketBin([...args, '--root', root, '--format', 'json']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
      expectValidEnvelope(r.json, args[0]);
    }
  });

  it('envelopes parse errors and unknown commands with exit 64', async () => {
    const flag = await docketBin(['doctor', '--strikt', '--json']);
    expect(flag.exitCode).toBe(64);
    expectValidEnvelope(flag.json);
    expect(flag.json!.error.code).toBe('UNKNOWN_FLAG');
    const cmd = await docketBin(['frobnicate'], { env: { DOCKET_FORMAT: 'json' } });
    expect(cmd.exitCode).toBe(64);
    expectValidEnvelope(cmd.json);
    expect(cmd.json!.error.code).toBe('UNKNOWN_COMMAND');
    expect(cmd.stderr).toBe('');
  });

  it('writes text errors to stderr only, with the same exit code', async () => {
    const r = await docketBin(['context', '--root', tempDir()]);
    expect(r.exitCode).toBe(66);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^ERROR \[CONFIG_NOT_FOUND\]: /);
  });

  it('large outputs are not cut off in a pipe', async () => {
    const r = await docketBin(['explain', '--list', '--json']);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.count).toBeGreaterThan(30);
  });

  it('a bare topic in a machine format is a MISSING_COMMAND envelope listing its commands', async () => {
    const r = await docketBin(['adr', '--json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({ code: 'MISSING_COMMAND', details: { topic: 'adr', valid_commands: ['adr list', 'adr new'] } });
    const text = await docketBin(['org']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('org install');
  });
});
