/**
 * The outline of a body in the shape most governed documents have: one pass over its lines
 * (simple-lines.ts), which sets aside its top-level comments and code fences and the indented
 * code blocks and fences in list items it can be sure of (code-blocks.ts) as ranges every later
 * search skips, then one search per character that matters: no backslash, HTML other than
 * autolinks with a scheme, character reference, CR, tab, other code block or setext heading;
 * reference definitions only on one line after a blank one; no heading or other code inside a
 * list item or block quote, code spans of single backticks each on one line, link texts on one
 * line and not nested, destinations without blanks or parentheses (then maybe a quoted title on
 * the line), headings without emphasis, links or HTML. On such a body what CommonMark says
 * (commonmark.ts, the parser) reduces to what is below; anything else is declined (undefined)
 * and left to the parser, so results never depend on which path ran.
 * test/unit/markdown-fast.property.test.ts and markdown-blocks.property.test.ts hold this path
 * to the parser, on generated bodies and on every example of the CommonMark spec. Linear time:
 * every search resumes where the previous one stopped.
 */
import { outlineOf } from './anchors.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';
import { emptyList, emptySmiList, listOf, NONE } from '../lists.js';
import { simpleLines } from './simple-lines.js';

/**
 * A link with its line and column, made by a constructor rather than a literal: V8 tracks an
 * allocation site per literal and may decide, from one unlucky scavenge, to make all of a site's
 * objects in old space for the rest of the run, where these short-lived ones would pile up
 * (SPEC-006 §3.12).
 */
export class OutlineLink implements MarkdownLink {
  declare readonly target: string;
  declare readonly kind: MarkdownLink['kind'];
  declare readonly line: number;
  declare readonly column: number;
  constructor(target: string, kind: MarkdownLink['kind'], line: number, column: number) {
    this.target = target;
    this.kind = kind;
    this.line = line;
    this.column = column;
  }
}

