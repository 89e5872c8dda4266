import { describe, expect, it } from 'vitest';
import { Slugger } from '../../src/core/markdown/anchors.js';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';
import { specExamples, treeOutline } from '../helpers/commonmark.js';

/**
 * On every example of the CommonMark spec, the links docket checks are exactly the parser's
 * link, image and reference definition destinations (decoded: escapes and character
 * references), each at a position inside its link; the anchors are the GitHub slugs of the
 * parser's headings; and the simple path, wherever it answers, says the same.
 */
const examples = specExamples();
const plain = (o: ReturnType<typeof outlineMarkdown>) => ({ ...o, links: o.links.map((l) => ({ ...l })) });

/** Offsets of each line's start, to turn a link's line and column back into an offset. */
function offsetOf(body: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) start = body.indexOf('\n', start) + 1;
  return start + column - 1;
}

describe('the CommonMark spec examples', () => {
  it('ships its examples', () => {
    expect(examples.length).toBeGreaterThan(600);
  });

  it("link targets are the parser tree's destinations, each inside its link, at its destination", () => {
    for (const { markdown, number } of examples) {
      const outline = outlineMarkdown(markdown, 1);
      const tree = treeOutline(markdown);
      expect(outline.links.map((l) => l.target).sort(), `example ${number}`).toEqual(tree.targets);
      const unused = [...tree.spans];
      for (const link of outline.links) {
        const at = offsetOf(markdown, link.line, link.column);
        const k = unused.findIndex((s) => s.target === link.target && s.start <= at && at <= s.end);
        expect(k, `example ${number}: ${JSON.stringify(link)}`).not.toBe(-1);
        unused.splice(k, 1);
        // Written as it reads (no escape, no reference): the destination starts there, or after its `<`.
        if (!/[\\&]/.test(markdown) && link.target !== '' && !link.target.startsWith('mailto:')) {
          const from = markdown[at] === '<' && link.kind !== 'definition' ? at + 1 : at;
          expect(markdown.startsWith(link.target, from), `example ${number}: ${JSON.stringify(link)}`).toBe(true);
        }
      }
    }
  });

  it("anchors are the GitHub slugs of the parser tree's headings, then HTML anchors; the first heading is the first with a text", () => {
    for (const { markdown, number } of examples) {
      const outline = outlineMarkdown(markdown, 1);
      const { headings } = treeOutline(markdown);
      const slugger = new Slugger();
      expect(outline.anchors.slice(0, headings.length), `example ${number}`).toEqual(headings.map((h) => slugger.slug(h)));
      expect(outline.firstHeading, `example ${number}`).toBe(headings.find((h) => h !== ''));
    }
  });

  it('the simple path, wherever it answers, says what the parser says (with and without anchors)', () => {
    let answered = 0;
    for (const { markdown, number } of examples) {
      for (const firstLine of [1, 7]) {
        const got = simpleOutline(markdown, firstLine, true);
        if (got === undefined) continue;
        answered++;
        const want = plain(commonmarkOutline(markdown, firstLine, true));
        expect(plain(got), `example ${number}`).toStrictEqual(want);
        expect(plain(simpleOutline(markdown, firstLine, false)!), `example ${number}`).toStrictEqual({ ...want, anchors: [] });
      }
    }
    expect(answered).toBeGreaterThan(100);
  });
});
