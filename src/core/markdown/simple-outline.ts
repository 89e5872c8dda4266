/**
 * The outline of a body in the shape most governed documents have, in one pass over its lines
 * and one over its brackets, once its top-level comments and code fences, and the indented code
 * blocks and fences in list items it can be sure of, are set aside (top-level-blocks.ts): no
 * backslash, HTML other than autolinks with a scheme, character reference, CR, tab, other code
 * block or setext heading; reference definitions only on one line after a blank one; no heading
 * or other code inside a list item or block quote, code spans of
 * single backticks each on one line, link texts on one line and not nested, destinations
 * without blanks or parentheses (then maybe a quoted title on the line), headings without
 * emphasis, links or HTML. On such a body what CommonMark says (commonmark.ts, the parser)
 * reduces to what is below; anything else is declined (undefined) and left to the parser, so
 * results never depend on which path ran. test/unit/markdown-fast.property.test.ts and
 * markdown-blocks.property.test.ts hold this path to the parser, on generated bodies and on
 * every example of the CommonMark spec. Linear
 * time: every search resumes where the previous one stopped.
 */
import { atxHeadingText, outlineOf } from './anchors.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';
import { emptyList, emptySmiList, listOf, NONE } from '../lists.js';
import { grown } from '../text/typed-arrays.js';
import { withoutCodeBlocks, withoutTopLevelBlocks } from './top-level-blocks.js';

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

