import { describe, expect, it } from 'vitest';
import { resolveLink } from '../../src/core/engine/load.js';
import { Slugger } from '../../src/core/markdown/anchors.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';

const targets = (body: string) => outlineMarkdown(body, 1).links.map((l) => l.target);

describe('link extraction', () => {
  it('reads inline links and images with titles, angle brackets, parentheses and escapes', () => {
    expect(targets('[a](a.md) [b](b.md "Title") [c](<c d.md> \'t\') ![i](img.png (t)) [p](x(1).md)')).toEqual([
      'a.md',
      'b.md',
      'c d.md',
      'img.png',
      'x(1).md',
    ]);
    expect(targets('[e](a\\)b.md) \\[not](n.md) [sp](has space.md) [x] (y.md)')).toEqual(['a)b.md']);
    expect(outlineMarkdown('[a](a.md)', 1).links[0]).toMatchObject({ kind: 'inline', line: 1, column: 5 });
    expect(outlineMarkdown('x\n\n  ![a](<a.png>)', 10).links[0]).toMatchObject({ kind: 'image', line: 12, column: 8 });
  });

  it('reads reference definitions, not footnotes or undefined references', () => {
    // A definition cannot interrupt a paragraph: `[s]` needs the blank line before it.
    expect(
      targets('[text][r] and [^1]\n\n[r]: ./ref.md "Title"\n[^1]: footnote\n\n   [s]: <s s.md>\n[^2]: a footnote\n[t]: t.md\n'),
    ).toEqual(['./ref.md', 's s.md']);
  });

  it('finds nested links (a badge inside a link)', () => {
    expect(targets('[![build](badge.svg)](target.md#x)')).toEqual(['badge.svg', 'target.md#x']);
  });

  it('ignores code spans, fenced and indented code, and HTML comments', () => {
    const body = [
      'Text `[span](a.md)` and ``[double `tick`](b.md)``.',
      '',
      '```md',
      '[fenced](c.md)',
      '```',
      '~~~',
      '[tilde](d.md)',
      '~~~~',
      '',
      '    [indented](e.md)',
      '',
      '- item',
      '',
      '    [list continuation](f.md)',
      '<!-- [comment](g.md)',
      '[still comment](h.md) -->',
      '[real](i.md)',
    ].join('\n');
    expect(targets(body)).toEqual(['f.md', 'i.md']);
  });

  it('a backtick that never closes does not hide the rest', () => {
    expect(targets('a ` b [x](x.md)\n\nc `` d [y](y.md)')).toEqual(['x.md', 'y.md']);
  });

  it('stays linear on hostile input', () => {
    const hostile = '[](]('.repeat(200_000) + '`'.repeat(1000) + '['.repeat(100_000);
    expect(Array.isArray(targets(hostile))).toBe(true);
  });
});

describe('anchors', () => {
  it('slugs headings like GitHub, numbering duplicates', () => {
    const body =
      '# Title `code` here\n## Links and Cross-References\n## Dup\n## Dup\nSetext *Heading*\n---\n## The __init__ method & snake_case\n## [Linked](x.md) Ünïcode!\n<a name="custom"></a>\n';
    expect(outlineMarkdown(body, 1).anchors).toEqual([
      'title-code-here',
      'links-and-cross-references',
      'dup',
      'dup-1',
      'setext-heading',
      'the-init-method--snake_case',
      'linked-ünïcode',
      'custom',
    ]);
    expect(outlineMarkdown('```\n# not a heading\n```\n---\n- item\n---\n', 1).anchors).toEqual([]);
    expect(outlineMarkdown('# First\n# Second\n', 1).firstHeading).toBe('First');
  });

  it('numbers collisions with an existing suffix like github-slugger', () => {
    const s = new Slugger();
    expect(['a', 'a', 'a-1', 'a'].map((t) => s.slug(t))).toEqual(['a', 'a-1', 'a-1-1', 'a-2']);
    expect(outlineMarkdown('# **Bold** [link](x) ![img](y) <b>tag</b> &amp; `a  b` ` c `', 1).firstHeading).toBe(
      'Bold link img tag & a  b c',
    );
  });
});

describe('resolveLink', () => {
  const at = (target: string) => resolveLink('docs/45-adr/a.md', { target, kind: 'inline', line: 1, column: 1 });
  it('classifies and resolves targets without touching the disk', () => {
    expect(at('https://x.org/a.md')).toMatchObject({ scope: 'external' });
    expect(at('mailto:a@b.c')).toMatchObject({ scope: 'external' });
    expect(at('//cdn/x.md')).toMatchObject({ scope: 'external' });
    expect(at('#Some%20Anchor')).toMatchObject({ scope: 'self', fragment: 'Some Anchor' });
    expect(at('')).toMatchObject({ scope: 'empty' });
    expect(at('../10-prd/b.md?plain=1#x')).toMatchObject({ scope: 'file', path: 'docs/10-prd/b.md', fragment: 'x' });
    expect(at('./my%20file.md')).toMatchObject({ scope: 'file', path: 'docs/45-adr/my file.md' });
    expect(at('/README.md')).toMatchObject({ scope: 'file', path: 'README.md' });
    expect(at('../../')).toMatchObject({ scope: 'file', path: '.' });
    expect(at('../../../etc/passwd')).toMatchObject({ scope: 'outside' });
  });
});
