import { envValue } from '../core/env.js';
import { safeBlock, safeText } from './render/style.js';

/** The only module that writes to the process's stdout and stderr. */

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}

export function writeStdout(text: string): Promise<void> {
  return write(process.stdout, text);
}

export function writeStderr(text: string): Promise<void> {
  return write(process.stderr, text);
}

/** --debug, or DOCKET_DEBUG (MEMINIT_DEBUG in its stead) set to 1 or true. */
export function debugEnabled(flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  const value = envValue(env, 'DOCKET_DEBUG')?.value;
  return flag === true || value === '1' || value === 'true';
}

/** Diagnostics for --debug: stderr only, never stdout. */
export function debugLog(enabled: boolean, message: string): void {
  // Messages quote repository values (paths, names): escaped, so none can drive the terminal
  // (line feeds kept: a stack trace is several lines).
  if (enabled) process.stderr.write(`[docket debug] ${safeBlock(message)}\n`);
}

/** A --verbose line: what the run decided, on stderr only (stdout stays the result, in every format). */
export function verboseLog(topic: string, message: string): void {
  process.stderr.write(`[docket] ${topic}: ${safeText(message)}\n`);
}

/** For a forced interrupt only: flush both streams, then exit with `code`. */
export function writeThenExit(stdout: string, stderr: string, code: number): void {
  process.exitCode = code;
  process.stderr.write(stderr, () => {
    process.stdout.write(stdout, () => process.exit(code));
  });
}

/**
 * For streamed output (NDJSON): writes one chunk to stdout; when the pipe is full, returns a
 * promise that resolves once it drained, so producers wait instead of buffering in memory.
 */
export function streamStdout(text: string): void | Promise<void> {
  if (process.stdout.write(text)) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/** For a forced interrupt of a stream: the last line, synchronously enough to precede exit. */
export function streamStdoutThenExit(text: string, code: number): void {
  writeThenExit(text, '', code);
}
