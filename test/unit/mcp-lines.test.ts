import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, recoverId } from '../../src/cli/mcp/lines.js';

function split(max: number, chunks: string[]) {
  const s = new LineSplitter(max);
  return chunks.flatMap((c) => s.push(Buffer.from(c)));
}

describe('LineSplitter', () => {
  it('gives the same lines however the input is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 30 }).map((l) => l.replace(/\n/g, '')),
          { maxLength: 8 },
        ),
        fc.array(fc.nat(), { maxLength: 6 }),
        (lines, cuts) => {
          const text = lines.map((l) => `${l}\n`).join('');
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points, text.length].slice(1).map((end, i, all) => text.slice(i === 0 ? 0 : all[i - 1], end));
          const out = split(1000, [text.slice(0, 0), ...chunks]);
          expect(out).toEqual(lines.map((l) => ({ kind: 'line', text: l.replace(/\r$/, '') })));
        },
      ),
    );
  });

  it('drops a line over the limit, keeping its size and both ends, and reads the next one', () => {
    const long = `{"id":7,"x":"${'a'.repeat(50)}","id2":1}`;
    const out = split(20, [long.slice(0, 10), long.slice(10, 30), `${long.slice(30)}\nok\n`]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ kind: 'oversized', bytes: Buffer.byteLength(long) });
    expect(out[1]).toEqual({ kind: 'line', text: 'ok' });
    const first = out[0] as { head: string; tail: string };
    expect(recoverId(first.head, first.tail)).toBe(7);
  });

  it('counts a line of exactly the limit as a line', () => {
    expect(split(5, ['abcde\nabcdef\n']).map((l) => l.kind)).toEqual(['line', 'oversized']);
  });
});

describe('recoverId', () => {
  it('finds the id among the leading keys or as the last key, else null', () => {
    expect(recoverId('{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"x":"', '')).toBe('a-1');
    expect(recoverId('{"method":"tools/call","params":{"id":9,', '"}},"id": 12 }')).toBe(12);
    expect(recoverId('{"method":"tools/call","params":{"id":9,', 'aaaa"}}}')).toBeNull();
    expect(recoverId('garbage', 'garbage')).toBeNull();
  });
});
