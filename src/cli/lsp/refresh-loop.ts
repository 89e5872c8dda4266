/**
 * When the server re-checks the repository: a refresh can take a while on a large repository,
 * and the editor sends a change per keystroke. Changes within `delayMs` of each other make one
 * refresh; never two at once; a change during a refresh aborts it (its result is stale) and
 * starts another once it has stopped, so the last state is always the one checked and published.
 */
export class RefreshLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: AbortController | undefined;
  private pending = false;
  private closed = false;
  private waiters: (() => void)[] = [];

  /** `run` refreshes and publishes; it may throw when its signal aborts (a newer change came). */
  constructor(
    private readonly run: (signal: AbortSignal) => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Something changed: refresh after the delay (and abort the refresh under way, now stale). */
  request(): void {
    if (this.closed) return;
    this.pending = true;
    this.running?.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, this.delayMs);
  }

  private start(): void {
    if (this.running || this.timer || this.closed) return;
    if (!this.pending) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    this.pending = false;
    const controller = new AbortController();
    this.running = controller;
    this.run(controller.signal)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) this.onError(error);
      })
      .finally(() => {
        this.running = undefined;
        this.start();
      });
  }

  /** Resolves once every change so far is checked and published (at once when nothing is pending). */
  settled(): Promise<void> {
    if (!this.pending && !this.running && !this.timer) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops: no refresh starts any more, the one under way is aborted, waiters are released. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
