import { spawn } from 'node:child_process';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';

/** Variables git sets in a hook, relative to the hook's directory (the top of the work tree). */
const GIT_PATH_VARIABLES = ['GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR'];

/**
 * The environment for git run in `cwd`: a pre-commit hook gets GIT_INDEX_FILE=.git/index
 * (relative to the top of the work tree) and, for `git commit <paths>`, a temporary index,
 * which is the one to read. Relative paths are made absolute against docket's own working
 * directory, so they still name the same files when git runs in a subdirectory (a monorepo root).
 */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
  for (const name of GIT_PATH_VARIABLES) {
    const value = env[name];
    if (value && !path.isAbsolute(value)) env[name] = path.resolve(value);
  }
  return env;
}

/** Bounds a git command on an untrusted repository: it never runs longer than this. */
const GIT_TIMEOUT_MS = 120_000;

/**
 * Runs git in `cwd` and returns its stdout. Configuration that could run a program on a
 * repository's behalf (an fsmonitor hook) is switched off. A failure (git missing, not a
 * repository) is NOT_A_GIT_REPOSITORY with git's own message.
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  opts: { input?: string; maxBytes: number; signal?: AbortSignal; why: string },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.fsmonitor=false', ...args], {
      cwd,
      env: gitEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: GIT_TIMEOUT_MS,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    let overflow = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > opts.maxBytes) {
        overflow = true;
        child.kill();
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString('utf8');
    });
    const fail = (reason: string) =>
      reject(
        new DocketError('NOT_A_GIT_REPOSITORY', `${opts.why}: \`git ${args.join(' ')}\` ${reason}.`, {
          suggestion: 'Run the command inside a git work tree with git installed, or leave out --staged.',
          details: { root: cwd },
        }),
      );
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') reject(new DocketError('INTERRUPTED', 'Interrupted while reading the git index.'));
      else fail(error.code === 'ENOENT' ? 'could not start: git is not installed' : `failed (${error.code ?? error.message})`);
    });
    child.on('close', (code, signal) => {
      if (opts.signal?.aborted) return reject(new DocketError('INTERRUPTED', 'Interrupted while reading the git index.'));
      if (overflow) return fail(`wrote more than ${opts.maxBytes} bytes`);
      if (code !== 0) return fail(signal ? `was stopped (${signal})` : `failed: ${err.trim().split('\n')[0] ?? `exit ${code}`}`);
      resolve(Buffer.concat(out));
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all of its input: its exit code tells
    child.stdin.end(opts.input ?? '');
  });
}
