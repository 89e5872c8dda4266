import { extractAnchors, MAY_HAVE_CODE_BLOCKS } from './anchors.js';
import { extractLinks } from './links.js';
import { maskBlocks, maskInline, type InlineMask } from './mask.js';
import { NextChar, NOT_FOUND } from './scan.js';
import { emptyList, listOf } from '../lists.js';
import { OutlineLink, simpleOutline } from './simple-outline.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';

export type { MarkdownLink, MarkdownOutline } from './outline-types.js';

/**
 * Links and anchors of a Markdown document body; code blocks, code spans and HTML comments
 * are ignored. `firstLine` is the file line where the body starts. `anchors: false` (the
 * index, which needs links and the first heading only) leaves `anchors` empty.
 */
export function outlineMarkdown(body: string, firstLine: number, anchors = true): MarkdownOutline {
  // Most bodies have the simple shape: outlined in one pass over lines and one over brackets (SPEC-006 §3.4).
  const simple = simpleOutline(body, firstLine, anchors);
  if (simple !== undefined) return simple;
  const mask: InlineMask = { first: NOT_FOUND };
  let masked = body;
  let outline: ReturnType<typeof extractAnchors> = MAY_HAVE_CODE_BLOCKS;
  if (anchors) {
    // Most bodies have no code block: mask inline first and let the anchors' scan, which visits
    // every line anyway, look at each line's start; only a body where one may start is masked
    // for blocks (six substring searches, about 1 µs a body, saved otherwise: SPEC-006 §3.4).
    masked = maskInline(body, mask);
    outline = extractAnchors(masked, body, true, mask.first, true);
  }
  if (outline === MAY_HAVE_CODE_BLOCKS) {
    // Blocks first: a line may start one, or only the first heading is wanted (that scan stops
    // there, so it cannot look for code blocks on the way). Without findBlocks, never null.
    const blocks = maskBlocks(body);
    masked = maskInline(blocks, mask);
    outline = extractAnchors(masked, blocks, anchors, mask.first)!;
  }
  const firstHeading = outline.firstHeading;
  // Links come sorted by offset: count lines forward from one to the next.
  let line = firstLine;
  let lineStart = 0;
  let scanned = 0;
  const found = extractLinks(masked);
  // One NextChar: a search past the last newline is not repeated for every link after it.
  const newlines = new NextChar(body, '\n');
  // A loop, not found.map(): the array map() returns as a builtin and the one V8's optimised,
  // inlined map() makes have different elements kinds, so a caller optimised against one was
  // thrown away at the other (SPEC-006 §3.12). listOf with the first link (see core/lists.ts).
  let links: MarkdownLink[] | undefined;
  for (let i = 0; i < found.length; i++) {
    const l = found[i]!;
    for (let nl = newlines.after(scanned); nl < l.offset; nl = newlines.after(nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    scanned = Math.max(scanned, l.offset);
    const link = new OutlineLink(l.target, l.kind, line, l.offset - lineStart + 1);
    if (links === undefined) links = listOf<MarkdownLink>(link);
    else links.push(link);
  }
  return { links: links ?? emptyList<MarkdownLink>(), anchors: outline.anchors, ...(firstHeading ? { firstHeading } : {}) };
}