/** Longer destinations are left to the parser (they bound the work of a search here). */
const MAX_DESTINATION = 4096;
/** What ends a destination the simple path reads: a blank or control character, a parenthesis, a backtick. */
const DESTINATION_END = /[\x00-\x20()`]/g;

/** A character reference (`&amp;`, `&#38;`, `&#x26;`) at the search's start: the parser decodes it. */
const CHARACTER_REFERENCE = /&(?:#[xX]?[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/y;

/** The first `ch` outside the ranges [start, end) of `skipped` (in order), or -1. */
function firstOutside(body: string, ch: string, skipped: readonly number[]): number {
  let b = 0;
  for (let i = body.indexOf(ch); i !== -1; i = body.indexOf(ch, skipped[b + 1])) {
    while (b < skipped.length && skipped[b + 1]! <= i) b += 2;
    if (b === skipped.length || skipped[b]! > i) return i;
  }
  return -1;
}

/**
 * Whether the body holds none of the characters the simple path leaves to the parser outside
 * its code and comment blocks: escapes, character references, tabs (CR and other line
 * separators are declined everywhere). Each search is about as fast as memchr.
 */
function isSimple(body: string, blocks: readonly number[]): boolean {
  if (firstOutside(body, '\\', blocks) !== -1 || firstOutside(body, '\t', blocks) !== -1) return false;
  let b = 0;
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) {
    while (b < blocks.length && blocks[b + 1]! <= i) b += 2;
    if (b < blocks.length && blocks[b]! <= i)
      i = blocks[b + 1]!; // in a block: resume after it
    else {
      CHARACTER_REFERENCE.lastIndex = i;
      if (CHARACTER_REFERENCE.test(body)) return false;
    }
  }
  return true;
}

/**
 * The code of the body as [start, end) pairs in order: its blocks, and its code spans outside
 * them. Single backticks pair up in order (what CommonMark finds when no run is longer than
 * one), each pair on one line; undefined when one is not, or a run is longer (a longer span,
 * or a fence).
 */
function codeRanges(body: string, blocks: readonly number[]): number[] | undefined {
  const code = emptySmiList();
  let b = 0;
  let newline = -1; // the first newline at or after the opening backtick (kept, not searched again)
  for (let t = body.indexOf('`'); ;) {
    // The blocks before this backtick (all that are left after the last), and a backtick in one is code.
    while (b < blocks.length && (t === -1 || blocks[b]! <= t)) {
      code.push(blocks[b]!, blocks[b + 1]!);
      if (t !== -1 && t < blocks[b + 1]!) t = body.indexOf('`', blocks[b + 1]);
      b += 2;
    }
    if (t === -1) return code;
    const close = body.indexOf('`', t + 1);
    if (close === -1 || close === t + 1 || body.charCodeAt(close + 1) === 0x60) return undefined;
    if (newline < t) {
      newline = body.indexOf('\n', t);
      if (newline === -1) newline = body.length;
    }
    if (newline < close) return undefined;
    code.push(t, close + 1);
    t = body.indexOf('`', close + 1);
  }
}

/** An autolink with a scheme, holding nothing another pass here reads (backticks, brackets). */
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20`[\]]*>/y;

/**
 * Autolinks as [start, end) pairs: every `<` outside the code must open one (anything else is
 * HTML, an e-mail autolink, or a destination in angle brackets after `(`); undefined when one
 * does not.
 */
function autolinks(body: string, code: readonly number[]): number[] | undefined {
  const found = emptySmiList();
  let k = 0;
  for (let i = body.indexOf('<'); i !== -1; i = body.indexOf('<', i + 1)) {
    while (k < code.length && code[k + 1]! <= i) k += 2;
    if (k < code.length && code[k]! <= i) {
      i = code[k + 1]! - 1; // in code: resume after it
      continue;
    }
    AUTOLINK.lastIndex = i;
    if (!AUTOLINK.test(body) || body.charCodeAt(i - 1) === 0x28) return undefined;
    found.push(i, AUTOLINK.lastIndex);
    i = AUTOLINK.lastIndex - 1;
  }
  return found;
}

/**
 * The `)` that ends an inline link whose destination is [from, end): right after it, or after
 * blanks, or after blanks, a title in quotes on the line and blanks; -1 for any other shape
 * (a title in parentheses or over lines, a backtick or `<` in a title: the parser's).
 */
function closingParen(body: string, from: number, end: number): number {
  let p = end;
  if (body.charCodeAt(p) === 0x29) return p;
  if (p === from || body.charCodeAt(p) !== 0x20) return -1;
  while (body.charCodeAt(p) === 0x20) p++;
  const quote = body.charCodeAt(p);
  if (quote === 0x22 || quote === 0x27) {
    const title = body.indexOf(quote === 0x22 ? '"' : "'", p + 1);
    if (title === -1) return -1;
    for (let q = p + 1; q < title; q++) {
      const d = body.charCodeAt(q);
      if (d === 0x0a || d === 0x60 || d === 0x3c) return -1;
    }
    p = title + 1;
    while (body.charCodeAt(p) === 0x20) p++;
  }
  return body.charCodeAt(p) === 0x29 ? p : -1;
}

/**
 * The outline (see outline.ts) of a body of the simple shape above; undefined for any other.
 * `codeOut`, when given, receives the body's code (blocks and spans) as [start, end) pairs (to be
 * read only when it answers).
 */
export function simpleOutline(body: string, firstLine: number, anchors: boolean, codeOut?: number[]): MarkdownOutline | undefined {
  if (body.indexOf('\r') !== -1 || body.indexOf('\u2028') !== -1 || body.indexOf('\u2029') !== -1) return undefined;
  const lines = simpleLines(body, anchors);
  if (lines === undefined) return undefined;
  const { blocks, definitions: defs, starts: lineStarts, count } = lines;
  if (!isSimple(body, blocks)) return undefined;
  const code = codeRanges(body, blocks);
  if (code === undefined) return undefined;
  const auto = autolinks(body, code);
  if (auto === undefined) return undefined;
  if (codeOut !== undefined) for (let i = 0; i < code.length; i++) codeOut.push(code[i]!);
  const n = body.length;

  // Links: brackets outside code, paired on one line, `](` then a plain destination and `)`.
  let links: MarkdownLink[] | undefined;
  let open = -1;
  let openLine = -1;
  let li = 0; // the line of the last bracket: lineStarts[li] <= it < lineStarts[li + 1]
  let bi = 0; // the first block not ending before the bracket
  let k = 0; // the first code range not ending before the bracket
  let ai = 0; // the first autolink not starting before the open bracket
  let di = 0; // the first definition not ending before the bracket
  let o = body.indexOf('[');
  let c = body.indexOf(']');
  while (o !== -1 || c !== -1) {
    const isOpen = c === -1 || (o !== -1 && o < c);
    const at = isOpen ? o : c;
    while (bi < blocks.length && blocks[bi + 1]! <= at) bi += 2;
    while (di < defs.length && defs[di + 1]! < at) di += 4;
    // In a block, or a definition's line (read by the pass over lines): the search resumes after it.
    const skipTo = bi < blocks.length && blocks[bi]! <= at ? blocks[bi + 1]! : di < defs.length && defs[di]! <= at ? defs[di + 1]! : -1;
    if (skipTo !== -1) {
      if (isOpen) o = body.indexOf('[', skipTo);
      else c = body.indexOf(']', skipTo);
      continue;
    }
    // `]:` (a reference definition, unless in a code span): the general path.
    if (!isOpen && body.charCodeAt(at + 1) === 0x3a) return undefined;
    while (k < code.length && code[k + 1]! <= at) k += 2;
    if (k >= code.length || code[k]! > at) {
      while (li + 1 < count && lineStarts[li + 1]! <= at) li++;
      if (isOpen) {
        if (open !== -1) return undefined; // nested, or an earlier one left open: the general matcher decides
        open = at;
        openLine = li;
      } else if (open !== -1) {
        if (openLine !== li) return undefined; // link text over several lines
        // An autolink in the brackets: the parser decides whether they are a link text (or, with
        // definitions, the label of `[a][<b:c>]`, which is not read as text: no autolink then).
        while (ai < auto.length && auto[ai]! < open) ai += 2;
        const autolinkInside = ai < auto.length && auto[ai]! < at;
        if (autolinkInside && defs.length > 0) return undefined;
        if (body.charCodeAt(at + 1) === 0x28) {
          const from = at + 2;
          DESTINATION_END.lastIndex = from;
          const end = DESTINATION_END.test(body) ? DESTINATION_END.lastIndex - 1 : n;
          const close = end === n || end - from > MAX_DESTINATION ? -1 : closingParen(body, from, end);
          if (close === -1 || autolinkInside) return undefined;
          // `[a][b](c)`: with definitions, `[a][b]` may be a link and `(c)` text.
          if (defs.length > 0 && body.charCodeAt(open - 1) === 0x5d) return undefined;
          // The destination is on the bracket's line (it holds no newline).
          const link = new OutlineLink(
            body.slice(from, end),
            open > 0 && body.charCodeAt(open - 1) === 0x21 ? 'image' : 'inline',
            firstLine + li,
            from - lineStarts[li]! + 1,
          );
          if (links === undefined) links = listOf<MarkdownLink>(link);
          else links.push(link);
          // Brackets in the destination or title are text: the next link starts after the `)`.
          if (o < close) o = body.indexOf('[', close);
          c = close;
        }
        open = -1;
      }
    }
    if (isOpen) o = body.indexOf('[', o + 1);
    else c = body.indexOf(']', c + 1);
  }
  li = 0;
  for (let d = 0; d < defs.length; d += 4) {
    while (li + 1 < count && lineStarts[li + 1]! <= defs[d]!) li++;
    (links ??= emptyList<MarkdownLink>()).push(
      new OutlineLink(body.slice(defs[d + 2], defs[d + 3]), 'definition', firstLine + li, defs[d + 2]! - defs[d]! + 1),
    );
  }
  if (defs.length > 0 && auto.length === 0) links!.sort((x, y) => x.line - y.line || x.column - y.column);
  if (auto.length > 0) {
    links ??= emptyList<MarkdownLink>();
    let line = 0;
    for (let a = 0; a < auto.length; a += 2) {
      const at = auto[a]!;
      while (line + 1 < count && lineStarts[line + 1]! <= at) line++;
      links.push(new OutlineLink(body.slice(at + 1, auto[a + 1]! - 1), 'inline', firstLine + line, at - lineStarts[line]! + 1));
    }
    // In the order of their positions, as the parser gives them.
    links.sort((x, y) => x.line - y.line || x.column - y.column);
  }
  return outlineOf(links ?? emptyList<MarkdownLink>(), lines.headings, NONE, anchors);
}
