/**
 * The outline of a body in the shape most governed documents have, in one pass over its lines
 * and one over its brackets: no backslash, HTML, CR, tab, code block, setext heading or
 * reference definition, code spans of single backticks each on one line, link texts on one
 * line and not nested, destinations without blanks or parentheses. On such a body the general
 * outline (outline.ts: a masked copy, then a line scan, a bracket matcher and a destination
 * parser) reduces to what is below; anything else is declined (undefined) and outlined the
 * general way, so results never depend on which path ran. The differential tests hold both to
 * the reference implementation (test/unit/markdown-fast.property.test.ts). Linear time: every
 * search resumes where the previous one stopped.
 */
import { atxHeading, headingText, Slugger, slugBase } from './anchors.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';
import { emptyList, emptySmiList, listOf } from '../lists.js';
import { grown } from '../text/typed-arrays.js';

/** A link with its line and column: a constructor, not a literal (see FoundLink in links.ts). */
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

/** Longer destinations are not links (links.ts): the general path decides. */
const MAX_DESTINATION = 4096;
/** What ends a destination the simple path reads: a blank or control character, a parenthesis, a backtick. */
const DESTINATION_END = /[\x00-\x20()`]/g;

/**
 * Whether the body holds none of the characters the simple path leaves to the general one
 * anywhere: escapes, HTML and comments, CR and other line separators, tabs. (Runs of backticks,
 * indented lines and fences, and reference definitions are found where the passes below
 * look anyway.) Each search is about as fast as memchr.
 */
function isSimple(body: string): boolean {
  return body.indexOf('\\') === -1 && body.indexOf('<') === -1 && body.indexOf('\r') === -1 && body.indexOf('\t') === -1 && body.indexOf('\u2028') === -1 && body.indexOf('\u2029') === -1;
}

/**
 * Code spans as [start, end) pairs: single backticks pair up in order (what maskInline finds
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

/** Where each line starts (the first `count`), for the pass over brackets; one array for the whole run, grown as needed. */
let lineStarts: Int32Array = new Int32Array(1024);

/** The line [start, end) with its code spans blanked, as maskInline leaves it; `k` is the first span that may reach it. */
function maskedLine(body: string, start: number, end: number, spans: readonly number[], k: number): string {
  let out = '';
  let copied = start;
  for (; k < spans.length && spans[k]! < end; k += 2) {
    out += body.slice(copied, spans[k]) + ' '.repeat(spans[k + 1]! - spans[k]!);
    copied = spans[k + 1]!;
  }
  return out + body.slice(copied, end);
}

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

/** The outline (see outline.ts) of a body of the simple shape above; undefined for any other. */
export function simpleOutline(body: string, firstLine: number, anchors: boolean): MarkdownOutline | undefined {
  if (!isSimple(body)) return undefined;
  const spans = codeSpans(body);
  if (spans === undefined) return undefined;
  const n = body.length;

  // Headings: ATX lines only (a line that may underline a setext heading is declined).
  const found: string[] = emptyList();
  let firstHeading: string | undefined;
  let slugger: Slugger | undefined;
  let k = 0; // first span not ending before the line
  let lines = 0;
  for (let start = 0; start <= n; ) {
    let next = body.indexOf('\n', start);
    if (next === -1) next = n;
    if (lines === lineStarts.length) lineStarts = grown(lineStarts, lineStarts.length * 2);
    lineStarts[lines++] = start;
    let p = start;
    while (p < start + 3 && p < next && body.charCodeAt(p) === 0x20) p++;
    const c = p < next ? body.charCodeAt(p) : 0;
    // Four blanks (indented code), a fence of tildes: the general path.
    if (c === 0x20 || (c === 0x7e && body.startsWith('~~~', p))) return undefined;
    if (c === 0x3d || c === 0x2d) {
      if (maySetext(body, p, next)) return undefined;
    } else if (c === 0x23 && (anchors || firstHeading === undefined)) {
      while (k < spans.length && spans[k + 1]! <= start) k += 2;
      const line = body.slice(start, next);
      const masked = k < spans.length && spans[k]! < next ? maskedLine(body, start, next, spans, k) : line;
      const atx = atxHeading(masked, true);
      if (atx) {
        // The text as written (code spans kept), as extractAnchors reads it from the unmasked line.
        const text = headingText((masked === line ? atx : atxHeading(line, true))?.text ?? atx.text ?? '');
        firstHeading ??= text || undefined;
        if (anchors) {
          // Until a base repeats, the slugs are the bases: a Slugger (a map) only from the first repeat on.
          const base = slugBase(text);
          if (slugger === undefined && found.indexOf(base) === -1) found.push(base);
          else found.push((slugger ??= Slugger.after(found)).slugOfBase(base));
        }
      }
    }
    start = next + 1;
  }

  // Links: brackets outside code spans, paired on one line, `](` then a plain destination and `)`.
  let links: MarkdownLink[] | undefined;
  let open = -1;
  let openLine = -1;
  let li = 0; // the line of the last bracket: lineStarts[li] <= it < lineStarts[li + 1]
  k = 0;
  let o = body.indexOf('[');
  let c = body.indexOf(']');
  while (o !== -1 || c !== -1) {
    const isOpen = c === -1 || (o !== -1 && o < c);
    const at = isOpen ? o : c;
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
        if (body.charCodeAt(at + 1) === 0x28 && body.charCodeAt(open + 1) !== 0x5e) {
          const from = at + 2;
          DESTINATION_END.lastIndex = from;
          const end = DESTINATION_END.test(body) ? DESTINATION_END.lastIndex - 1 : n;
          if (end === n || body.charCodeAt(end) !== 0x29 || end - from > MAX_DESTINATION) return undefined;
          // The destination is on the bracket's line (it holds no newline).
          const link = new OutlineLink(body.slice(from, end), open > 0 && body.charCodeAt(open - 1) === 0x21 ? 'image' : 'inline', firstLine + li, from - lineStarts[li]! + 1);
          if (links === undefined) links = listOf<MarkdownLink>(link);
          else links.push(link);
        }
        open = -1;
      }
    }
    if (isOpen) o = body.indexOf('[', o + 1);
    else c = body.indexOf(']', c + 1);
  }
  return { links: links ?? emptyList<MarkdownLink>(), anchors: found, ...(firstHeading ? { firstHeading } : {}) };
}
