/**
 * Top-level HTML comment blocks and fenced code blocks, for the simple path (simple-outline.ts):
 * most governed documents have a metadata comment and a few code fences, and nothing in them is
 * a link or a heading. A block opened at column 0 is at the top level whatever precedes it (no
 * container holds a line at column 0, and both kinds interrupt a paragraph rather than continue
 * it lazily), and it ends the blocks before it as a blank line would; so the body with each such
 * block made empty lines (line numbers and every other line's columns kept) has the same links
 * and headings. A comment block is taken only when nothing follows its `-->` on its last line:
 * then its HTML, comments removed, holds no anchor. Blocks opened with indentation, or inside a
 * container, stay in the body, where the simple path declines them.
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
    out += body.slice(copied, start);
    for (let i = body.indexOf('\n', start); i !== -1 && i < end; i = body.indexOf('\n', i + 1)) out += '\n';
    copied = end;
    if (end >= body.length) break;
    OPENER.lastIndex = end + 1;
  }
  return copied === 0 ? body : out + body.slice(copied);
}
