import { writeSync } from 'node:fs';
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

/** How long a forced write waits, in all, for a reader that does not read (a full pipe). */
const FORCED_WRITE_PATIENCE_MS = 2000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to `fd` synchronously. stdout may be a non-blocking pipe: while it is
 * full, wait a millisecond at a time (never spin), and give up after FORCED_WRITE_PATIENCE_MS:
 * a reader that does not read cannot be told anything, and the process must still end.
 */
function writeAllSync(fd: number, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  let waited = 0;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || waited >= FORCED_WRITE_PATIENCE_MS) return; // closed, or nobody reads
      Atomics.wait(pause, 0, 0, 1);
      waited++;
    }
  }
}

/**
 * For a forced interrupt only: writes both texts synchronously, then exits with `code`. The use
 * case did not stop, so the event loop may not turn again soon; synchronous writes are safe to
 * exit after (unlike stream writes to a pipe).
 */
export function writeThenExit(stdout: string, stderr: string, code: number): void {
  process.exitCode = code;
  writeAllSync(2, stderr);
  writeAllSync(1, stdout);
  process.exit(code);
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