/** A character reference (`&amp;`, `&#38;`, `&#x26;`): the parser decodes it. */
const CHARACTER_REFERENCE = /&(?:#[xX]?[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/;

/**
 * Whether the body holds none of the characters the simple path leaves to the parser
 * outside top-level comments and fences: escapes, character references, tabs (CR and
 * other line separators are declined everywhere). (Runs of backticks, indented lines and fences, and reference definitions are found
 * where the passes below look anyway.) Each search is about as fast as memchr.
 */
function isSimple(body: string): boolean {
  return body.indexOf('\\') === -1 && body.indexOf('\t') === -1 && (body.indexOf('&') === -1 || !CHARACTER_REFERENCE.test(body));
}

/**
 * Code spans as [start, end) pairs: single backticks pair up in order (what CommonMark finds
 * when no run is longer than one), each pair on one line; undefined when one is not, or a run
 * is longer (a longer span, or a fence).
 */
function codeSpans(body: string): number[] | undefined {
  const spans = emptySmiList();
  let newline = -1; // the first newline at or after the opening backtick (kept, not searched again)
  for (let t = body.indexOf('`'); t !== -1; t = body.indexOf('`', t + 1)) {
    const close = body.indexOf('`', t + 1);
    if (close === -1 || close === t + 1 || body.charCodeAt(close + 1) === 0x60) return undefined;
    if (newline < t) {
      newline = body.indexOf('\n', t);
      if (newline === -1) newline = body.length;
    }
    if (newline < close) return undefined;
    spans.push(t, close + 1);
    t = close;
  }
  return spans;
}

/** An autolink with a scheme, holding nothing another pass here reads (backticks, brackets). */
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20`[\]]*>/y;

/**
 * Autolinks as [start, end) pairs: every `<` outside the code spans must open one (anything
 * else is HTML, an e-mail autolink, or a destination in angle brackets after `(`); undefined
 * when one does not.
 */
function autolinks(body: string, spans: readonly number[]): number[] | undefined {
  const found = emptySmiList();
  let k = 0;
  for (let i = body.indexOf('<'); i !== -1; i = body.indexOf('<', i + 1)) {
    while (k < spans.length && spans[k + 1]! <= i) k += 2;
    if (k < spans.length && spans[k]! < i) continue;
    AUTOLINK.lastIndex = i;
    if (!AUTOLINK.test(body) || body.charCodeAt(i - 1) === 0x28) return undefined;
    found.push(i, AUTOLINK.lastIndex);
    i = AUTOLINK.lastIndex - 1;
  }
  return found;
}

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

/** Where each line starts (the first `count`), for the pass over brackets; one array for the whole run, grown as needed. */
let lineStarts: Int32Array = new Int32Array(1024);

/**
 * Whether a line whose first character after its blanks is `=` or `-` (at `p`) may underline
 * a setext heading: a run of that character, then blanks to the end of the line. A backtick
 * (a code span, blank once masked) counts as may.
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
 * the parser reads. `p` is after the line's first three blanks at most.
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

/** The outline (see outline.ts) of a body of the simple shape above; undefined for any other. */
export function simpleOutline(source: string, firstLine: number, anchors: boolean): MarkdownOutline | undefined {
  if (source.indexOf('\r') !== -1 || source.indexOf('\u2028') !== -1 || source.indexOf('\u2029') !== -1) return undefined;
  // Top-level comments and code fences hold no link or heading: empty lines in their place.
  const withoutBlocks = withoutTopLevelBlocks(source);
  // Code blocks in list items and indented ones are looked for only where a line starts with a blank.
  const body =
    withoutBlocks !== undefined && (withoutBlocks.charCodeAt(0) === 0x20 || withoutBlocks.indexOf('\n ') !== -1)
      ? withoutCodeBlocks(withoutBlocks)
      : withoutBlocks;
  if (body === undefined || !isSimple(body)) return undefined;
  const spans = codeSpans(body);
  if (spans === undefined) return undefined;
  const auto = autolinks(body, spans);
  if (auto === undefined) return undefined;
  const n = body.length;

  // Headings: ATX lines only (a line that may underline a setext heading is declined).
  const headings: string[] = emptyList();
  let hasFirstHeading = false;
  let lines = 0;
  // Definitions as [line start, line end, destination start, destination end]; a definition
  // starts a block, so only after a blank line or another definition.
  let definitions: number[] | undefined;
  let afterBlank = true;
  for (let start = 0; start <= n;) {
    let next = body.indexOf('\n', start);
    if (next === -1) next = n;
    if (lines === lineStarts.length) lineStarts = grown(lineStarts, lineStarts.length * 2);
    lineStarts[lines++] = start;
    let p = start;
    while (p < start + 3 && p < next && body.charCodeAt(p) === 0x20) p++;
    const c = p < next ? body.charCodeAt(p) : 0;
    // Four blanks (indented code), a fence of tildes: the parser.
    if (c === 0x20 || (c === 0x7e && body.startsWith('~~~', p))) return undefined;
    if (c === 0x5b && p === start && afterBlank) {
      const def = DEFINITION.exec(body.slice(start, next));
      if (def !== null) {
        if (def[1]!.trim() === '' || (def[3] === undefined && next < n && mayBeTitle(body, next + 1))) return undefined;
        let from = start + def[1]!.length + 3;
        while (body.charCodeAt(from) === 0x20) from++;
        (definitions ??= emptySmiList()).push(start, next, from, from + def[2]!.length);
        start = next + 1;
        continue;
      }
    }
    afterBlank = c === 0;
    if (c === 0x3d || c === 0x2d) {
      if (maySetext(body, p, next)) return undefined;
    } else if (c === 0x23 && (anchors || !hasFirstHeading)) {
      // Which line is a heading, and its text, CommonMark reads before code spans.
      const atx = atxHeadingText(body, start, next);
      if (atx !== undefined) {
        const text = renderedHeading(atx);
        if (text === undefined) return undefined;
        headings.push(text);
        if (text !== '') hasFirstHeading = true;
      }
    }
    if (!plainContent(body, p, next)) return undefined;
    start = next + 1;
  }

  // Links: brackets outside code spans, paired on one line, `](` then a plain destination and `)`.
  let links: MarkdownLink[] | undefined;
  let open = -1;
  let openLine = -1;
  let li = 0; // the line of the last bracket: lineStarts[li] <= it < lineStarts[li + 1]
  let k = 0; // the first code span not ending before the bracket
  let ai = 0; // the first autolink not starting before the open bracket
  let di = 0; // the first definition not ending before the bracket
  const defs = definitions ?? emptySmiList();
  let o = body.indexOf('[');
  let c = body.indexOf(']');
  while (o !== -1 || c !== -1) {
    const isOpen = c === -1 || (o !== -1 && o < c);
    const at = isOpen ? o : c;
    while (di < defs.length && defs[di + 1]! < at) di += 4;
    if (di < defs.length && defs[di]! <= at) {
      // A definition's label: read above.
      if (isOpen) o = body.indexOf('[', o + 1);
      else c = body.indexOf(']', c + 1);
      continue;
    }
    // `]:` (a reference definition, unless in a code span): the general path.
    if (!isOpen && body.charCodeAt(at + 1) === 0x3a) return undefined;
    while (k < spans.length && spans[k + 1]! <= at) k += 2;
    if (k >= spans.length || spans[k]! > at) {
      while (li + 1 < lines && lineStarts[li + 1]! <= at) li++;
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
    while (li + 1 < lines && lineStarts[li + 1]! <= defs[d]!) li++;
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
      while (line + 1 < lines && lineStarts[line + 1]! <= at) line++;
      links.push(new OutlineLink(body.slice(at + 1, auto[a + 1]! - 1), 'inline', firstLine + line, at - lineStarts[line]! + 1));
    }
    // In the order of their positions, as the parser gives them.
    links.sort((x, y) => x.line - y.line || x.column - y.column);
  }
  return outlineOf(links ?? emptyList<MarkdownLink>(), headings, NONE, anchors);
}
