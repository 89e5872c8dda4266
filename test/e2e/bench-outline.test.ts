import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { cleanEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const outline = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bench/outline.mjs'), ...args], {
    cwd: tempDir(),
    env: cleanEnv() as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });

// The script measures the Markdown outline stage by stage (DOCKET-SPEC-006 §2 and §3.4); no timing is asserted.
describe('bench/outline.mjs', () => {
  it('prints a row per stage with the first pass and the warm cost per body', () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 40, seed: 5 });
    const run = outline(root, '--passes', '3');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout.split('\n').filter((l) => /^\| [a-z]/.test(l));
    expect(rows.map((r) => r.split(' | ')[0])).toEqual([
      '| simple path (simpleOutline, declines count 0)',
      '| parser (commonmarkOutline, markdown-it)',
      '| the whole outline (outlineMarkdown)',
    ]);
    for (const row of rows) expect(row).toMatch(/ \| \d+\.\d\d \| \d+\.\d\d \|$/);
    expect(run.stdout).toMatch(/: 40 bodies, 3 passes/);
  });

  it('refuses a missing repository, too few passes, a directory without docops.config.yaml and a repository without documents', () => {
    expect(outline().status).toBe(64);
    expect(outline(tempDir(), '--passes', '2').status).toBe(64);
    const bare = outline(tempDir());
    expect(bare.status).toBe(66);
    expect(bare.stderr).toContain('docops.config.yaml');
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 1, seed: 5 });
    rmSync(path.join(root, 'docs'), { recursive: true });
    rmSync(path.join(root, 'services'), { recursive: true, force: true });
    const empty = outline(root);
    expect(empty.status).toBe(66);
    expect(empty.stderr).toContain('no governed documents');
  });
});
