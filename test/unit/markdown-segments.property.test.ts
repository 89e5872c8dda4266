import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { segmentedOutline } from '../../src/core/markdown/segmented-outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';

/**
 * The segmented path (segmented-outline.ts) must say what the parser says wherever it answers.
 * These bodies are made of the blocks real documents have, including the ones the simple path
 * declines (nested lists indented by 2, 3, 4 or 6, blank lines and fences inside items, indented
 * code, code spans of one to three backticks, HTML blocks, block quotes, definitions), put
 * together with and without blank lines, at column 0 or indented, so that segments start and end
 * in every kind of place.
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
  ),
);
const joint = fc.constantFrom('\n', '\n\n', '\n\n', '\n\n\n', '\n  \n');
const body = fc
  .array(fc.tuple(block, joint, indent), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.map(([b, j, i]) => (i === '' || i === '    ' ? b : b.replace(/^/gm, i)) + j).join(''));

describe('the segmented path says what the CommonMark parser says, wherever it answers', () => {
  it('on bodies of real blocks, nested and indented', () => {
    let segmented = 0;
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 40 }), (text, firstLine) => {
        const want = plain(commonmarkOutline(text, firstLine, true));
        const got = segmentedOutline(text, firstLine, true);
        if (got !== undefined) {
          if (simpleOutline(text, firstLine, true) === undefined) segmented++;
          expect(plain(got)).toStrictEqual(want);
        }
        // Without anchors it reads fewer headings, so it may answer where it declined with them, or decline where it answered.
        const withoutAnchors = segmentedOutline(text, firstLine, false);
        if (withoutAnchors !== undefined) expect(plain(withoutAnchors)).toStrictEqual({ ...want, anchors: [] });
        expect(plain(outlineMarkdown(text, firstLine))).toStrictEqual(want);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
    // The generator must exercise the segments, not only the declines.
    expect(segmented).toBeGreaterThan(Number(process.env.FC_RUNS ?? 3000) / 5);
  });

  it('answers for the shapes it was made for, and leaves blocks that run on to the parser', () => {
    for (const text of [
      '# T\n\n- item\n\n      code [c](x03.md)\n\n[y](y.md)\n',
      '# T\n\n1. a\n\n   ````md\n   [no](n.md)\n   ````\n\n## U\n\n[y](y.md) ``a`` <http://e.x>\n\n[r]: r.md\n',
      '- a\n    - b [b](b.md)\n\n# T\n\n[t](t.md)',
      'p\n\n```\n[no](n.md)\n```\n    code [no](m.md)\n\n[y](y.md)',
    ]) {
      const got = segmentedOutline(text, 3, true);
      expect(got, JSON.stringify(text)).toBeDefined();
      expect(plain(got!), JSON.stringify(text)).toStrictEqual(plain(commonmarkOutline(text, 3, true)));
    }
    // A fence opened with indentation runs on over the blank line and the next segment.
    for (const text of ['  ```\n\n[no](n.md)\n\n```\n\n[y](y.md)', '<script>\n\n[no](n.md)\n\n</script>\n\n[y](y.md)']) {
      expect(segmentedOutline(text, 1, true), JSON.stringify(text)).toBeUndefined();
      expect(plain(outlineMarkdown(text, 1)).links.map((l) => l.target)).toStrictEqual(['y.md']);
    }
  });
});
