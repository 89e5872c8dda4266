import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detach, detachAll } from '../../src/core/text/detach.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap growth per kept string when each is cut from its own 16 KB text and passed through `keep`. */
function bytesKeptPerString(keep: (s: string) => string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const text = JSON.parse(
      JSON.stringify(`${'x'.repeat(8192)}services/svc1/docs/60-runbooks/runbook-${i}-cache.md${'y'.repeat(8192)}`),
    ) as string;
    kept.push(keep(text.slice(8192, 8192 + 48)));
  }
  gc();
  const growth = process.memoryUsage().heapUsed - before;
  expect(kept.every((s, i) => s === `services/svc1/docs/60-runbooks/runbook-${i}-cache.md`.slice(0, 48))).toBe(true);
  return growth / kept.length;
}

describe('detach', () => {
  it('returns an equal string', () => {
    for (const s of ['', 'short', 'exactly-13-ch', 'ünïcödé headings — with 😀 and more text', 'a'.repeat(5000)]) expect(detach(s)).toBe(s);
    expect(detachAll(['a', 'b'.repeat(20)])).toEqual(['a', 'b'.repeat(20)]);
  });

  it('does not keep the text a string was sliced from alive', () => {
    // A plain slice keeps its 16 KB source: the baseline shows the measurement sees that.
    expect(bytesKeptPerString((s) => s)).toBeGreaterThan(8192);
    expect(bytesKeptPerString(detach)).toBeLessThan(1024);
  });
});
