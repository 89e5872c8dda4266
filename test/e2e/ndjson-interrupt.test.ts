import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidAgainst } from '../helpers/schemas.js';

/** Runs a streaming command and sends `signal` as soon as the header arrives. */
function interrupted(args: string[], signal: NodeJS.Signals): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv() as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!sent && out.includes('\n')) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines: out.split('\n').filter((l) => l !== '') }));
  });
}

describe('NDJSON streams end with an error record when interrupted', () => {
  const repo = tempDir();
  generateRepo(path.join(repo, 'r'), { docs: 3000, seed: 7 });
  const root = path.join(repo, 'r');

  for (const [command, signal] of [
    ['check', 'SIGINT'],
    ['index', 'SIGTERM'],
  ] as const) {
    it(`${command} on ${signal}: exit 130, every line a record, the last one INTERRUPTED`, async () => {
      const { code, lines } = await interrupted([command, '--root', root, '--format', 'ndjson'], signal);
      expect(code).toBe(130);
      const records = lines.map((l) => JSON.parse(l));
      for (const r of records) expectValidAgainst('ndjson-record.schema.json', r);
      expect(records[0].record).toBe('header');
      const last = records[records.length - 1];
      expect(last).toMatchObject({ record: 'error', success: false, error: { code: 'INTERRUPTED' } });
      expect(records.filter((r) => r.record === 'summary' || r.record === 'error')).toHaveLength(1);
    }, 60_000);
  }
});
