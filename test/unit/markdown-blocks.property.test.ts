import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';

/**
 * The simple path (simple-outline.ts) must say what the parser says wherever it answers, also on
 * bodies made of the blocks real documents have, including the ones it sets aside or declines
 * (nested lists indented by 2, 3, 4 or 6, blank lines and fences inside items, indented code,
 * code spans of one to three backticks, HTML blocks, block quotes, definitions), put together
 * with and without blank lines, at column 0 or indented.
 */
const plain = (o: ReturnType<typeof outlineMarkdown>) => ({ ...o, links: o.links.map((l) => ({ ...l })) });

/** Inline pieces the simple path reads, and ones it leaves to the parser (weighted so that most segments stay simple). */
const inline = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text',
      'a b c',
      '[a](a.md)',
      '![i](i.png)',
      '[t](t.md "title")',
      '[r][ref]',
      '[ref]',
      '[r][]',
      '`code`',
      '`[no](no.md)`',
      '<http://e.x/a>',
      '*em*',
      '**strong**',
      '_u_',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '``a ` b``',
      '`` [no](n2.md) ``',
      '```x```',
      '<span>',
      '&amp;',
      '\\[',
      '[a\nb](ab.md)',
      'x]: y',
      '[x [r][ref] y](z.md)',
      '[r][ref](c.md)',
      '[x <http://e.x> y][ref]',
      '[x][<http://e.x>]',
      '[<http://e.x>]',
      '[ref]: <angle.md>',
    ),
  },
);
const line = fc.array(inline, { minLength: 1, maxLength: 4 }).map((p) => p.join(' '));
const indent = fc.constantFrom('', ' ', '  ', '   ', '    ', '      ');
const marker = fc.constantFrom('- ', '* ', '1. ', '2) ', '-    ', '-', '> ', '- > ');
const fenceOf = fc.constantFrom('```', '~~~', '````', '```ts', '~~~ a`b');

/** One block: its lines, each maybe indented. */
const block = fc.oneof(
  line,
  fc.tuple(fc.constantFrom('# ', '## ', '### '), line).map(([h, t]) => h + t),
  fc.tuple(line, fc.constantFrom('===', '---')).map(([t, u]) => `${t}\n${u}`),
  fc.tuple(indent, marker, line).map(([i, m, t]) => i + m + t),
  fc
    .tuple(fenceOf, line, fc.boolean(), indent)
    .map(([f, t, closed, i]) => `${i}${f}\n${i}${t}${closed ? `\n${i}${/^[`~]+/.exec(f)![0]}` : ''}`),
  line.map((t) => `    ${t}`),
  fc.constantFrom(
    '<div id="d">\n[in](html.md)\n</div>',
    '<!-- c [no](c.md) -->',
    '<!--\n[no](c2.md)\n\n-->',
    '<script>\n[no](s.md)\n\n</script>',
    '<a name="n"></a>',
    '[ref]: ref.md',
    '[<http://e.x>]: lt.md',
    '[REF]: dup.md "t"',
    '[other]:\n  other.md',
    '- [ref]: item.md',
    '- item\nlazy [l](lazy.md)',
    '1. item\n\n   ```\n   [no](f.md)\n   ```',
    '> [ref]: quote.md',
    '   [ref]: three.md',
    '***',
    '- - -',
    '',
    '  ',
    '\t[tab](t.md)',
    // Fences whose closing line is no closer at the top level (indented 4) or is one (a tab after it).
    '  ```\n  x\n    ```\n[f](f.md)',
    '~~~\n[no](t.md)\n~~~\t\n[y](t2.md)',
    '- a\n  ```\n  x\n  ```\t\n  [l](l.md)\n  ```',
  ),
);
const joint = fc.constantFrom('\n', '\n\n', '\n\n', '\n\n\n', '\n  \n');
const body = fc
  .array(fc.tuple(block, joint, indent), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.map(([b, j, i]) => (i === '' || i === '    ' ? b : b.replace(/^/gm, i)) + j).join(''));

describe('the simple path says what the CommonMark parser says on bodies of real blocks, wherever it answers', () => {
  it('on bodies of real blocks, nested and indented', () => {
    let answered = 0;
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 40 }), (text, firstLine) => {
        const want = plain(commonmarkOutline(text, firstLine, true));
        const got = simpleOutline(text, firstLine, true);
        if (got !== undefined) {
          answered++;
          expect(plain(got)).toStrictEqual(want);
          expect(plain(simpleOutline(text, firstLine, false)!)).toStrictEqual({ ...want, anchors: [] });
        }
        expect(plain(outlineMarkdown(text, firstLine))).toStrictEqual(want);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
    // The generator must exercise the simple path, not only its declines.
    expect(answered).toBeGreaterThan(Number(process.env.FC_RUNS ?? 3000) / 15);
  });
});
