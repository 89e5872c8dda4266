/**
 * The simple path's pass over the lines of a body (simple-outline.ts has its shape): each line
 * once, in order. It sets aside the code and comment blocks it can be sure of (code-blocks.ts)
 * as ranges of the body that the later searches skip, tracks the list items and block quotes
 * those depend on, and reads the headings and one-line reference definitions; undefined for a
 * line of a shape left to the parser (an indented line that is no such block, a fence of tildes
 * elsewhere, a setext underline, a heading or other code inside a container, a heading with
 * markup this path does not render).
 */
import { atxHeadingText } from './anchors.js';
import { DECLINED, indentedCodeEnd, itemFenceEnd, markerWidth, NO_BLOCK, spacesAt, topLevelBlockEnd } from './code-blocks.js';
import { emptyList, emptySmiList, NONE } from '../lists.js';
import { grown } from '../text/typed-arrays.js';

/** What the pass found. */
export interface BodyLines {
  /** How many lines the body has, and where each starts (the first `count` of an array shared by every pass: read it before the next). */
  count: number;
  starts: Int32Array;
  /** Heading texts as rendered, in order (all of them with anchors, else up to the first that is not empty). */
  headings: string[];
  /** Reference definitions as [line start, line end, destination start, destination end]. */
  definitions: number[];
  /** Code and comment blocks as [first line's start, last line's end), in order. */
  blocks: number[];
}

/** One array of line starts for the whole run, grown as needed. */
let lineStarts: Int32Array = new Int32Array(1024);

/**
 * A reference definition on one line at column 0: a label (not a footnote's), a plain
 * destination, a quoted title maybe, nothing after; nothing in it another pass here reads.
 * Matched on the line alone (a failed search then stops at its end).
 */
