import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MovedNames } from '../../src/core/move/mentions.js';

// Few letters, so that names and texts meet often.
const letters = fc.constantFrom('a', 'd', 'm', '.', '/', '-', ' ', 'é', '(', ')');
const name = fc.string({ unit: letters, minLength: 0, maxLength: 8 });

describe('MovedNames: whether a text mentions a moved file name', () => {
  it('answers as searching the text for each name would (every seed)', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), fc.string({ unit: letters, maxLength: 80 }), (paths, text) => {
        const naive = paths.some((p) => {
          const base = path.posix.basename(p);
          return base !== '' && text.includes(base);
        });
        expect(new MovedNames(paths).mentionedIn(text)).toBe(naive);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a document name in a link and ignores a text without one', () => {
    const names = new MovedNames(['docs/45-adr/adr-001-x.md', 'docs/10-prd/prd-002-y.md', 'docs/old']);
    expect(names.mentionedIn('See [x](../45-adr/adr-001-x.md#context).')).toBe(true);
    expect(names.mentionedIn('See [y](prd-002-y.md).')).toBe(true);
    expect(names.mentionedIn('the old/ folder')).toBe(true);
    expect(names.mentionedIn('See [x](adr-001-z.md) and cmd.md.')).toBe(false);
  });
});
