import { describe, expect, it } from 'vitest';
import { RefreshLoop } from '../../src/cli/lsp/refresh-loop.js';

/** A refresh the test finishes by hand; it records its signal. */
function controlled() {
  const runs: { signal: AbortSignal; finish: () => void; state: number }[] = [];
  let active = 0;
  let most = 0;
  let state = 0;
  const run = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      active++;
      most = Math.max(most, active);
      const entry = {
        signal,
        state,
        finish: () => {
          active--;
          if (signal.aborted) reject(new Error('aborted'));
          else resolve();
        },
      };
      runs.push(entry);
    });
  return { runs, run, most: () => most, change: () => state++ };
}

const tick = () => new Promise((r) => setTimeout(r, 5));
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await tick();
}

describe('the refresh loop', () => {
  it('runs one refresh at a time, aborts a stale one, and checks the newest state last', async () => {
    const c = controlled();
    const errors: unknown[] = [];
    const loop = new RefreshLoop(c.run, 1, (e) => errors.push(e));
    c.change();
    loop.request();
    await until(() => c.runs.length === 1);
    // A change during the refresh: it is aborted, and a new one waits for it to stop.
    c.change();
    loop.request();
    expect(c.runs[0]!.signal.aborted).toBe(true);
    await tick();
    expect(c.runs.length).toBe(1);
    c.runs[0]!.finish();
    await until(() => c.runs.length === 2);
    expect(c.runs[1]!.state).toBe(2);
    let settled = false;
    const done = loop.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    c.runs[1]!.finish();
    await done;
    expect(c.most()).toBe(1);
    // An aborted refresh's failure is expected, not an error.
    expect(errors).toEqual([]);
    await loop.settled();
    loop.close();
  });

  it('reports a refresh that fails on its own, and stops on close', async () => {
    const errors: unknown[] = [];
    const loop = new RefreshLoop(
      async () => {
        throw new Error('boom');
      },
      1,
      (e) => errors.push(e),
    );
    loop.request();
    await until(() => errors.length === 1);
    await loop.settled();
    loop.close();
    loop.request();
    await loop.settled();
    expect(errors.map(String)).toEqual(['Error: boom']);
  });
});
