import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** oclif as the built commands load it (bundled with them, scripts/bundle.js), so a process holds one copy of it. */
const OCLIF = new URL('../../dist/cli/oclif.js', import.meta.url).href;
let oclif: Promise<typeof import('../../src/cli/oclif.js')> | undefined;
export const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
export const FIXED_RUN_ID = '00000000-0000-4000-8000-000000000000';

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The parsed envelope when stdout is one JSON line, else undefined. */
  json?: Record<string, any>;
}

function parseJson(stdout: string): Record<string, any> | undefined {
  const lines = stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) return undefined;
  try {
    return JSON.parse(lines[0]!);
  } catch {
    return undefined;
  }
}

/** Environment without the caller's docket, colour and agent variables, so results are reproducible. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(DOCKET_|MEMINIT_|NO_COLOR|FORCE_COLOR|CLAUDE|CODEX|GEMINI|CURSOR|OPENCODE|AIDER|CLINE|GOOSE|AMP_|COPILOT)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, DOCKET_RUN_ID: FIXED_RUN_ID, ...extra };
}

let queue: Promise<unknown> = Promise.resolve();

/** A stand-in for process.stdout.write / stderr.write that hands each chunk to `sink` as text. */
export const captureWrites = (sink: (s: string) => void) =>
  ((chunk: string | Uint8Array, enc?: unknown, cb?: unknown) => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = typeof enc === 'function' ? enc : cb;
    if (typeof callback === 'function') callback();
    return true;
  }) as typeof process.stdout.write;

/**
 * Runs a command in this process through oclif (fast), capturing stdout/stderr and the exit
 * code. Calls are serialised because they share process.stdout and process.env.
 */
export function docket(args: string[], opts: { env?: Record<string, string | undefined> } = {}): Promise<CliResult> {
  const next = queue.then(() => runInProcess(args, opts.env ?? {}));
  queue = next.catch(() => undefined);
  return next;
}

async function runInProcess(args: string[], extraEnv: Record<string, string | undefined>): Promise<CliResult> {
  const savedEnv = process.env;
  const env = cleanEnv(extraEnv);
  process.env = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  let stdout = '';
  let stderr = '';
  const outWrite = process.stdout.write;
  const errWrite = process.stderr.write;
  process.stdout.write = captureWrites((s) => (stdout += s));
  process.stderr.write = captureWrites((s) => (stderr += s));
  process.exitCode = undefined;
  try {
    const { run } = await (oclif ??= import(OCLIF) as Promise<typeof import('../../src/cli/oclif.js')>);
    await run(args, REPO);
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
    process.env = savedEnv;
  }
  const exitCode = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { stdout, stderr, exitCode, json: parseJson(stdout) };
}

/** Runs the built binary in a child process (end-to-end); `wrap` runs it through another command (e.g. setpriv). */
export function docketBin(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; input?: string; wrap?: readonly string[] } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(cleanEnv(opts.env ?? {})).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
    const command = [...(opts.wrap ?? []), process.execPath, BIN, ...args];
    const child = spawn(command[0]!, command.slice(1), { cwd: opts.cwd ?? REPO, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, exitCode: code ?? -1, json: parseJson(stdout) }));
    child.stdin.end(opts.input ?? '');
  });
}
