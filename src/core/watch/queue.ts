/** The clock a ChangeQueue waits on: the process's timers, or a test's. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface QueueTiming {
  /** A batch is released once no change came for this long (a burst of saves is one batch). */
  quietMs: number;
  /** ...or this long after its first change, so that a steady trickle of changes still gets runs. */
  maxWaitMs: number;
}

/** An editor's save (temporary file, rename, attributes) and `git checkout` come in bursts well inside this. */
const DEFAULT_TIMING: QueueTiming = { quietMs: 150, maxWaitMs: 2000 };

/**
 * Paths that changed since the last batch, released together once they settle (see
 * QueueTiming). One taker at a time: the run loop asks for the next batch only when its run
 * ended, so runs never overlap; what changes during a run waits in the queue for the next
 * batch, so no change is lost. A change while a batch is due but not yet taken starts the
 * quiet period again (the batch grows), bounded by maxWaitMs from its first change.
 */
export class ChangeQueue {
  private pending = new Set<string>();
  private firstAt = 0;
  private timer: unknown;
  private due = false;
  private taker: ((batch: string[] | undefined) => void) | undefined;
  private closed = false;

  constructor(
    private readonly timing: QueueTiming = DEFAULT_TIMING,
    private readonly timers: Timers = realTimers,
  ) {}

  add(path: string): void {
    if (this.closed) return;
    if (this.pending.size === 0) this.firstAt = this.timers.now();
    this.pending.add(path);
    this.due = false;
    this.arm();
  }

  /** Changes pending, not yet taken (for tests and the status line). */
  get size(): number {
    return this.pending.size;
  }

  private arm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    const left = this.firstAt + this.timing.maxWaitMs - this.timers.now();
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        this.due = true;
        this.hand();
      },
      Math.max(0, Math.min(this.timing.quietMs, left)),
    );
  }

  private hand(): void {
    if (!this.due || !this.taker) return;
    const batch = [...this.pending].sort();
    const taker = this.taker;
    this.pending = new Set();
    this.due = false;
    this.taker = undefined;
    taker(batch);
  }

  /**
   * The next batch, sorted, once it is due; undefined once the queue is closed (or `signal`
   * aborts, which closes it).
   */
  next(signal?: AbortSignal): Promise<string[] | undefined> {
    if (this.closed || signal?.aborted) {
      this.close();
      return Promise.resolve(undefined);
    }
    if (this.taker) return Promise.reject(new Error('ChangeQueue: one taker at a time'));
    return new Promise((resolve) => {
      const onAbort = () => this.close();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.taker = (batch) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(batch);
      };
      this.hand();
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    const taker = this.taker;
    this.taker = undefined;
    taker?.(undefined);
  }
}
