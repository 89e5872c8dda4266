import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type EnvelopeParseError, parseEnvelope } from './parse.js';
import type { EnvelopeOf } from '../contract/commands.js';

const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const KILL_GRACE_MS = 2000;

export interface RunOptions {
  /** Repository root (--root); relative paths in `args` resolve against it. */
  root?: string;
  /** Variables added to the environment (the current one is inherited unless `inheritEnv` is false). */
  env?: Record<string, string | undefined>;
  inheritEnv?: boolean;
  /** Working directory of the child (default: the current one). */
  cwd?: string;
  /** Milliseconds before the command is stopped (SIGTERM: docket answers INTERRUPTED, exit 130). */
  timeout?: number;
  signal?: AbortSignal;
  /** Validate the envelope against the published schemas (default true). */
  validate?: boolean;
}

interface RunBase {
  /** The process exit code (130 when stopped by a signal). */
  exitCode: number;
  stderr: string;
  /** True when `timeout` stopped the command. */
  timedOut: boolean;
}

export type RunResult<C extends string> =
  (RunBase & { ok: true; envelope: EnvelopeOf<C> }) | (RunBase & { ok: false; error: EnvelopeParseError; stdout: string });

/**
 * Runs `docket <command> ...args --format json` with this package's binary and returns the
 * parsed, validated envelope with the exit code and stderr. It does not throw on a non-zero
 * exit (a failing check is a result); it rejects only if Node itself cannot be started.
 */
export function runDocket<C extends string>(command: C, args: readonly string[] = [], opts: RunOptions = {}): Promise<RunResult<C>> {
  const argv = [
    BIN,
    ...command.split(' ').filter(Boolean),
    '--format',
    'json',
    ...(opts.root !== undefined ? ['--root', opts.root] : []),
    ...args,
  ];
  const base = opts.inheritEnv === false ? {} : process.env;
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries({ ...base, ...opts.env })) if (v !== undefined && k !== 'DOCKET_FORMAT') env[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = opts.timeout !== undefined ? setTimeout(() => ((timedOut = true), stop()), opts.timeout) : undefined;
    opts.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', stop);
      const exitCode = code ?? (signal ? 130 : 1);
      const parsed = parseEnvelope(stdout, { command, validate: opts.validate });
      if (parsed.ok) resolve({ ok: true, envelope: parsed.envelope, exitCode, stderr, timedOut });
      else resolve({ ok: false, error: parsed.error, stdout, exitCode, stderr, timedOut });
    });
  });
}
