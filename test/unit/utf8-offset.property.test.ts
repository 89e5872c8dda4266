import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytePosition, invalidUtf8Offset } from '../../src/core/text/utf8.js';

/** Bytes near UTF-8: mostly valid text with stray lead, continuation and out-of-range bytes. */
const nearUtf8 = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary' }).map((s) => [...Buffer.from(s, 'utf8')]),
      fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));

describe('invalidUtf8Offset', () => {
  it('agrees with the strict decoder: -1 exactly for UTF-8, else the text before the offset is UTF-8 and the text from it is not', () => {
    fc.assert(
      fc.property(nearUtf8, (bytes) => {
        const offset = invalidUtf8Offset(bytes);
        if (isUtf8(bytes)) {
          expect(offset).toBe(-1);
          return;
        }
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(isUtf8(bytes.subarray(0, offset))).toBe(true);
        // A broken sequence starts there: no complete character of 1 to 4 bytes does.
        expect(bytes[offset]).toBeGreaterThanOrEqual(0x80);
        for (let k = 1; k <= 4; k++) expect(isUtf8(bytes.subarray(offset, offset + k))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('points at the lead byte of a truncated or overlong sequence, and at a lone surrogate', () => {
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xe9, 0x62]))).toBe(1); // Latin-1 é
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1); // overlong "/"
    expect(invalidUtf8Offset(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0); // U+D800
    expect(invalidUtf8Offset(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // above U+10FFFF
    expect(invalidUtf8Offset(Buffer.from('h\u00e9\u20ac\u{1f600}', 'utf8'))).toBe(-1);
    expect(bytePosition(Buffer.from('ab\ncd\nef'), 7)).toEqual({ line: 3, column: 2 });
  });
});
