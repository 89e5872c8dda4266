import { describe, expect, it } from 'vitest';
import { destinationSpan, encodePath } from '../../src/core/move/destination.js';
import { rewriteLinks } from '../../src/core/move/rewrite.js';

const move = (from: string, to: string) => new Map([[from, to]]);

describe('destinationSpan', () => {
  it('finds the end of bare, angle, parenthesised and escaped destinations', () => {
    const text = '[a](x(1).md "t") [b](<c d.md>) [e](a\\)b.md)\n[r]: <r s.md> "t"\n[q]: q.md';
    const at = (s: string) => text.indexOf(s);
    expect(destinationSpan(text, at('x(1)'), 'inline', 'x(1).md')).toEqual({ start: at('x(1)'), end: at('x(1)') + 7, angle: false });
    expect(destinationSpan(text, at('<c d'), 'inline', 'c d.md')).toEqual({ start: at('c d'), end: at('c d') + 6, angle: true });
    expect(destinationSpan(text, at('a\\)'), 'inline', 'a)b.md')).toEqual({ start: at('a\\)'), end: at('a\\)') + 7, angle: false });
    expect(destinationSpan(text, at('r s'), 'definition', 'r s.md')).toEqual({ start: at('r s'), end: at('r s') + 6, angle: true });
    expect(destinationSpan(text, at('q.md'), 'definition', 'q.md')).toEqual({ start: at('q.md'), end: at('q.md') + 4, angle: false });
    // A span that does not read as the outline's target is not guessed at.
    expect(destinationSpan(text, at('q.md'), 'definition', 'other.md')).toBeUndefined();
  });

  it('encodes what would end or change a destination, and non-ASCII only in an encoding style', () => {
    expect(encodePath('a b(1)#?.md', false, false)).toBe('a%20b%281%29%23%3F.md');
    expect(encodePath('a b(1).md', true, false)).toBe('a b(1).md');
    expect(encodePath('café 100%.md', false, false)).toBe('café%20100%25.md');
    expect(encodePath('café.md', false, true)).toBe('caf%C3%A9.md');
  });
});

