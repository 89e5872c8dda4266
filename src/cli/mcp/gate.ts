/**
 * Admits tool calls in arrival order: read-only calls run side by side (up to `readers`), a
 * writing call runs alone, so two writes never race on the same repository.
 */
export class CallGate {
  private active = 0;
  private writing = false;
  private readonly waiting: { write: boolean; start: () => void }[] = [];

  constructor(private readonly readers = 2) {}

  async run<T>(write: boolean, fn: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ write, start });
      this.pump();
    });
    try {
      return await fn();
    } finally {
      this.active--;
      if (write) this.writing = false;
      this.pump();
    }
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const next = this.waiting[0]!;
      const fits = next.write ? this.active === 0 : !this.writing && this.active < this.readers;
      if (!fits) return;
      this.waiting.shift();
      this.active++;
      if (next.write) this.writing = true;
      next.start();
    }
  }
}
