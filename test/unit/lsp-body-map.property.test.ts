import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyMap } from '../../src/core/markdown/body-map.js';
import { commonmarkBodyMap } from '../../src/core/markdown/commonmark.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';
import { inRanges } from '../../src/core/workspace/document-map.js';

/** Pieces of Markdown around document IDs: code spans and blocks, comments, headings, links, containers. */
const piece = fc.oneof(
  fc.constantFrom(
    'ACME-ADR-001',
    ' ACME-GOV-002 ',
    '`',
    '``',
    '`ACME-ADR-003`',
    '\n```\n',
    '\n~~~ts\n',
    '\n    ',
    '\n\n    code ACME-ADR-004\n',
    '\n<!-- ACME-ADR-005 -->\n',
    '\n<!--\n',
    '\n-->\n',
    '\n',
    '\n\n',
    ' ',
    '# ',
    '## ',
    '   # ',
    '\n# H\n',
    '# a `b` c',
    '# x #',
    'x\n===',
    'y\n---',
    '- ',
    '1. ',
    '> ',
    '- # h',
    '\n\n- a\n  ```\n',
    '[a](b.md)',
    '[ACME-ADR-006](x.md#ACME-ADR-007)',
    '<http://e.x/ACME-ADR-008>',
    '[',
    ']',
    '(',
    ')',
    '*',
    '_',
    'a',
    'é 🚀',
    '<b>',
    '\\',
  ),
  fc.stringMatching(/^[A-Za-z0-9 .#_-]{0,5}$/),
);
const body = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

/**
 * Whether each character but blanks and line ends is code or HTML: what decides whether an ID
 * is a mention (the paths may differ on whether a block takes its last line feed, or a last
 * line of blanks).
 */
function coverage(text: string, verbatim: readonly number[]): boolean[] {
  return Array.from({ length: text.length }, (_, i) => !/\s/.test(text[i]!) && inRanges(verbatim, i));
}

describe('bodyMap: the simple path says what the parser says', () => {
  it('on generated bodies: the same outline, heading lines and code', () => {
    let answered = 0;
    fc.assert(
      fc.property(body, (text) => {
        const want = commonmarkBodyMap(text, 1);
        const got = bodyMap(text, 1);
        const code: number[] = [];
        // The simple path answered, and its heading lines were proved (its code, not the parser's, came back).
        if (simpleOutline(text, 1, true, code) !== undefined && got.verbatim.join() === code.join()) answered++;
        expect(got.headingLines).toEqual(want.headingLines);
        expect(got.outline.anchors).toEqual(want.outline.anchors);
        expect(got.outline.links.map((l) => ({ ...l }))).toEqual(want.outline.links.map((l) => ({ ...l })));
        expect(coverage(text, got.verbatim)).toEqual(coverage(text, want.verbatim));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
    // The generator must exercise the simple path, not only its declines.
    expect(answered).toBeGreaterThan(Number(process.env.FC_RUNS ?? 3000) / 5);
  });
});
