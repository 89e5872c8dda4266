import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Bytes the process has read from storage or the page cache so far (Linux: /proc/<pid>/io). */
function bytesRead(pid: number): number | undefined {
  try {
    return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

/**
 * Runs a command with --verbose and sends `signal` once, after its first stderr line (the config
 * was read), it has read `into` more bytes: inside its loop over the documents. scan and
 * context --deep read synchronously, so before they let the event loop turn, the signal's
 * handler ran only after their loop and they reported success (issue 38, Signals).
 */
function signalledInLoop(args: string[], signal: NodeJS.Signals, into: number): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--verbose'], {
      env: cleanEnv() as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let poll: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.once('data', () => {
      const start = bytesRead(child.pid!) ?? 0;
      poll = setInterval(() => {
        const now = bytesRead(child.pid!);
        if (now === undefined || now - start >= into) {
          clearInterval(poll);
          child.kill(signal);
        }
      }, 2);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout });
    });
  });
}

describe.runIf(process.platform === 'linux')('long loops stop on SIGINT and SIGTERM', () => {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 10000, seed: 11 });

  for (const [args, signal] of [
    [['scan'], 'SIGINT'],
    [['scan'], 'SIGTERM'],
    [['context', '--deep'], 'SIGINT'],
    [['context', '--deep'], 'SIGTERM'],
  ] as const) {
    it(`${args.join(' ')} on ${signal}: INTERRUPTED, exit 130`, async () => {
      // 10k documents are some 20 MB: 4 MB in, the loop is well under way and far from its end.
      const r = await signalledInLoop([...args, '--root', root, '--format', 'json'], signal, 4 * 1024 * 1024);
      expect(r.code).toBe(130);
      const env = JSON.parse(r.stdout.trim());
      expectValidEnvelope(env, args[0]);
      expect(env).toMatchObject({ success: false, error: { code: 'INTERRUPTED' } });
    }, 60_000);
  }
});
