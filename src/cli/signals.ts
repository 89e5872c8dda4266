/**
 * SIGINT and SIGTERM, from the first line of bin/run.js to the end of the run. While a command
 * runs, the first signal aborts its AbortSignal (the use case stops at its next check and
 * reports INTERRUPTED, exit 130); a second signal, or the grace period running out, forces the
 * INTERRUPTED result at once. Before a command runs, a signal prints an INTERRUPTED result from
 * the raw argv. Once the result is written, signals change nothing: the run keeps its exit code.
 *
 * The handlers run on the main thread, so they answer as soon as it is free. No stretch of work
 * keeps it busy for long: documents are bounded in size (FILE_TOO_LARGE), every per-document
 * stage is linear (schema patterns run on re2js, the Markdown outline never backtracks), and
 * long loops turn the event loop (core/interrupt.ts). That is why there is no watchdog thread:
 * one would start with every run, for a case the bounds rule out.
 */

/** The forced result must be out within 1.5 s of the signal: 1 s for the use case to stop by itself. */
const GRACE_MS = 1000;

export interface SignalWatch {
  signal: AbortSignal;
  /** The result is written: later signals change nothing. */
  settle(): void;
  dispose(): void;
}

interface Watch {
  controller: AbortController;
  timer?: NodeJS.Timeout;
  /** Prints the INTERRUPTED result synchronously and exits. */
  force(): void;
}

/**
 * The process's signal state. It lives on globalThis because bin/run.js loads this module from
 * dist/cli/ while the commands carry their own bundled copy (scripts/bundle.js): both must
 * see one state, and one pair of listeners.
 */
interface SignalState {
  watch?: Watch;
  settled: boolean;
  /** A signal arrived before any command took over. */
  pendingEarly: boolean;
  listening: boolean;
  /** Installed by bin/run.js for the whole process (in-process test runs listen per command). */
  installed: boolean;
  early?: () => void;
  listener?: () => void;
}

const KEY = Symbol.for('docket.signals');
const state: SignalState = ((globalThis as Record<symbol, unknown>)[KEY] as SignalState | undefined) ?? {
  settled: false,
  pendingEarly: false,
  listening: false,
  installed: false,
};
(globalThis as Record<symbol, unknown>)[KEY] = state;

function onSignal(): void {
  if (state.settled) return;
  if (state.watch) {
    if (state.watch.controller.signal.aborted) {
      state.watch.force();
      return;
    }
    state.watch.controller.abort();
    state.watch.timer = setTimeout(() => state.watch?.force(), GRACE_MS);
    return;
  }
  if (state.pendingEarly) return;
  state.pendingEarly = true;
  state.early?.();
}

function listen(): void {
  if (state.listening) return;
  state.listening = true;
  state.listener = onSignal;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * bin/run.js, first thing: handle signals for the whole process. `interruptEarly` prints the
 * INTERRUPTED result when no command has started (it may load what it needs first).
 */
export function installSignalHandling(interruptEarly: () => void): void {
  state.installed = true;
  state.early = interruptEarly;
  listen();
  // Test-only: the signal arrives as soon as the handlers are in place (nothing outside the process can time it that well).
  const atStart = process.env.DOCKET_TEST_SIGNAL_AT_START;
  if (atStart === 'SIGINT' || atStart === 'SIGTERM') process.kill(process.pid, atStart);
}

/** For the early writer: false once a command took over (it prints the result) or the result is out. */
export function earlyInterruptStillOwed(): boolean {
  return !state.settled && state.watch === undefined;
}

/** A command's run: aborts on the first signal, forces `onForce` on a second one or after the grace period. */
export function watchSignals(onForce: () => void = () => process.exit(130)): SignalWatch {
  const current: Watch = { controller: new AbortController(), force: onForce };
  state.settled = false;
  state.watch = current;
  // A signal that came while oclif was loading: this command reports it (the early writer stands down).
  if (state.pendingEarly) {
    current.controller.abort();
    current.timer = setTimeout(() => current.force(), GRACE_MS);
  }
  listen();
  const stopTimer = () => {
    if (current.timer) clearTimeout(current.timer);
  };
  return {
    signal: current.controller.signal,
    settle() {
      stopTimer();
      state.settled = true;
      if (state.watch === current) state.watch = undefined;
    },
    dispose() {
      stopTimer();
      if (state.watch === current) state.watch = undefined;
      if (!state.installed && state.listening) {
        state.listening = false;
        state.pendingEarly = false;
        if (state.listener) {
          process.off('SIGINT', state.listener);
          process.off('SIGTERM', state.listener);
        }
      }
    },
  };
}

/** bin/run.js, once whatever it ran has printed its result (help, version, an early error): signals change nothing now. */
export function settleProcess(): void {
  if (state.watch?.timer) clearTimeout(state.watch.timer);
  state.watch = undefined;
  state.settled = true;
}