const DEFINITION = /^\[([^[\]\n`<^][^[\]\n`<]*)\]: *([^\x00-\x20()`<[\]][^\x00-\x20()`<[\]]*)( +(?:"[^"\n`<[\]]*"|'[^'\n`<[\]]*'))? *$/;

/** Whether the line from `p` may hold a definition's title (the parser reads it as one): a quote or a parenthesis after blanks. */
function mayBeTitle(body: string, p: number): boolean {
  while (body.charCodeAt(p) === 0x20) p++;
  const c = body.charCodeAt(p);
  return c === 0x22 || c === 0x27 || c === 0x28;
}

/**
 * Whether a line whose first character after its blanks is `=` or `-` (at `p`) may underline
 * a setext heading: a run of that character, then blanks to the end of the line. A backtick
 * (maybe a code span) counts as may.
 */
function maySetext(body: string, p: number, end: number): boolean {
  const c = body.charCodeAt(p);
  let q = p;
  while (q < end && body.charCodeAt(q) === c) q++;
  for (; q < end; q++) {
    const d = body.charCodeAt(q);
    if (d === 0x60) return true;
    if (d !== 0x20) return false;
  }
  return true;
}

/**
 * The text of an ATX heading as rendered, for the simple shape: code spans (single backticks,
 * paired) give their content, without one blank at each end when both ends have one (and it is
 * not all blanks); trimmed as the parser's text is; undefined for markup this path does not
 * render (emphasis, links).
 */
function renderedHeading(text: string): string | undefined {
  if (/[*_[\]<]/.test(text)) return undefined;
  if (text.indexOf('`') === -1) return text.trim();
  const parts = text.split('`');
  if (parts.length % 2 === 0) return undefined;
  for (let i = 1; i < parts.length; i += 2) {
    const code = parts[i]!;
    if (code.length > 1 && code.charCodeAt(0) === 0x20 && code.charCodeAt(code.length - 1) === 0x20 && code.trim() !== '')
      parts[i] = code.slice(1, -1);
  }
  return parts.join('').trim();
}

/**
 * Whether the content of the line [p, end) after its block quote and list item markers (if
 * any) is plain: not a heading, a code block or a setext underline inside a container, which
 * the parser reads. `p` is after the line's blanks (three at most).
 */
function plainContent(body: string, p: number, end: number): boolean {
  let q = p;
  for (;;) {
    const c = body.charCodeAt(q);
    let m = q;
    if (c === 0x3e) m = q + 1;
    else if (c >= 0x30 && c <= 0x39) {
      let d = q;
      while (d < end && d - q < 10 && body.charCodeAt(d) >= 0x30 && body.charCodeAt(d) <= 0x39) d++;
      const e = body.charCodeAt(d);
      if (d - q <= 9 && (e === 0x2e || e === 0x29) && (d + 1 >= end || body.charCodeAt(d + 1) === 0x20)) m = d + 1;
    } else if ((c === 0x2d || c === 0x2a || c === 0x2b) && (q + 1 >= end || body.charCodeAt(q + 1) === 0x20)) m = q + 1;
    if (m === q) break; // not a marker: the content starts here
    let s = m;
    while (s < end && body.charCodeAt(s) === 0x20) s++;
    if (s - m >= 4) return false; // indented code inside the container (or maybe)
    q = s;
  }
  if (q === p) return true;
  const c = q < end ? body.charCodeAt(q) : 0;
  return c !== 0x23 && c !== 0x3d && c !== 0x2d && !(c === 0x7e && body.startsWith('~~~', q));
}

/** The lines of a body (see above); undefined for a line the simple path leaves to the parser. */
export function simpleLines(body: string, anchors: boolean): BodyLines | undefined {
  const n = body.length;
  const headings: string[] = emptyList();
  let hasFirstHeading = false;
  let definitions: number[] | undefined;
  let blocks: number[] | undefined;
  let count = 0;
  // A definition starts a block: only after a blank line, a code block or another definition.
  let afterBlank = true;
  // Whether a line at column 0 here closes every container: at the start, after a blank line or a code block.
  let fresh = true;
  // Whether a list item or block quote may be open.
  let open = false;
  // The content column of the list item at column 0 whose fences this line may open, or -1.
  let item = -1;
  for (let start = 0; start <= n;) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = n;
    if (count === lineStarts.length) lineStarts = grown(lineStarts, lineStarts.length * 2);
    lineStarts[count++] = start;
    const indent = spacesAt(body, start, end);
    const p = start + indent;
    const c = p < end ? body.charCodeAt(p) : 0;
    if (c === 0) {
      // A blank line; one of four blanks or more is left to the parser.
      if (indent >= 4) return undefined;
      fresh = afterBlank = true;
      start = end + 1;
      continue;
    }
    let blockEnd = NO_BLOCK;
    if (indent === 0) {
      if (c === 0x60 || c === 0x7e || c === 0x3c) {
        blockEnd = topLevelBlockEnd(body, start, end);
        // A block at column 0 ends every list item.
        if (blockEnd !== NO_BLOCK) item = -1;
      }
    } else if (indent >= 4 && fresh && !open) blockEnd = indentedCodeEnd(body, end);
    else if (item >= 0 && indent >= item && indent <= item + 3) blockEnd = itemFenceEnd(body, p, end, item);
    if (blockEnd === DECLINED) return undefined;
    if (blockEnd !== NO_BLOCK) {
      (blocks ??= emptySmiList()).push(start, blockEnd);
      for (let i = body.indexOf('\n', end); i !== -1 && i < blockEnd; i = body.indexOf('\n', i + 1)) {
        if (count === lineStarts.length) lineStarts = grown(lineStarts, lineStarts.length * 2);
        lineStarts[count++] = i + 1;
      }
      // A line at column 0 after it closes every container (a code block is no paragraph to continue).
      fresh = afterBlank = true;
      start = blockEnd + 1;
      continue;
    }
    // Other indented lines, fences of tildes: the parser.
    if (indent >= 4 || (c === 0x7e && body.startsWith('~~~', p))) return undefined;
    // The containers a later line's code blocks depend on.
    const width = markerWidth(body, p, end);
    if (indent === 0 && fresh) open = false;
    item = -1;
    if (width > 0 || c === 0x3e) {
      open = true;
      if (indent === 0 && fresh && width > 0) {
        const spaces = spacesAt(body, start + width, end);
        if (spaces >= 1 && spaces <= 4 && start + width + spaces < end) item = width + spaces;
      }
    }
    fresh = false;
    if (c === 0x5b && indent === 0 && afterBlank) {
      const def = DEFINITION.exec(body.slice(start, end));
      if (def !== null) {
        if (def[1]!.trim() === '' || (def[3] === undefined && end < n && mayBeTitle(body, end + 1))) return undefined;
        let from = start + def[1]!.length + 3;
        while (body.charCodeAt(from) === 0x20) from++;
        (definitions ??= emptySmiList()).push(start, end, from, from + def[2]!.length);
        start = end + 1;
        continue;
      }
    }
    afterBlank = false;
    if (c === 0x3d || c === 0x2d) {
      if (maySetext(body, p, end)) return undefined;
    } else if (c === 0x23 && (anchors || !hasFirstHeading)) {
      // Which line is a heading, and its text, CommonMark reads before code spans.
      const atx = atxHeadingText(body, start, end);
      if (atx !== undefined) {
        const text = renderedHeading(atx);
        if (text === undefined) return undefined;
        headings.push(text);
        if (text !== '') hasFirstHeading = true;
      }
    }
    if (!plainContent(body, p, end)) return undefined;
    start = end + 1;
  }
  return { count, starts: lineStarts, headings, definitions: definitions ?? NONE, blocks: blocks ?? NONE };
}
