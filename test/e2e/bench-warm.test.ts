import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const warm = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bench/warm.mjs'), ...args], {
    cwd: tempDir(),
    env: cleanEnv() as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });

// The script explains the benchmark's check rows (DOCKET-SPEC-006 §3.10); no timing is asserted.
describe('bench/warm.mjs', () => {
  it('runs check and the floor in one process, a row per run, and names the warm-up', () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 40, seed: 3 });
    const run = warm(root, '--runs', '3');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/^\| \d \| \d+ \| \d+ \| \d+\.\d\d \|$/);
    expect(run.stdout).toMatch(
      /3 runs in one process; the first check took \d+ ms, the later ones \(from run 3\) \d+ ms \(median\): warm-up -?\d+ ms\./,
    );
  });

  it('refuses a missing repository argument and a run count below 2', () => {
    expect(warm().status).toBe(64);
    const root = path.join(tempDir(), 'r');
    const one = warm(root, '--runs', '1');
    expect(one.status).toBe(64);
    expect(one.stderr).toContain('--runs must be an integer of at least 2');
  });
});
