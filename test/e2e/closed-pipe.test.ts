import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * `docket ... | head -c 10`: the reader closes its end of the pipe after the first chunk, while
 * docket still has hundreds of KiB to write (far more than a pipe holds).
 */
function readFirstChunkThenClose(
  args: string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; first: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv() as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let stderr = '';
    child.stdout.once('data', (chunk: Buffer) => {
      first = chunk.toString('utf8').slice(0, 10);
      child.stdout.destroy();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, first, stderr }));
  });
}

describe('a reader that closes stdout early', () => {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 2000, seed: 3 });
  // check --json writes one line at the end: it must be far larger than the first chunk read plus
  // what the pipe holds (64 KiB each), or all of it may be written before the reader closes.
  const large = path.join(tempDir(), 'large');
  generateRepo(large, { docs: 6000, seed: 3 });

  for (const [args, repo] of [
    [['check', '--format', 'ndjson'], root],
    [['index', '--format', 'ndjson'], root],
    [['check', '--json'], large],
  ] as const) {
    it(`ends ${args.join(' ')} quietly with exit 141 (OUTPUT_CLOSED)`, async () => {
      const r = await readFirstChunkThenClose([...args, '--root', repo]);
      expect(r.first.startsWith('{"')).toBe(true);
      expect(r).toMatchObject({ code: 141, signal: null, stderr: '' });
    }, 60_000);
  }

  it('says why on stderr with --debug', async () => {
    const r = await readFirstChunkThenClose(['index', '--format', 'ndjson', '--root', root, '--debug']);
    expect(r.code).toBe(141);
    expect(r.stderr).toContain('stdout was closed by its reader (EPIPE)');
  }, 60_000);
});
