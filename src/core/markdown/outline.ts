import { commonmarkOutline } from './commonmark.js';
import { simpleOutline } from './simple-outline.js';

import type { MarkdownOutline } from './outline-types.js';

export type { MarkdownLink, MarkdownOutline } from './outline-types.js';

/**
 * Links and anchors of a Markdown document body, as CommonMark reads it: nothing in code
 * blocks, code spans or HTML counts as a link. `firstLine` is the file line where the body starts. `anchors: false` (the
 * index, which needs links and the first heading only) leaves `anchors` empty.
 */
export function outlineMarkdown(body: string, firstLine: number, anchors = true): MarkdownOutline {
  // Most bodies have a simple shape, outlined in one pass over lines and one over brackets; the
  // parser reads the rest (and is what the simple path is held to).
  return simpleOutline(body, firstLine, anchors) ?? commonmarkOutline(body, firstLine, anchors);
}
