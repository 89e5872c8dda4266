import { spawn } from 'node:child_process';
import os from 'node:os';
import { DocketError } from '../../errors/docket-error.js';
import { redactString } from '../../core/redact.js';
import { errorEnvelope, type EnvelopeMeta } from '../emit.js';
import type { Envelope } from '../envelope.js';
import { safeRunId } from '../options.js';

export interface RunnerOptions {
  /** Absolute path of this package's bin/run.js. */
  bin: string;
  root: string;
  timeoutMs: number;
  /** The client's name from `initialize`, passed as DOCKET_AGENT unless the server has one. */
  agent?: () => string | undefined;
  /** Node options of each child (default: childNodeOptions()). */
  nodeOptions?: readonly string[];
  debug?: (message: string) => void;
}

/** Children never see output-shaping variables of the server's environment; colour is off. */
const DROPPED_ENV = /^(DOCKET_FORMAT|DOCKET_DEBUG|MEMINIT_DEBUG|FORCE_COLOR|NO_COLOR|NODE_OPTIONS)$/;
const MAX_STDOUT = 64 * 1024 * 1024;
const KILL_GRACE_MS = 2000;

export function childEnv(base: NodeJS.ProcessEnv, agent: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !DROPPED_ENV.test(k)) env[k] = v;
  env.NO_COLOR = '1';
  if (!env.DOCKET_AGENT && agent && /^[A-Za-z0-9][\w.-]{0,63}$/.test(agent)) env.DOCKET_AGENT = agent;
  return env;
}

/**
 * Node options for each call's process. With two CPUs or fewer, V8 gets one background thread
 * instead of Node's four: its compile jobs then finish one after another instead of sharing
 * the spare CPU, and a cold check or index ran measurably faster, past the 5% bar
 * (DOCKET-SPEC-006 §3.10). Only a process's start can set it, and these processes are
 * docket's own. More CPUs were not measured: Node's default stays.
 */
export function childNodeOptions(
  cpus: number = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
): string[] {
  return cpus <= 2 ? ['--v8-pool-size=1'] : [];
}

export function serverErrorEnvelope(commandId: string, root: string, error: DocketError): Envelope {
  const meta: EnvelopeMeta = {
    command: commandId,
    runId: safeRunId(process.env),
    root,
    format: 'json',
    color: false,
    debug: false,
    started: performance.now(),
    includeMetrics: false,
  };
  return errorEnvelope(meta, error);
}

function lastJsonLine(stdout: string): Envelope | undefined {
  const lines = stdout.split('\n').filter((l) => l.trim() !== '');
  if (lines.length !== 1) return undefined;
  try {
    const value = JSON.parse(lines[0]!) as Envelope;
    return value && typeof value === 'object' && typeof value.success === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one command as a child process of docket's own binary (`--format json --root <root>`,
 * stdin closed, cwd at the root) and returns its envelope. It never rejects: a timeout, a
 * cancellation, or a child that died without an envelope become error envelopes.
 */
export function runCommand(opts: RunnerOptions, commandId: string, argv: readonly string[], signal?: AbortSignal): Promise<Envelope> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...(opts.nodeOptions ?? childNodeOptions()), opts.bin, ...argv], {
      cwd: opts.root,
      env: childEnv(process.env, opts.agent?.()),
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let overflow = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, opts.timeoutMs);
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      stop();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length + chunk.length > MAX_STDOUT) {
        overflow = true;
        stop();
        return;
      }
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    let done = false;
    const finish = (code: number | null, error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      const elapsed = Math.round(performance.now() - started);
      opts.debug?.(`${commandId}: exit ${code ?? 'signal'} in ${elapsed} ms${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`);
      if (timedOut) {
        resolve(
          serverErrorEnvelope(
            commandId,
            opts.root,
            new DocketError(
              'TOOL_CALL_TIMEOUT',
              `docket ${commandId} ran longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped.`,
              {
                suggestion: 'Narrow the call, or start docket mcp with a longer --timeout.',
                details: { timeout_ms: opts.timeoutMs },
              },
            ),
          ),
        );
        return;
      }
      if (cancelled) {
        resolve(
          serverErrorEnvelope(
            commandId,
            opts.root,
            new DocketError('INTERRUPTED', `docket ${commandId} was cancelled before it finished.`),
          ),
        );
        return;
      }
      const envelope = overflow ? undefined : lastJsonLine(stdout);
      if (envelope) {
        resolve(envelope);
        return;
      }
      const why = error
        ? `could not be started (${error.message})`
        : overflow
          ? `printed more than ${MAX_STDOUT} bytes`
          : `ended with exit code ${code ?? 'none'} without a result`;
      resolve(
        serverErrorEnvelope(
          commandId,
          opts.root,
          new DocketError('INTERNAL_ERROR', `docket ${commandId} ${why}.`, {
            suggestion: 'Run the same command in a terminal with --debug to see what failed, and report it.',
            details: { exit_code: code, stderr: redactString(stderr.trim().slice(-2000)) },
          }),
        ),
      );
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}
