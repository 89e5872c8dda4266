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

export function debugEnabled(flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return flag === true || env.DOCKET_DEBUG === '1' || env.DOCKET_DEBUG === 'true';
}

/** Diagnostics for --debug: stderr only, never stdout. */
export function debugLog(enabled: boolean, message: string): void {
  if (enabled) process.stderr.write(`[docket debug] ${message}\n`);
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
