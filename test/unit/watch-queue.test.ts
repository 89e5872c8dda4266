import { describe, expect, it } from 'vitest';
import { ChangeQueue } from '../../src/core/watch/queue.js';
import { FakeClock } from '../helpers/fake-clock.js';

const TIMING = { quietMs: 100, maxWaitMs: 1000 };

/** Whether a promise settled by now (after the pending microtasks ran). */
async function settled<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => (state = { done: true, value }));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return state;
}

describe('ChangeQueue', () => {
  it('releases a burst of changes as one sorted batch once they stop for the quiet period', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    const batch = queue.next();
    queue.add('docs/b.md');
    clock.advance(60);
    queue.add('docs/a.md');
    clock.advance(60);
    queue.add('docs/b.md');
    clock.advance(99);
    expect((await settled(batch)).done).toBe(false);
    clock.advance(1);
    expect(await settled(batch)).toEqual({ done: true, value: ['docs/a.md', 'docs/b.md'] });
    expect(queue.size).toBe(0);
  });

  it('keeps what changes while the taker is busy (a run going) and hands it over when asked, without waiting again', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    // No taker: a run is going. The changes settle meanwhile.
    queue.add('docs/a.md');
    clock.advance(500);
    expect(queue.size).toBe(1);
    expect(await settled(queue.next())).toEqual({ done: true, value: ['docs/a.md'] });
  });

  it('a change while a batch is due but not taken starts the quiet period again: the batch grows', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    queue.add('docs/a.md');
    clock.advance(150);
    queue.add('docs/c.md');
    const batch = queue.next();
    expect((await settled(batch)).done).toBe(false);
    clock.advance(100);
    expect((await settled(batch)).value).toEqual(['docs/a.md', 'docs/c.md']);
  });

  it('a steady trickle of changes still gets a batch maxWaitMs after its first change', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    const batch = queue.next();
    let releasedBy: number | undefined;
    // A change every 90 ms: the quiet period (100 ms) never passes.
    for (let t = 0; t < 2000; t += 90) {
      queue.add(`docs/${String(t).padStart(4, '0')}.md`);
      clock.advance(90);
      if (releasedBy === undefined && (await settled(batch)).done) releasedBy = clock.now();
    }
    // Released in the step that passed 1000 ms (990 -> 1080), with the 12 changes made before it.
    expect(releasedBy).toBe(1080);
    expect((await batch)!).toHaveLength(12);
    expect(queue.size).toBeGreaterThan(0);
  });

  it('never loses a change: what arrives after a batch was handed over is in the next one', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    const first = queue.next();
    queue.add('docs/a.md');
    clock.advance(100);
    expect((await settled(first)).value).toEqual(['docs/a.md']);
    queue.add('docs/a.md');
    clock.advance(100);
    expect((await settled(queue.next())).value).toEqual(['docs/a.md']);
  });

  it('has one taker at a time', async () => {
    const queue = new ChangeQueue(TIMING, new FakeClock());
    void queue.next();
    await expect(queue.next()).rejects.toThrow(/one taker/);
  });

  it('an aborted signal closes it: the waiting taker gets undefined, later changes and takers too', async () => {
    const clock = new FakeClock();
    const queue = new ChangeQueue(TIMING, clock);
    const controller = new AbortController();
    const batch = queue.next(controller.signal);
    queue.add('docs/a.md');
    controller.abort();
    expect(await settled(batch)).toEqual({ done: true, value: undefined });
    expect(clock.armed).toBe(0);
    queue.add('docs/b.md');
    expect(queue.size).toBe(0);
    expect(await queue.next()).toBeUndefined();
    const aborted = new ChangeQueue(TIMING, clock);
    expect(await aborted.next(AbortSignal.abort())).toBeUndefined();
  });
});
