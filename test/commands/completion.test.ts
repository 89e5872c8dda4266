import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** Issue 40: shell completion for bash and zsh, documented in the README. */
const ZSH = ['/usr/bin/zsh', '/bin/zsh'].find((p) => existsSync(p));
async function script(shell: string): Promise<string> {
  const r = await docket(['completion', shell]);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
}

/** What bash completes after `words` (the last one being typed), with the script loaded. */
function bashCompletes(text: string, words: string[]): string[] {
  const file = path.join(tempDir(), 'docket.bash');
  writeFileSync(file, text);
  const line = ['docket', ...words].map((w) => `'${w}'`).join(' ');
  const program = `source ${file}; COMP_WORDS=(${line}); COMP_CWORD=${words.length}; _docket; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['-c', program], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .filter((w) => w !== '')
    .sort();
}

describe('docket completion', () => {
  it('bash completes commands, subcommands, flags, negations and option values; files elsewhere', async () => {
    const text = await script('bash');
    expect(text).toMatch(/^# docket completion for bash/);
    expect(text).toContain('complete -o default -F _docket docket');
    expect(bashCompletes(text, ['ch'])).toEqual(['check']);
    expect(bashCompletes(text, ['ad'])).toEqual(['adr']);
    expect(bashCompletes(text, ['adr', ''])).toEqual(['list', 'new']);
    expect(bashCompletes(text, ['org', 's'])).toEqual(['status']);
    expect(bashCompletes(text, ['check', '--no-'])).toEqual(expect.arrayContaining(['--no-ignore', '--no-color']));
    expect(bashCompletes(text, ['check', '--str'])).toEqual(['--strict']);
    expect(bashCompletes(text, ['check', '--cache-strategy', ''])).toEqual(['content', 'metadata']);
    expect(bashCompletes(text, ['check', '--format', 's'])).toEqual(['sarif']);
    expect(bashCompletes(text, ['resolve', '--format', ''])).toEqual(['json', 'md', 'text']);
    expect(bashCompletes(text, ['adr', 'new', '--'])).toContain('--dry-run');
    // Arguments and option values without a fixed list: the shell's own file completion (-o default).
    expect(bashCompletes(text, ['check', 'do'])).toEqual([]);
    expect(bashCompletes(text, ['check', '--output', ''])).toEqual([]);
  });

  it('zsh: a #compdef function', async () => {
    const text = await script('zsh');
    expect(text).toMatch(/^#compdef docket\n/);
    expect(text).toContain('compadd -- ${=docket_candidates}');
  });

  // .ci/run installs zsh from Debian's packages; elsewhere this runs where zsh is installed.
  it.skipIf(!ZSH)('zsh offers commands, subcommands, flags and option values, and files elsewhere', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '_docket'), await script('zsh'));
    expect(spawnSync(ZSH!, ['-n', path.join(dir, '_docket')]).status).toBe(0);
    // compadd and _files stubbed to print what they are given (zsh itself filters by the prefix typed).
    const offers = (words: string[]) => {
      const program = [
        `source ${path.join(dir, '_docket')} >/dev/null`,
        'compadd() { shift; print -l -- "$@"; }',
        '_files() { print -- __FILES__; }',
        `words=(docket ${words.map((w) => `'${w}'`).join(' ')})`,
        'CURRENT=$#words',
        '_docket',
      ].join('\n');
      const r = spawnSync(ZSH!, ['-f', '-c', program], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.split('\n').filter((w) => w !== '');
    };
    expect(offers(['ch'])).toEqual(expect.arrayContaining(['check', 'context', 'adr']));
    expect(offers(['adr', ''])).toEqual(['list', 'new']);
    expect(offers(['check', '--no-'])).toEqual(expect.arrayContaining(['--no-ignore', '--strict']));
    expect(offers(['check', '--format', ''])).toEqual(['text', 'json', 'md', 'ndjson', 'sarif', 'github', 'junit']);
    expect(offers(['check', 'do'])).toEqual(['__FILES__']);
  });

  it('is an envelope in JSON; an unknown shell is a usage error', async () => {
    const r = await docket(['completion', 'bash', '--json']);
    expectValidEnvelope(r.json, 'completion');
    expect(r.json!.data.shell).toBe('bash');
    const bad = await docket(['completion', 'fish', '--json']);
    expect(bad.exitCode).toBe(64);
    expectValidEnvelope(bad.json);
  });
});
