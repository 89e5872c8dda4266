import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from '../../src/core/engine/documents/read.js';
import type { NamespaceConfig } from '../../src/core/config/types.js';

const ns = { name: 'default' } as NamespaceConfig;
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** What decoding must give: the strict UTF-8 decoding, without a leading BOM, or no text at all. */
function expected(bytes: Uint8Array): string | undefined {
  try {
    const text = strict.decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

describe('decoding a document', () => {
  // ASCII takes a shortcut (it is its own UTF-8): the text must be what strict decoding gives.
  it('gives the strict UTF-8 text, for ASCII, other UTF-8 and invalid bytes alike', () => {
    const bytes = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abc-#\n\r\t []():'.split('')) }).map((s) => Buffer.from(`---\ntitle: x\n---\n${s}`)),
      fc.string({ unit: 'grapheme' }).map((s) => Buffer.from(`---\ntitle: é\n---\n${s}`)),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from('---\na: 1\n---\n'), Buffer.from(b.filter((x) => x !== 0))])),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(b.filter((x) => x !== 0))])),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        const rec = decodeDocument('docs/a.md', ns, b, b.length, 0, false);
        expect(rec.text).toBe(expected(b));
        expect(rec.problems.some((p) => p.code === 'FILE_ENCODING')).toBe(expected(b) === undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
