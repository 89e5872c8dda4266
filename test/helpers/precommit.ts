import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, REPO } from './cli.js';
import { tempDir } from './fixtures.js';
import { git, gitEnv } from './git.js';

export const ADR = 'docs/45-adr/adr-005-idempotency-keys.md';

/** A directory holding a `docket` that runs the built CLI: what `docket` on PATH is for a user. */
export function docketOnPath(): string {
  const dir = tempDir('docket-bin-');
  writeFileSync(path.join(dir, 'docket'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(path.join(dir, 'docket'), 0o755);
  return dir;
}

/** The handbook example at `dir` (created), with its cache ignored. */
export function handbookAt(dir: string): { good: string; broken: string } {
  cpSync(path.join(REPO, 'examples/handbook'), dir, { recursive: true });
  writeFileSync(path.join(dir, '.gitignore'), '.docket/\n');
  const good = readFileSync(path.join(dir, ADR), 'utf8');
  return { good, broken: good.replace('document_id: ACME-ADR-005', 'document_id: BROKEN') };
}

/** A git repository at a new temp dir, with a first (empty) commit. */
export function gitRepository(): string {
  const top = tempDir('docket-git-');
  mkdirSync(top, { recursive: true });
  git(top, 'init', '-q');
  git(top, 'commit', '-q', '--allow-empty', '-m', 'empty');
  return top;
}

/** `git commit` in `cwd` with `docket` (and anything in `pathDirs`) on PATH: exit status and all output. */
export function commit(
  cwd: string,
  message: string,
  pathDirs: readonly string[],
  extra: Record<string, string> = {},
): { status: number | null; output: string } {
  const env = gitEnv({ PATH: [...pathDirs, process.env.PATH ?? ''].join(path.delimiter), ...extra });
  const r = spawnSync('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', message], { cwd, env, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}
