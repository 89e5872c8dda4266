import { DocketError } from '../errors/docket-error.js';

/** Steps between two turns of the event loop in a long loop: rare enough to cost nothing per document. */
const YIELD_EVERY = 64;
/**
 * The longest a loop works before the event loop gets a turn, whatever its steps cost: a
 * handful of large documents must not hold a signal back either. Well inside the 1.5 s the
 * contract gives an interrupted run to end.
 */
const TURN_AFTER_MS = 100;
let lastTurn = performance.now();

/** Whether a long loop at `step` should give the event loop a turn now (see turn()). */
function turnDue(step: number): boolean {
  return (step > 0 && step % YIELD_EVERY === 0) || performance.now() - lastTurn >= TURN_AFTER_MS;
}

/** One turn of the event loop: pending signal handlers, output and worker replies run. */
export function turn(): Promise<void> {
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      lastTurn = performance.now();
      resolve();
    }),
  );
}

/**
 * For long loops whose reads are synchronous (or answered at once): when a turn is due (see
 * turnDue) the event loop gets one, so a SIGINT/SIGTERM handler can run and abort `signal`; an
 * aborted run then stops with INTERRUPTED. Without the turn, the loop would run to its end
 * before the handler ever ran. Returns a promise only on the steps that turn, so the other
 * steps cost a comparison (`const wait = checkpoint(...); if (wait) await wait;`).
 */
export function checkpoint(step: number, signal: AbortSignal | undefined, message: string): Promise<void> | undefined {
  if (!signal) return undefined;
  if (turnDue(step)) {
    return turn().then(() => {
      if (signal.aborted) throw new DocketError('INTERRUPTED', message);
    });
  }
  if (signal.aborted) throw new DocketError('INTERRUPTED', message);
  return undefined;
}
