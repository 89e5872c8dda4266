import { DocketError } from '../errors/docket-error.js';

/** Steps between two turns of the event loop in a long loop: rare enough to cost nothing per document. */
const YIELD_EVERY = 64;

/**
 * For long loops whose reads are synchronous (or answered at once): every YIELD_EVERY steps
 * the event loop gets a turn, so a SIGINT/SIGTERM handler can run and abort `signal`; an
 * aborted run then stops with INTERRUPTED. Without the turn, the loop would run to its end
 * before the handler ever ran. Returns a promise only on the steps that turn, so the other
 * steps cost a comparison (`const wait = checkpoint(...); if (wait) await wait;`).
 */
export function checkpoint(step: number, signal: AbortSignal | undefined, message: string): Promise<void> | undefined {
  if (!signal) return undefined;
  if (step > 0 && step % YIELD_EVERY === 0) {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      if (signal.aborted) throw new DocketError('INTERRUPTED', message);
    });
  }
  if (signal.aborted) throw new DocketError('INTERRUPTED', message);
  return undefined;
}
