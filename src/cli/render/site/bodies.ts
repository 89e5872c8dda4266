import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { packagePath } from '../../../core/package-root.js';
import { markdownRenderer, type LinkTargets } from './markdown.js';

export interface Body {
  body: string | undefined;
  rel: string;
  id: string;
}

/** Below this many documents the bodies are rendered in the main thread: a worker's start would cost more than it saves. */
const WORKER_THRESHOLD = 400;
const BATCH = 100;
/** How far the workers may run ahead of the pages written: their HTML waits in memory until then. */
const AHEAD = 20 * BATCH;
const WORKER_FILE = 'dist/cli/render/site/markdown-worker.js';

/**
 * Every document's body as HTML, asked for in order (bodies[i] by get(i)). Rendering Markdown is
 * most of a large site's build, so with many documents it runs in worker threads (one per
 * core the process may use) while the main thread makes and writes the pages; with few, or
 * where workers cannot start, in the main thread. The HTML is the same either way: one renderer.
 */
export class BodyRenderer {
  private readonly html = new Map<number, string | undefined>();
  private readonly waiting = new Map<number, () => void>();
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private next = 0;
  private consumed = 0;
  private failure: unknown;
  private inline?: (body: string, rel: string, id: string) => string;

  constructor(
    private readonly targets: LinkTargets,
    private readonly bodies: readonly Body[],
  ) {
    const count = Math.min(Math.max(availableParallelism(), 1), 4);
    if (bodies.length < WORKER_THRESHOLD) return;
    try {
      for (let i = 0; i < count; i++) this.workers.push(this.start());
    } catch {
      this.close();
      return;
    }
    this.idle.push(...this.workers, ...this.workers);
    this.pump();
  }

  /** Hands the next batches to idle workers, as far as AHEAD allows (each worker holds at most two). */
  private pump(): void {
    while (this.idle.length > 0 && this.next < this.bodies.length && this.next < this.consumed + AHEAD) {
      const start = this.next;
      this.next += BATCH;
      const items = this.bodies.slice(start, start + BATCH).map((b) => [b.body ?? '', b.rel, b.id]);
      this.idle.shift()!.postMessage({ start, items });
    }
  }

  private start(): Worker {
    const worker = new Worker(packagePath(WORKER_FILE), {
      workerData: { idOfPath: [...this.targets.idOfPath], images: [...this.targets.images] },
    });
    worker.on('message', ({ start, html }: { start: number; html: string[] }) => {
      this.idle.push(worker);
      this.pump();
      html.forEach((h, k) => {
        const i = start + k;
        this.html.set(i, this.bodies[i]!.body === undefined ? undefined : h);
        this.waiting.get(i)?.();
        this.waiting.delete(i);
      });
    });
    worker.on('error', (error) => {
      this.failure = error;
      for (const wake of this.waiting.values()) wake();
    });
    return worker;
  }

  /** The HTML of bodies[i]; undefined when that body could not be read. */
  async get(i: number): Promise<string | undefined> {
    const b = this.bodies[i]!;
    if (this.workers.length === 0 || this.failure !== undefined) {
      if (b.body === undefined) return undefined;
      this.inline ??= markdownRenderer(this.targets);
      return this.inline(b.body, b.rel, b.id);
    }
    if (!this.html.has(i)) await new Promise<void>((wake) => this.waiting.set(i, wake));
    if (this.failure !== undefined && !this.html.has(i)) return this.get(i);
    const html = this.html.get(i);
    // Held only until its page is made.
    this.html.delete(i);
    this.consumed = Math.max(this.consumed, i + 1);
    this.pump();
    return html;
  }

  close(): void {
    for (const w of this.workers) void w.terminate();
    this.workers.length = 0;
  }
}
