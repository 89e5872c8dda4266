import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

/** Issue 40: a long run on a terminal shows how far it got, on stderr, and nowhere else. */
const SCRIPT = '/usr/bin/script';

describe('progress on a terminal', () => {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 2500, seed: 5 });
  const env = { ...(cleanEnv() as NodeJS.ProcessEnv), TERM: 'xterm' };

  it.skipIf(!existsSync(SCRIPT))('check and index count documents in place on a TTY, then clear the line', () => {
    for (const command of ['check', 'index']) {
      // `script` gives the run a pseudo-terminal, as a person's shell does.
      const r = spawnSync(SCRIPT, ['-qec', `${process.execPath} ${BIN} ${command} --no-cache --root ${root}`, '/dev/null'], {
        env,
        encoding: 'utf8',
      });
      expect(r.status, r.stdout).toBe(0);
      expect(r.stdout).toContain('Reading 1000/2500 documents');
      // The counter is erased before the result is printed.
      const result = r.stdout.slice(r.stdout.lastIndexOf('\r\x1b[2K') + 5);
      expect(result).not.toContain('Reading');
      expect(result.trim().length).toBeGreaterThan(0);
    }
  });

  it('never in a pipe or a machine format', () => {
    for (const args of [
      ['check', '--no-cache'],
      ['check', '--no-cache', '--format', 'json'],
    ]) {
      const r = spawnSync(process.execPath, [BIN, ...args, '--root', root], { env, encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stderr).not.toContain('Reading');
      expect(r.stdout).not.toContain('Reading');
    }
  });
});
