/**
 * Where the code and comment blocks that the simple path (simple-outline.ts) can be sure of
 * end, for its pass over lines (simple-lines.ts), which leaves them out of every later search:
 * nothing in them is a link or a heading.
 *
 * - Top-level HTML comment blocks and fenced code blocks: a block opened at column 0 is at the
 *   top level whatever precedes it (no container holds a line at column 0, and both kinds
 *   interrupt a paragraph rather than continue it lazily), and it ends the blocks before it as
 *   a blank line would. A comment block is taken only when nothing follows its `-->` on its
 *   last line: then its HTML, comments removed, holds no anchor.
 * - An indented code block at the top level, and a fenced code block in a list item that starts
 *   at column 0 (the caller knows when a line may open one).
 *
 * Each finder answers with the end of the block's last line (its newline, or the end of the
 * body), NO_BLOCK when the line opens none of its kind, or DECLINED for one of a shape left to
 * the parser. The caller has declined CR and other line separators (the line structure here is LF's).
 */

/** The line opens no block of the kind asked for. */
export const NO_BLOCK = -1;
/** The line opens a block of a shape left to the parser. */
export const DECLINED = -2;

/** Where the line holding `at` ends (its newline, or the end of the body). */
function lineEnd(body: string, at: number): number {
  const end = body.indexOf('\n', at);
  return end === -1 ? body.length : end;
}

/** Blanks at the start of the line [start, end): how many spaces. */
export function spacesAt(body: string, start: number, end: number): number {
  let p = start;
  while (p < end && body.charCodeAt(p) === 0x20) p++;
  return p - start;
}

/** Whether [p, end) holds only spaces and tabs (what may follow a closing fence or a comment's `-->`). */
function onlyBlanks(body: string, p: number, end: number): boolean {
  for (; p < end; p++) {
    const c = body.charCodeAt(p);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

/** The length of the fence marker at `p` (three or more backticks or tildes), 0 for none. */
function fenceRun(body: string, p: number, end: number): number {
  const c = body.charCodeAt(p);
  if (c !== 0x60 && c !== 0x7e) return 0;
  let q = p + 1;
  while (q < end && body.charCodeAt(q) === c) q++;
  return q - p >= 3 ? q - p : 0;
}

/**
 * The end of the fence whose marker (`run` characters) is at `p`, on the line ending at `end`:
 * the end of its closing line, found among the lines indented `item` to `item + 3` (the
 * marker's character, at least as many, then blanks). A line indented less than `item` (a list
 * item's end) or the body's end before a closing line: the body's end at the top level
 * (`item` 0), DECLINED in a list item (the item closes the fence: the parser's). DECLINED too
 * for a backtick in a backtick fence's info string (no fence: code spans, the parser's).
 */
function fenceEnd(body: string, p: number, run: number, end: number, item: number): number {
  const marker = body.charCodeAt(p);
  if (marker === 0x60) {
    const tick = body.indexOf('`', p + run);
    if (tick !== -1 && tick < end) return DECLINED;
  }
  for (let start = end + 1; start < body.length;) {
    const e = lineEnd(body, start);
    const indent = spacesAt(body, start, e);
    if (start + indent < e) {
      if (indent < item) return DECLINED;
      if (indent <= item + 3) {
        let q = start + indent;
        while (q < e && body.charCodeAt(q) === marker) q++;
        if (q - start - indent >= run && onlyBlanks(body, q, e)) return e;
      }
    }
    start = e + 1;
  }
  return item === 0 ? body.length : DECLINED;
}

/** At the start of a line (ending at `end`) with a character at column 0: the end of the top-level comment or fence block it opens. */
export function topLevelBlockEnd(body: string, start: number, end: number): number {
  if (body.startsWith('<!--', start)) {
    // CommonMark: the block ends with the first line holding `-->` (its first line included).
    const close = body.indexOf('-->', start);
    if (close === -1) return body.length;
    const last = lineEnd(body, close);
    return onlyBlanks(body, close + 3, last) ? last : DECLINED;
  }
  const run = fenceRun(body, start, end);
  return run === 0 ? NO_BLOCK : fenceEnd(body, start, run, end, 0);
}

/**
 * At a line (ending at `end`) of a list item that starts at column 0, whose content column is
 * `item`, indented `item` to `item + 3` (its first character at `p`): the end of the fence it
 * opens, closed before the item ends.
 */
export function itemFenceEnd(body: string, p: number, end: number, item: number): number {
  const run = fenceRun(body, p, end);
  return run === 0 ? NO_BLOCK : fenceEnd(body, p, run, end, item);
}

/** The end of an indented code block whose first line ends at `end`: on over lines indented four or more and blank lines. */
export function indentedCodeEnd(body: string, end: number): number {
  let blockEnd = end;
  for (let next = end + 1; next < body.length;) {
    const e = lineEnd(body, next);
    const i = spacesAt(body, next, e);
    if (next + i < e) {
      if (i < 4) break;
      blockEnd = e;
    }
    next = e + 1;
  }
  return blockEnd;
}

/** The width of a list item marker at `p` (a bullet, or 1-9 digits and `.` or `)`) followed by a blank or the line's end; 0 for none. */
export function markerWidth(body: string, p: number, end: number): number {
  let q = p;
  const c = body.charCodeAt(p);
  if (c === 0x2d || c === 0x2b || c === 0x2a) q = p + 1;
  else {
    while (q < end && q - p < 10 && body.charCodeAt(q) >= 0x30 && body.charCodeAt(q) <= 0x39) q++;
    const d = body.charCodeAt(q);
    if (q === p || q - p > 9 || (d !== 0x2e && d !== 0x29)) return 0;
    q++;
  }
  return q === end || body.charCodeAt(q) === 0x20 ? q - p : 0;
}
