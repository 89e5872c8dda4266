import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyMeta } from '../../src/cli/early-meta.js';
import { NdjsonStream } from '../../src/cli/stream.js';
import type { Envelope } from '../../src/cli/envelope.js';

/** What reaches process.stdout.write, call by call. */
function captureStdout(): string[] {
  const calls: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    calls.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write);
  return calls;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('NDJSON on stdout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gathers items into few writes, keeps their order, and writes header, progress and the end at once', async () => {
    const calls = captureStdout();
    const meta = { ...earlyMeta('check', ['--format', 'ndjson'], {}), format: 'ndjson' as const };
    const stream = await NdjsonStream.open(meta);
    expect(calls).toHaveLength(1); // the header, before any work
    expect(JSON.parse(calls[0]!).record).toBe('header');

    const paths = Array.from({ length: 500 }, (_, i) => `docs/doc-${String(i).padStart(4, '0')}.md`);
    for (const [i, p] of paths.entries()) {
      await stream.item('file', { path: p });
      if (i === 249) {
        const before = calls.length;
        await stream.progress('read', 250, 500);
        expect(calls.length).toBeGreaterThan(before); // written now, with the items before it
        expect(calls.at(-1)!.endsWith('"total":500}\n')).toBe(true);
      }
    }
    // Items still gathered are written when the event loop turns, not only at the end.
    await turn();
    const written = calls
      .join('')
      .split('\n')
      .filter((l) => l !== '');
    expect(written).toHaveLength(1 + 500 + 1);

    await stream.item('file', { path: 'docs/last.md' });
    const env = { success: true, data: {}, warnings: [], violations: [], advice: [] } as unknown as Envelope;
    await stream.finish(env, [], false);
    const records = calls
      .join('')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    expect(records.map((r) => r.record)).toEqual(['header', ...Array(250).fill('item'), 'progress', ...Array(251).fill('item'), 'summary']);
    expect(records.filter((r) => r.record === 'item').map((r) => r.data.path)).toEqual([...paths, 'docs/last.md']);
    // A write per line would be 504 calls.
    expect(calls.length).toBeLessThan(20);
  });
});
