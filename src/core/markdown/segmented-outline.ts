/**
 * The outline of a body the simple path declines as a whole, read in segments: the simple path
 * answers for the segments it can, the parser reads the rest, in one parse of the body with the
 * simple segments made empty lines. Most declined bodies are simple but for a nested list or a
 * code block in a list item, and the parser's cost is about its share of the text.
 *
 * A segment starts at a line at column 0 that follows a blank line (or the end of a top-level
 * comment or fence). Such a line closes every open block but a top-level fence or HTML block (a
 * list item's content needs indentation, a block quote its `>`, a paragraph ended at the blank
 * line), so the blocks of each segment are what they would be in a body of that segment alone
 * (a list item there may be the next item of a list before, which changes no link or heading). Only three things reach across: references (a definition anywhere
 * may make `[a][b]` a link), the numbering of heading slugs, and a top-level fence or HTML block
 * opened in a segment left to the parser that runs on over the blank lines, which the parse shows
 * (then the parser reads the whole body). The definitions of the simple segments stay in the
 * parser's text, on their lines, and the simple path is told the body may have some.
 */
import { outlineOf } from './anchors.js';
import { parsedBody } from './commonmark.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';
import { simpleParts, type SimpleParts } from './simple-outline.js';
import { withoutTopLevelBlocks } from './top-level-blocks.js';

/** Where each segment of the body starts, by line (the first is 0), and where each line starts (one more, past the end). */
function segmentsOf(body: string): { segments: number[]; starts: number[] } {
  const segments = [0];
  const starts: number[] = [];
  let blank = false;
  for (let start = 0; start <= body.length;) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    let p = start;
    while (p < end && (body.charCodeAt(p) === 0x20 || body.charCodeAt(p) === 0x09)) p++;
    if (blank && p === start && p < end) segments.push(starts.length);
    blank = p === end;
    starts.push(start);
    start = end + 1;
  }
  starts.push(body.length + 1);
  return { segments, starts };
}

/** The outline (see outline.ts) of a body read in segments; undefined when a segment left to the parser may run into the next. */
export function segmentedOutline(source: string, firstLine: number, anchors: boolean): MarkdownOutline | undefined {
  // CR LF: the parser's lines are not the body's (and the simple path declines it anyway).
  if (source.indexOf('\r') !== -1) return undefined;
  // Top-level comments and fences made empty lines: no segment starts inside one.
  const body = withoutTopLevelBlocks(source);
  if (body === undefined) return undefined;
  const { segments, starts } = segmentsOf(body);
  const lineCount = starts.length - 1;
  // The same lines in the source, where the blocks made empty have their text.
  let sourceStarts = starts;
  if (body !== source) {
    sourceStarts = [0];
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) sourceStarts.push(i + 1);
    sourceStarts.push(source.length + 1);
  }
  segments.push(lineCount);
  // Every definition has `]:`.
  const definitions = source.indexOf(']:') !== -1;
  const simple: (SimpleParts | undefined)[] = [];
  let text = '';
  let parsed = false;
  for (let s = 0; s + 1 < segments.length; s++) {
    const first = segments[s]!;
    const end = segments[s + 1]!;
    const parts = simpleParts(body.slice(starts[first], starts[end]! - 1), firstLine + first, anchors, definitions);
    simple.push(parts);
    if (parts === undefined) {
      text += source.slice(sourceStarts[first], sourceStarts[end]);
      parsed = true;
      continue;
    }
    // Empty lines, but for the definitions (each on its line), which the parser needs.
    let line = first;
    for (const link of parts.links) {
      if (link.kind !== 'definition') continue;
      const at = link.line - firstLine;
      text += '\n'.repeat(at - line) + body.slice(starts[at], starts[at + 1]);
      line = at + 1;
    }
    text += '\n'.repeat(end - line);
  }
  const read = parsed ? parsedBody(text, firstLine, anchors) : undefined;
  if (read !== undefined) {
    // A top-level fence or HTML block that runs out of its segment: the segments after it are not what they seem.
    for (let k = 0, s = 0; k < read.spanning.length; k += 2) {
      while (segments[s + 1]! <= read.spanning[k]!) s++;
      for (let t = s; segments[t]! < read.spanning[k + 1]!; t++) if (simple[t] !== undefined) return undefined;
    }
  }
  const links: MarkdownLink[] = [];
  const headings: string[] = [];
  let l = 0;
  let h = 0;
  for (let s = 0; s < simple.length; s++) {
    const parts = simple[s];
    if (parts !== undefined) {
      for (const link of parts.links) links.push(link);
      for (const heading of parts.headings) headings.push(heading);
      continue;
    }
    // The parser's findings on this segment's lines (the definitions it read elsewhere are the simple segments').
    const from = firstLine + segments[s]!;
    const to = firstLine + segments[s + 1]!;
    while (l < read!.links.length && read!.links[l]!.line < from) l++;
    for (; l < read!.links.length && read!.links[l]!.line < to; l++) links.push(read!.links[l]!);
    while (h < read!.headings.length && read!.headingLines[h]! < segments[s]!) h++;
    for (; h < read!.headings.length && read!.headingLines[h]! < segments[s + 1]!; h++) headings.push(read!.headings[h]!);
  }
  return outlineOf(links, headings, read?.html ?? [], anchors);
}
