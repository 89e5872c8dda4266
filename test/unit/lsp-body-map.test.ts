import { describe, expect, it } from 'vitest';
import { Slugger } from '../../src/core/markdown/anchors.js';
import { commonmarkBodyMap } from '../../src/core/markdown/commonmark.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { anchorLine, documentMap } from '../../src/core/workspace/document-map.js';

/** The verbatim text of a body, slice by slice. */
function verbatim(body: string): string[] {
  const { verbatim: ranges } = commonmarkBodyMap(body, 1);
  const out: string[] = [];
  for (let k = 0; k < ranges.length; k += 2) out.push(body.slice(ranges[k], ranges[k + 1]));
  return out;
}

describe('commonmarkBodyMap: what of a body is code or HTML, and where its headings are', () => {
  it('finds code spans (over lines, in block quotes and list items, with longer backtick runs), inline HTML and code and HTML blocks', () => {
    const body = [
      'para `ACME-ADR-001` x',
      '> quote ``a ` b``',
      '> more',
      '',
      '- item `c',
      '  d` e',
      '',
      'unmatched ` tick ACME-ADR-002',
      '',
      '<span>ACME</span>',
      '',
      'Setext',
      '======',
      '',
      '```',
      'fence',
      '```',
      '    indented',
      '# ATX `x`',
      '',
    ].join('\n');
    expect(verbatim(body)).toEqual([
      '`ACME-ADR-001`',
      '``a ` b``',
      '`c\n  d`',
      '<span>',
      '</span>',
      '```\nfence\n```\n',
      '    indented\n',
      '`x`',
    ]);
    const map = commonmarkBodyMap(body, 1);
    expect(map.headingLines).toEqual([11, 18]);
    expect(map.outline.anchors).toEqual(['setext', 'atx-x']);
  });

  it('maps positions back over CR LF line endings, and reads a tab-indented line as code', () => {
    expect(verbatim('a `b`\r\nc `d\r\ne`\r\n\r\n<div>\r\nhtml\r\n</div>\r\n')).toEqual(['`b`', '`d\r\ne`', '<div>\r\nhtml\r\n</div>\r\n']);
    expect(verbatim('\t`tab` x\n\n> \t`q` y\n')).toEqual(['\t`tab` x\n', '`q`']);
  });

  it('places links, headings and code in a document with frontmatter and a byte order mark', () => {
    const text = '\uFEFF---\ntitle: x\n---\n# Top\n\nSee [a](b.md#c) and `code`.\n';
    const map = documentMap('docs/a.md', text);
    expect(map.frontmatter).toEqual({ start: 5, end: 14, firstLine: 1 });
    expect(map.bodyLine).toBe(3);
    expect(map.headings).toEqual([{ line: 3, anchor: 'top' }]);
    expect(text.slice(map.links[0]!.start, map.links[0]!.end)).toBe('b.md#c');
    expect(map.links[0]!.link).toMatchObject({ scope: 'file', path: 'docs/b.md', fragment: 'c' });
    expect(text.slice(map.verbatim[0], map.verbatim[1])).toBe('`code`');
  });

  it('numbers repeated headings as GitHub does when there are many (the duplicates looked up in a set)', () => {
    const texts = [...Array.from({ length: 40 }, (_, k) => `Heading ${k}`), 'Heading 35', 'Heading 0', 'Heading 0-1', 'Heading 0'];
    const body = texts.map((t) => `## ${t}\n`).join('\n');
    const slugger = new Slugger();
    const expected = texts.map((t) => slugger.slug(t));
    expect(expected.slice(40)).toEqual(['heading-35-1', 'heading-0-1', 'heading-0-1-1', 'heading-0-2']);
    expect(commonmarkBodyMap(body, 1).outline.anchors).toEqual(expected);
    expect(outlineMarkdown(body, 1).anchors).toEqual(expected);
  });

  it("finds an anchor's line: a heading's, letter case ignored, or an explicit HTML anchor's", () => {
    const map = documentMap('docs/b.md', '---\nt: 1\n---\n# Top Level\n\ntext\n\n<a name="Custom"></a>\n\n## Top level\n');
    expect(anchorLine(map, 'TOP-LEVEL')).toBe(3);
    expect(anchorLine(map, 'top-level-1')).toBe(9);
    expect(anchorLine(map, 'custom')).toBe(7);
    expect(anchorLine(map, 'nowhere')).toBeUndefined();
  });
});