describe('rewriteLinks: links to a moved file', () => {
  it('rewrites relative paths up and down directories, keeping anchors, queries, titles and text', () => {
    const text = '# T\n\nSee [the decision](../adr/adr-001-x.md#context "Title") and [q](../adr/adr-001-x.md?plain=1#L2).\n';
    const out = rewriteLinks(text, 'docs/prd/p.md', move('docs/adr/adr-001-x.md', 'docs/adr/old/adr-001-y.md'));
    expect(out.text).toBe(
      '# T\n\nSee [the decision](../adr/old/adr-001-y.md#context "Title") and [q](../adr/old/adr-001-y.md?plain=1#L2).\n',
    );
    expect(out.rewritten).toBe(2);
    const down = rewriteLinks('[x](sub/deep/a.md)\n', 'docs/index.md', move('docs/sub/deep/a.md', 'docs/a.md'));
    expect(down.text).toBe('[x](a.md)\n');
    const sibling = rewriteLinks('[x](./a.md)\n', 'docs/b.md', move('docs/a.md', 'docs/c.md'));
    expect(sibling.text).toBe('[x](./c.md)\n');
  });

  it('rewrites reference definitions and images, leaving their labels and titles alone', () => {
    const text = 'Text [ref][d] and ![diagram][img].\n\n[d]: a.md#s "Title"\n[img]: <pics/a b.png>\n';
    const out = rewriteLinks(
      text,
      'docs/b.md',
      new Map([
        ['docs/a.md', 'docs/x/a.md'],
        ['docs/pics/a b.png', 'docs/img/a b.png'],
      ]),
    );
    expect(out.text).toBe('Text [ref][d] and ![diagram][img].\n\n[d]: x/a.md#s "Title"\n[img]: <img/a b.png>\n');
    const image = rewriteLinks('![alt](pics/a.png)\n', 'docs/b.md', move('docs/pics/a.png', 'docs/a.png'));
    expect(image.text).toBe('![alt](a.png)\n');
  });

  it('leaves links inside code blocks, code spans and comments untouched', () => {
    const text = '```\n[a](a.md)\n```\n\n    [b](a.md)\n\n`[c](a.md)` <!-- [d](a.md) -->\n\n[e](a.md)\n';
    const out = rewriteLinks(text, 'docs/b.md', move('docs/a.md', 'docs/z.md'));
    expect(out.text).toBe(text.replace('[e](a.md)', '[e](z.md)'));
    expect(out.rewritten).toBe(1);
  });

  it('keeps percent-encoding and angle brackets, and encodes a new name that needs it', () => {
    expect(rewriteLinks('[a](my%20doc.md)\n', 'docs/b.md', move('docs/my doc.md', 'docs/my other.md')).text).toBe('[a](my%20other.md)\n');
    expect(rewriteLinks('[a](<my doc.md>)\n', 'docs/b.md', move('docs/my doc.md', 'docs/my other.md')).text).toBe('[a](<my other.md>)\n');
    expect(rewriteLinks('[a](caf%C3%A9.md)\n', 'docs/b.md', move('docs/café.md', 'docs/x/café.md')).text).toBe('[a](x/caf%C3%A9.md)\n');
    expect(rewriteLinks('[a](a.md)\n', 'docs/b.md', move('docs/a.md', 'docs/a (old).md')).text).toBe('[a](a%20%28old%29.md)\n');
  });

  it('keeps a /-rooted link rooted, and touches no other link or byte', () => {
    const text = '---\ntitle: a.md\n---\r\n[a](/docs/a.md) [w](https://x.org/a.md) [s](#a.md) [o](other.md)\r\n';
    const out = rewriteLinks(text, 'docs/b.md', move('docs/a.md', 'docs/new/a.md'));
    expect(out.text).toBe(text.replace('(/docs/a.md)', '(/docs/new/a.md)'));
  });

  it('leaves a file that names no moved file as it is, without reading its links', () => {
    const text = '[a](x.md)\n';
    expect(rewriteLinks(text, 'docs/b.md', move('docs/a.md', 'docs/c.md'))).toEqual({ text, rewritten: 0, kept: [] });
  });
});

describe('rewriteLinks: the links of the moved file', () => {
  it('keeps every relative link pointing where it pointed, including links to itself', () => {
    const text = '# A\n\n[b](b.md) [c](../c.md#x) [self](a.md#a) [top](#a) [img](img/p.png) [dir](./)\n';
    const out = rewriteLinks(text, 'docs/adr/a.md', move('docs/adr/a.md', 'docs/archive/2024/a2.md'));
    expect(out.text).toBe(
      '# A\n\n[b](../../adr/b.md) [c](../../c.md#x) [self](a2.md#a) [top](#a) [img](../../adr/img/p.png) [dir](../../adr/)\n',
    );
  });

  it('follows a target that moves in the same set', () => {
    const out = rewriteLinks(
      '[b](b.md)\n',
      'docs/a.md',
      new Map([
        ['docs/a.md', 'docs/x/a.md'],
        ['docs/b.md', 'docs/y/b.md'],
      ]),
    );
    expect(out.text).toBe('[b](../y/b.md)\n');
  });

  it('keeps a link that leaves the repository as written, and says so', () => {
    const out = rewriteLinks('[o](../../../out.md) [r](/docs/b.md)\n', 'docs/a.md', move('docs/a.md', 'docs/x/a.md'));
    expect(out.text).toBe('[o](../../../out.md) [r](/docs/b.md)\n');
    expect(out.kept).toEqual([
      { line: 1, column: 5, target: '../../../out.md', reason: 'it leaves the repository root, so it was kept as written' },
    ]);
  });
});
