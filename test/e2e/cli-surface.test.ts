import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, REPO } from '../helpers/cli.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 40: the short flags and the `version` command gh and ESLint users type first. */
function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, env: cleanEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const COMMANDS = Object.keys(JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')).commands as Record<string, unknown>)
  .map((id) => id.split(':'))
  .sort();

describe('version and help as users type them', () => {
  it('-v, --version and `docket version` print the same line; `version --format json` is an envelope', () => {
    const long = run(['--version']);
    expect(long.code).toBe(0);
    expect(long.stdout).toMatch(/^docket\/\d+\.\d+\.\d+ \S+-\S+ node-v\d+\.\d+\.\d+\n$/);
    expect(run(['-v'])).toEqual(long);
    expect(run(['version'])).toEqual(long);
    const json = run(['version', '--format', 'json']);
    expect(json.code).toBe(0);
    const env = JSON.parse(json.stdout);
    expectValidEnvelope(env, 'version');
    expect(env.data).toEqual({
      version: JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
    });
  });

  it('-h prints the help of docket and of every command, as --help does', () => {
    const top = run(['-h']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('USAGE');
    for (const words of COMMANDS) {
      const short = run([...words, '-h']);
      const long = run([...words, '--help']);
      expect(short.code, words.join(' ')).toBe(0);
      // `docket mcp` keeps stdout for JSON-RPC: its help goes to stderr.
      expect(short.stdout + short.stderr, words.join(' ')).toContain(`$ docket ${words.join(' ')}`);
      expect([short.stdout, short.stderr]).toEqual([long.stdout, long.stderr]);
    }
  });
});
