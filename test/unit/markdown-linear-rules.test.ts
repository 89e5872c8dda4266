import { createRequire } from 'node:module';
import fc from 'fast-check';
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { describe, expect, it } from 'vitest';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { linearRules, QUOTE_LAZY_LINES } from '../../src/core/markdown/linear-rules.js';
import { specExamples } from '../helpers/commonmark.js';

/**
 * markdown-it with docket's two linear rules (src/core/markdown/linear-rules.ts) reads every
 * body as markdown-it alone does, but for the one documented cut: a block quote whose search for
 * its end passes more than QUOTE_LAZY_LINES lines without `>`.
 */
const MarkdownItClass = createRequire(import.meta.url)('markdown-it') as typeof MarkdownIt;
const plainParser = new MarkdownItClass('commonmark');
const linearParser = linearRules(new MarkdownItClass('commonmark'));

/** Every token and child token, as the fields that say what was read. */
const shape = (tokens: readonly Token[]): unknown[] =>
  tokens.map((t) => [t.type, t.tag, t.map, t.content, t.markup, t.attrs, t.children ? shape(t.children) : null]);
const same = (body: string): void => {
  expect(shape(linearParser.parse(body, {})), JSON.stringify(body)).toStrictEqual(shape(plainParser.parse(body, {})));
};

const piece = fc.oneof(
  fc.constantFrom(
    '> ',
    '>',
    '> > ',
    '>     ',
    '    ',
    '\n',
    '\n\n',
    'a',
    'b c',
    '=',
    '---',
    '- ',
    '1. ',
    '```',
    '~~~',
    '[a]: x.md',
    '[a]',
    '[l](x.md)',
    '<a href="x">',
    '</a>',
    '<a ',
    '<b>',
    '<a b=',
    '<a b = ',
    '"',
    "'",
    '=',
    '/>',
    '<a b="x"',
    '<!-- c -->',
    '<?p?>',
    '<![CDATA[x]]>',
    '<!X y>',
    "<a b='>'>",
    '<a b=">">',
    '<',
    '/',
    '# h',
    '\t',
    '`',
    '<x.md>',
    '![i](y.png)',
    ' ',
  ),
  fc.stringMatching(/^[A-Za-z0-9 <>/="'-]{0,4}$/),
);

describe('markdown-it with the linear rules reads as markdown-it does', () => {
  it('on every example of the CommonMark spec', () => {
    for (const { markdown } of specExamples()) same(markdown);
  });

  it('on generated bodies of quotes, lazy lines and inline HTML', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }).map((p) => p.join('')),
        same,
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 2000) },
    );
  });

  it('on a quote with as many lines without `>` as the search passes', () => {
    same(`> [q](q.md)\n${'lazy [l](l.md)\n'.repeat(QUOTE_LAZY_LINES)}> [r](r.md)\n`);
  });

  it('ends a quote past that many lines without `>`: its links are links all the same', () => {
    const body = `> [q](q.md)\n${'lazy [l](l.md)\n'.repeat(QUOTE_LAZY_LINES + 1)}> [r](r.md)\n`;
    const quotes = (tokens: Token[]) => tokens.filter((t) => t.type === 'blockquote_open').length;
    expect(quotes(plainParser.parse(body, {}))).toBe(1);
    expect(quotes(linearParser.parse(body, {}))).toBe(2);
    const links = commonmarkOutline(body, 1, true).links;
    expect(links.map((l) => [l.target, l.line, l.column])).toStrictEqual([
      ['q.md', 1, 7],
      ...Array.from({ length: QUOTE_LAZY_LINES + 1 }, (_, k) => ['l.md', k + 2, 10]),
      ['r.md', QUOTE_LAZY_LINES + 3, 7],
    ]);
  });
});
