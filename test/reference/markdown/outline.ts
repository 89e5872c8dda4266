// Reference copy of src/core/markdown as of main (before the performance work of issue 7):
// the differential test (test/unit/markdown-fast.property.test.ts) holds the optimised code to it.
import { extractAnchors } from './anchors.js';
import { extractLinks } from './links.js';
import { maskBlocks, maskInline } from './mask.js';

export interface MarkdownLink {
  /** The destination as written, unescaped. */
  target: string;
  kind: 'inline' | 'image' | 'definition';
  /** 1-based file line and column of the destination. */
  line: number;
  column: number;
}

export interface MarkdownOutline {
  links: MarkdownLink[];
  /** Heading and HTML anchors, in document order (GitHub's slugs). */
  anchors: string[];
  /** Text of the first heading (any level), as rendered. */
  firstHeading?: string;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Links and anchors of a Markdown document body; code blocks, code spans and HTML comments
 * are ignored. `firstLine` is the file line where the body starts.
 */
export function outlineMarkdown(body: string, firstLine: number): MarkdownOutline {
  const blocks = maskBlocks(body);
  const masked = maskInline(blocks);
  const starts = lineStarts(body);
  const position = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: firstLine + lo, column: offset - starts[lo]! + 1 };
  };
  const { anchors, firstHeading } = extractAnchors(masked, blocks);
  return {
    links: extractLinks(masked).map((l) => ({ target: l.target, kind: l.kind, ...position(l.offset) })),
    anchors,
    ...(firstHeading ? { firstHeading } : {}),
  };
}
