/** Progress of a long run, as a use case reports it (phase, documents done, documents in all). */
export type ProgressReport = (phase: string, done: number, total: number) => void;

export interface TerminalProgress {
  report: ProgressReport;
  /** Erases the line, so the result starts on a clean one. */
  clear(): void;
}

const VERBS: Record<string, string> = { read: 'Reading' };

/**
 * A counter on stderr that updates in place, for people at a terminal: only in text mode and
 * when stderr is a TTY (never in a machine format, a pipe, a CI log or TERM=dumb).
 */
export function terminalProgress(format: string, stderr: NodeJS.WriteStream, env: NodeJS.ProcessEnv): TerminalProgress | undefined {
  if (format !== 'text' || !stderr.isTTY || env.TERM === 'dumb') return undefined;
  let shown = false;
  return {
    report(phase, done, total) {
      shown = true;
      stderr.write(`\r\x1b[2K${VERBS[phase] ?? phase} ${done}/${total} documents…`);
    },
    clear() {
      if (shown) stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
}
