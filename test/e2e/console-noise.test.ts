import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docketBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * Instrumentation preloaded with NODE_OPTIONS=--require that logs through `console` while docket
 * runs (a timer) and as the process ends. The timer keeps the process alive until it fired, so
 * it always fires, during or after the run.
 */
function noiseModule(): string {
  const file = path.join(tempDir(), 'noise.cjs');
  writeFileSync(file, "setTimeout(() => console.log('NOISE'), 150);\nprocess.on('beforeExit', () => console.info('NOISE at exit'));\n");
  return file;
}

describe('console output of preloaded code', () => {
  const env = { NODE_OPTIONS: `--require ${noiseModule()}` };

  it('goes to stderr in machine formats: stdout holds only the output', async () => {
    const root = tempDir();
    await docketBin(['init', '--root', root, '--prefix', 'ACME', '--json']);
    const json = await docketBin(['doctor', '--root', root, '--json'], { env });
    expect(json.stdout.split('\n')).toHaveLength(2);
    expect(json.json).toMatchObject({ command: 'doctor', success: true });
    expect(json.stderr).toContain('NOISE\n');
    expect(json.stderr).toContain('NOISE at exit\n');

    const ndjson = await docketBin(['check', '--root', root, '--format', 'ndjson'], { env: { ...env } });
    expect(ndjson.stdout).not.toContain('NOISE');
    for (const line of ndjson.stdout.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(ndjson.stderr).toContain('NOISE');

    const fromEnv = await docketBin(['check', '--root', root], { env: { ...env, DOCKET_FORMAT: 'sarif' } });
    expect(fromEnv.stdout).not.toContain('NOISE');
    expect(JSON.parse(fromEnv.stdout).version).toBe('2.1.0');
  });

  it('stays on stdout in text mode, where a person reads it', async () => {
    const r = await docketBin(['explain', 'OUTPUT_REDACTED'], { env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('NOISE');
  });
});
