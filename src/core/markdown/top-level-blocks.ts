/**
 * Top-level HTML comment blocks and fenced code blocks, for the simple path (simple-outline.ts):
 * most governed documents have a metadata comment and a few code fences, and nothing in them is
 * a link or a heading. A block opened at column 0 is at the top level whatever precedes it (no
 * container holds a line at column 0, and both kinds interrupt a paragraph rather than continue
 * it lazily), and it ends the blocks before it as a blank line would; so the body with each such
 * block made empty lines (line numbers and every other line's columns kept) has the same links
 * and headings. A comment block is taken only when nothing follows its `-->` on its last line:
 * then its HTML, comments removed, holds no anchor. Blocks opened with indentation, or inside a
 * container, stay in the body, where the simple path declines them, but for the indented code
 * blocks and fences in list items of withoutCodeBlocks below.
 */

/** A line at column 0 that opens a fence or an HTML comment block. */
const OPENER = /^(?:`{3,}|~{3,}|<!--)/gm;

/** Closing fences (up to three blanks, the marker at least as long as the opener's, blanks), by marker and length. */
const closers = new Map<string, RegExp>();
function closerOf(marker: string, length: number): RegExp {
  const key = `${marker}${length}`;
  let re = closers.get(key);
  if (re === undefined) {
    re = new RegExp(`^ {0,3}${marker}{${length},}[ \\t]*$`, 'gm');
    closers.set(key, re);
  }
  return re;
}

/** Where the line holding `at` ends (its newline, or the end of the body). */
function lineEnd(body: string, at: number): number {
  const end = body.indexOf('\n', at);
  return end === -1 ? body.length : end;
}

/**
 * Where the block opened at `start` (a line start) ends: the end of its last line; undefined
 * for a line that opens no block the simple path can skip (a backtick in a backtick fence's
 * info string, text after a comment's end).
 */
function blockEnd(body: string, start: number, opener: string): number | undefined {
  if (opener === '<!--') {
    // CommonMark: the block ends with the first line holding `-->` (its first line included).
    const close = body.indexOf('-->', start);
    if (close === -1) return body.length;
    const end = lineEnd(body, close);
    for (let p = close + 3; p < end; p++) {
      const c = body.charCodeAt(p);
      if (c !== 0x20 && c !== 0x09) return undefined;
    }
    return end;
  }
  const openerEnd = lineEnd(body, start);
  // A backtick in a backtick fence's info string: no fence, but code spans (the parser's).
  const tick = opener.charCodeAt(0) === 0x60 ? body.indexOf('`', start + opener.length) : -1;
  if (tick !== -1 && tick < openerEnd) return undefined;
  if (openerEnd === body.length) return openerEnd;
  const closer = closerOf(opener[0]!, opener.length);
  closer.lastIndex = openerEnd + 1;
  // Not closed: the fence runs to the end of the body.
  return closer.exec(body) === null ? body.length : lineEnd(body, closer.lastIndex);
}

/**
 * The body with its top-level comment and fenced code blocks made empty lines; the body itself
 * when it has none; undefined when a line at column 0 opens one of a shape left to the parser.
 * The caller has declined CR and other line separators (the line structure here is LF's).
 */
export function withoutTopLevelBlocks(body: string): string | undefined {
  let out = '';
  let copied = 0;
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(body); m !== null; m = OPENER.exec(body)) {
    const start = m.index;
    const end = blockEnd(body, start, m[0]);
    if (end === undefined) return undefined;
    out += body.slice(copied, start) + emptyLines(body, start, end);
    copied = end;
    if (end >= body.length) break;
    OPENER.lastIndex = end + 1;
  }
  return copied === 0 ? body : out + body.slice(copied);
}

/** The newlines of [start, end) as one string: the block made empty lines (one string, not a concatenation per line). */
function emptyLines(body: string, start: number, end: number): string {
  let count = 0;
  for (let i = body.indexOf('\n', start); i !== -1 && i < end; i = body.indexOf('\n', i + 1)) count++;
  return '\n'.repeat(count);
}

