import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import { decodeDocument } from '../../src/core/engine/documents/read.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { countWork } from '../helpers/work.js';

/**
 * Every per-document stage is linear in the document's size (issue 38: 2 MiB of `[` took
 * 23-47 s in check, index, scan and fix), whatever Markdown parser docket uses: the work
 * counted on strings (test/helpers/work.ts, no clock) per character of a body of 8N repetitions
 * of a pathological unit, over the same for N repetitions, is about 1 for linear work and 8 for
 * quadratic. The bound leaves room for the two outline paths: a body may take the simple path at
 * one size and the general one at the other (an odd number of backticks cannot pair up), and
 * their costs per character differ by a constant factor of up to about 2.5.
 */
const ns = { name: 'default' } as NamespaceConfig;
const FRONTMATTER = '---\ndocument_id: ACME-ADR-001\ntitle: x\n---\n';

/** Decoding (frontmatter split and parse) and both outlines check and index ask for. */
function perDocument(body: string): void {
  const text = FRONTMATTER + body;
  const rec = decodeDocument('docs/a.md', ns, Buffer.from(text), text.length, 0, false);
  const split = rec.split;
  const start = split?.kind === 'ok' ? split.bodyOffset : 0;
  const line = split?.kind === 'ok' ? split.closingLine + 1 : 1;
  outlineMarkdown(rec.text!.slice(start), line, true);
  outlineMarkdown(rec.text!.slice(start), line, false);
}

function growth(unit: string, base: number): number {
  const [small, large] = [1, 8].map((k) => countWork(() => perDocument(unit.repeat(base * k))) / k);
  return large! / small!;
}

/** Pathological pieces: each a unit repeated to make a large body. */
const UNITS: Record<string, string> = {
  'open brackets': '[',
  'close brackets': ']',
  'open brackets with text': '[a ',
  'bracket pairs': '[]',
  'image openers': '![',
  'link middles': '](',
  'link openers with a destination start': '[a](',
  'link openers with angle destinations': '[a](<',
  'open parentheses after a link': '[a](b(',
  backticks: '`',
  'backtick runs': '`` ` ``` ',
  'emphasis stars': '*',
  'emphasis underscores': '_a',
  'strong runs': '**a',
  'angle brackets': '<',
  'HTML openers': '<a ',
  'HTML comments opened': '<!--',
  backslashes: '\\',
  'escaped brackets': '\\[',
  'headings of one word': '# a\n',
  hashes: '#',
  'nested list markers': '- ',
  'nested lists': '- a\n  - b\n    - c\n      - d\n',
  'nested quotes': '> ',
  fences: '```\n',
  'tilde fences': '~~~\n',
  'indented lines': '    a\n',
  'link definitions': '[a]: b\n',
  'empty link definitions': '[a]:\n',
  'reference links': '[a][b] ',
  'brackets over lines': '[\n',
  'CR line ends': 'a\r\n',
  tabs: '\t[',
  'long line': 'abcdefgh',
  'links on one line': '[a](b) ',
  'links on one line, general path': '[a](b)\\ ',
  'images and code spans on one line': '![a](b) `c` ',
  'code spans and brackets': '`[',
  'setext underlines': 'a\n=\n',
  // Found by the mixture property with markdown-it: a quote searched to the body's end from
  // every quote, and a paragraph of tags each matched on a copy of the rest of the text.
  'quotes that end at a code line': '    a\na\n=\n> ',
  'tags in a quote': '> <a ',
  'tag openers in a quote': '> <a [',
};

describe('per-document stages are linear in the document size (issue 38)', () => {
  for (const [name, unit] of Object.entries(UNITS)) {
    it(`${name}: ${JSON.stringify(unit)}`, { timeout: 60_000 }, () => {
      expect(growth(unit, 2000)).toBeLessThan(4);
    });
  }

  it('holds for random mixtures of the pathological pieces', { timeout: 120_000 }, () => {
    const piece = fc.constantFrom(...Object.values(UNITS), 'a', ' ', '\n', '(', ')', '"', '!');
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
        (unit) => {
          const base = Math.max(1, Math.ceil(4000 / unit.length));
          expect(growth(unit, base)).toBeLessThan(4);
        },
      ),
      { numRuns: 40 },
    );
  });
});