/** Blanks at the start of the line [start, end): how many spaces. */
function spacesAt(body: string, start: number, end: number): number {
  let p = start;
  while (p < end && body.charCodeAt(p) === 0x20) p++;
  return p - start;
}

/** The width of a list item marker at `p` (a bullet, or 1-9 digits and `.` or `)`) followed by a blank or the line's end; 0 for none. */
function markerWidth(body: string, p: number, end: number): number {
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

/** The end of the line holding the closing fence of `marker` (its character, at least its length) within the list item whose content starts at column `item`; -1 when the item or the body ends first. */
function itemFenceEnd(body: string, from: number, marker: string, item: number): number {
  for (let start = from; start < body.length;) {
    const end = lineEnd(body, start);
    const indent = spacesAt(body, start, end);
    if (start + indent < end) {
      if (indent < item) return -1;
      if (indent <= item + 3 && body.startsWith(marker, start + indent)) {
        let q = start + indent + marker.length;
        while (q < end && body.charCodeAt(q) === marker.charCodeAt(0)) q++;
        if (spacesAt(body, q, end) === end - q) return end;
      }
    }
    start = end + 1;
  }
  return -1;
}

/**
 * The body with two more kinds of code block made empty lines, where a pass over lines can be
 * sure of them (the simple path declines any other indented line): an indented code block at
 * the top level (a line indented four or more after a blank line, with no list item or block
 * quote open since the last line at column 0 after a blank line), and a fenced code block in a
 * list item that starts at column 0 after a blank line, opened after blank lines only (or right
 * after the item's line, or another such fence) at the item's content column, up to three more,
 * and closed before the item ends. Undefined for such a fence that the item or the body ends, or
 * whose info string holds a backtick (the parser's).
 */
export function withoutCodeBlocks(body: string): string | undefined {
  let out = '';
  let copied = 0;
  let fresh = true; // a line at column 0 here closes every block: the start, after a blank line or a code block
  let open = false; // a list item or a block quote may be open
  let item = -1; // the content column of the list item whose fences this line may open, or -1
  for (let start = 0; start < body.length;) {
    const end = lineEnd(body, start);
    const indent = spacesAt(body, start, end);
    if (start + indent === end) {
      fresh = true;
      start = end + 1;
      continue;
    }
    let blockEnd = -1;
    if (indent >= 4 && fresh && !open) {
      // Indented code: on over lines indented four or more and blank lines.
      blockEnd = end;
      for (let next = end + 1; next < body.length;) {
        const e = lineEnd(body, next);
        const i = spacesAt(body, next, e);
        if (next + i < e) {
          if (i < 4) break;
          blockEnd = e;
        }
        next = e + 1;
      }
    } else if (item >= 0 && indent >= item && indent <= item + 3) {
      const run = /^(?:`{3,}|~{3,})/.exec(body.slice(start + indent, Math.min(end, start + indent + 64)));
      if (run !== null) {
        const tick = run[0].charCodeAt(0) === 0x60 ? body.indexOf('`', start + indent + run[0].length) : -1;
        if (tick !== -1 && tick < end) return undefined;
        blockEnd = itemFenceEnd(body, end + 1, run[0], item);
        if (blockEnd === -1) return undefined;
      }
    }
    if (blockEnd !== -1) {
      out += body.slice(copied, start) + emptyLines(body, start, blockEnd);
      copied = blockEnd;
      // A line at column 0 after either closes every block (a fence is no paragraph to continue).
      fresh = true;
      start = blockEnd + 1;
      continue;
    }
    const width = indent <= 3 ? markerWidth(body, start + indent, end) : 0;
    const c = body.charCodeAt(start + indent);
    if (indent === 0 && fresh) open = false;
    item = -1;
    if (width > 0 || (indent <= 3 && c === 0x3e)) {
      open = true;
      if (indent === 0 && fresh && width > 0) {
        const spaces = spacesAt(body, start + width, end);
        if (spaces >= 1 && spaces <= 4 && start + width + spaces < end) item = width + spaces;
      }
    }
    fresh = false;
    start = end + 1;
  }
  return copied === 0 ? body : out + body.slice(copied);
}
