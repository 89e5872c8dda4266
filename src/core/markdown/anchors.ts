/**
 * Heading anchors as GitHub renders them (github-slugger): lower-case, punctuation and
 * symbols removed, spaces to hyphens, duplicates suffixed -1, -2, ... Explicit HTML anchors
 * (`<a name="x">`, `id="x"`) count too.
 */
import { NextChar, NOT_FOUND } from './scan.js';

const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const BLOCK_START = /^ {0,3}(#{1,6}([ \t]|$)|>|[-*+][ \t]|\d{1,9}[.)][ \t]|\||<)/;
const isBlank = (c: number) => c === 0x20 || c === 0x09;

/**
 * An ATX heading line: what `/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/` gives
 * (level, and its second group: undefined when nothing follows the hashes), computed in
 * linear time. That expression backtracks quadratically on a heading with a long run of
 * blanks: 20,000 blanks took 1.7 s, a 2 MB line would take hours.
 */
export function atxHeading(line: string, breaksCannotOccur = false): { level: number; text: string | undefined } | null {
  const n = line.length;
  let p = 0;
  while (p < 3 && line.charCodeAt(p) === 0x20) p++;
  let h = p;
  while (line.charCodeAt(h) === 0x23) h++;
  const level = h - p;
  if (level < 1 || level > 6) return null;
  if (h === n) return { level, text: undefined };
  if (!isBlank(line.charCodeAt(h))) return null;
  // `.` and `[ \t]` never match a line terminator, and `$` is the end of the line: none may follow.
  if (!breaksCannotOccur && /[\n\r\u2028\u2029]/.test(line.slice(h))) return null;
  let q = h;
  while (q < n && isBlank(line.charCodeAt(q))) q++;
  // The text is the shortest start of the rest that leaves an optional closing sequence
  // (blanks, hashes) and trailing blanks.
  let e = n;
  while (e > q && isBlank(line.charCodeAt(e - 1))) e--;
  let r = e;
  while (r > q && line.charCodeAt(r - 1) === 0x23) r--;
  let end = e;
  if (r < e && r > q && isBlank(line.charCodeAt(r - 1))) {
    end = r - 1;
    while (end > q && isBlank(line.charCodeAt(end - 1))) end--;
  }
  return { level, text: line.slice(q, end) };
}

/**
 * `s.replace(/OPEN([^\]]*)\]SEP[^CLOSE]*CLOSE/g, '$1')` for the link-like forms of headingText,
 * in linear time (the expressions rescan to the end of the text from every opener).
 */
function unwrap(s: string, open: string, sep: string, close: string): string {
  const bracket = new NextChar(s, ']');
  const closer = new NextChar(s, close);
  let out = '';
  let copied = 0;
  for (let i = s.indexOf(open); i !== -1; ) {
    const j = bracket.after(i + open.length);
    if (j === NOT_FOUND) break;
    const k = s[j + 1] === sep ? closer.after(j + 2) : NOT_FOUND;
    if (k === NOT_FOUND) {
      i = s.indexOf(open, i + 1);
      continue;
    }
    out += s.slice(copied, i) + s.slice(i + open.length, j);
    copied = k + 1;
    i = s.indexOf(open, k + 1);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** `s.replace(/<[^>]*>/g, '')` in linear time. */
function stripTags(s: string): string {
  let out = '';
  let copied = 0;
  for (let i = s.indexOf('<'); i !== -1; ) {
    const j = s.indexOf('>', i + 1);
    if (j === -1) break;
    out += s.slice(copied, i);
    copied = j + 1;
    i = s.indexOf('<', j + 1);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

const WORD_CHAR = /^[\p{L}\p{N}_]/u;

/**
 * `s.replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, '$1')` in linear time: a run of
 * underscores goes when it starts the text or follows a character that is not a letter, digit
 * or underscore, or when it ends the text or precedes one. (The expression backtracks
 * quadratically inside a run between two letters.)
 */
function stripUnderscores(s: string): string {
  let out = '';
  let copied = 0;
  for (let i = s.indexOf('_'); i !== -1; ) {
    let e = i;
    while (s.charCodeAt(e) === 0x5f) e++;
    const before = i === 0 ? '' : String.fromCodePoint(s.codePointAt(i - 1 - (i >= 2 && /[\udc00-\udfff]/.test(s[i - 1]!) && /[\ud800-\udbff]/.test(s[i - 2]!) ? 1 : 0))!);
    const after = e === s.length ? '' : String.fromCodePoint(s.codePointAt(e)!);
    if (before === '' || !WORD_CHAR.test(before) || after === '' || !WORD_CHAR.test(after)) {
      out += s.slice(copied, i);
      copied = e;
    }
    i = s.indexOf('_', e);
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** The text GitHub renders for heading source: link text, image alt, no code ticks, tags or emphasis. Linear time. */
export function headingText(source: string): string {
  // Without these characters none of the replacements below applies.
  if (!/[[<`_\\]/.test(source)) return source.trim();
  let s = unwrap(source, '![', '(', ')');
  s = unwrap(s, '[', '(', ')');
  s = unwrap(s, '[', '[', ']');
  s = stripTags(s);
  s = s.replaceAll('`', '');
  s = stripUnderscores(s);
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1').trim();
}

export function slugBase(text: string): string {
  // ASCII letters, digits, blanks, hyphens and underscores are all kept: only spaces change.
  if (/^[A-Za-z0-9 _-]*$/.test(text)) return text.toLowerCase().replaceAll(' ', '-');
  // Other ASCII: the only letters, digits and connectors are these, and a regular expression
  // without Unicode classes is several times faster.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replaceAll(' ', '-');
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Slugs with GitHub's duplicate numbering. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  /** A Slugger that has given `slugs`, none a duplicate of another (their numbering has not started). */
  static after(slugs: readonly string[]): Slugger {
    const slugger = new Slugger();
    for (const s of slugs) slugger.seen.set(s, 0);
    return slugger;
  }

  slug(text: string): string {
    return this.slugOfBase(slugBase(text));
  }

  /** `slug` for a text whose slugBase is `base`. */
  slugOfBase(base: string): string {
    let slug = base;
    while (this.seen.has(slug)) {
      const n = this.seen.get(base)! + 1;
      this.seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.seen.set(slug, 0);
    return slug;
  }
}

/**
 * Whether the line [start, end) may be a heading, a block start or a thematic break: only if
 * its first character after up to three spaces is one of `#=-*+>|<_` or a digit. Every other
 * line fails ATX, SETEXT, BLOCK_START and the rule test, so they need not run.
 */
function mayStartBlock(text: string, start: number, end: number): boolean {
  let p = start;
  while (p < start + 3 && p < end && text.charCodeAt(p) === 0x20) p++;
  if (p >= end) return false;
  const c = text.charCodeAt(p);
  return c === 0x23 || c === 0x3d || c === 0x2d || c === 0x2a || c === 0x2b || c === 0x3e || c === 0x7c || c === 0x3c || c === 0x5f || (c >= 0x30 && c <= 0x39);
}

/** Whether the line [start, end) holds only blanks (what `line.trim() === ''` says). */
function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
    // Other characters trim() removes (vertical tab, form feed, Unicode spaces) are rare: let it decide.
    if (c === 0x0b || c === 0x0c || c >= 0x80) return text.slice(start, end).trim() === '';
    return false;
  }
  return true;
}

/**
 * Whether the line of `text` starting at `start` could belong to a code block: it starts with a
 * tab or four blanks (indented code), or a fence (three backticks or tildes) follows its blanks
 * and tabs. A body without such a line is what maskBlocks returns unchanged (see outline.ts).
 */
function mayStartCodeBlock(text: string, start: number): boolean {
  // Never a read past the end (a deoptimisation in optimised code, SPEC-006 §3.12), and the same
  // steps for every line, whatever its length: a step first taken late is one too (§2.21).
  const n = text.length;
  let p = start;
  while (p < n && text.charCodeAt(p) === 0x20) p++;
  if (p - start >= 4) return true;
  const c = p < n ? text.charCodeAt(p) : 0;
  return c === 0x09 || ((c === 0x60 || c === 0x7e) && text.startsWith(c === 0x60 ? '```' : '~~~', p));
}

/** What extractAnchors returns when asked to find code blocks (`findBlocks`) and a line may start one. */
export const MAY_HAVE_CODE_BLOCKS = null;

/**
 * Anchors of a body (with `all` false: none, only the first heading, found as soon as it is).
 * `masked` has code blocks, spans and comments blanked (see mask.ts);
 * `blocks` has only code blocks blanked, so heading text keeps its code spans. Both have
 * their newlines at the same offsets, and are the same text before `unmaskedBefore` (where
 * inline masking first changed it), so a heading line there is parsed once. Lines are visited
 * in place; only lines that may be headings or blocks are cut out and tested. `findBlocks`
 * (with `all`): `blocks` is the body as written, and MAY_HAVE_CODE_BLOCKS is returned as soon
 * as a line may start a code block, so that the caller masks them first.
 */
export function extractAnchors(masked: string, blocks: string, all = true, unmaskedBefore = 0, findBlocks = false): { anchors: string[]; firstHeading?: string } | typeof MAY_HAVE_CODE_BLOCKS {
  const anchors: string[] = [];
  let firstHeading: string | undefined;
  const slugger = new Slugger();
  /**
   * Where the current paragraph (for setext headings) starts: every line since the last line
   * that ends one (blank, heading, block start, rule) belongs to it, so an offset is enough;
   * it is empty while the line being read starts there.
   */
  let paragraph = 0;
  /** The line of `blocks` from `start` to the newline at `next`, without its own final CR. */
  const textLine = (start: number, next: number) => blocks.slice(start, next > start && blocks.charCodeAt(next - 1) === 0x0d ? next - 1 : next);
  const n = masked.length;
  // Without a CR or a Unicode line separator in the body (masking only blanks characters), no
  // heading line can hold one, and atxHeading need not look for them in each.
  const noBreaks = blocks.indexOf('\r') === -1 && blocks.indexOf('\u2028') === -1 && blocks.indexOf('\u2029') === -1;
  for (let start = 0; start <= n; ) {
    let next = masked.indexOf('\n', start);
    if (next === -1) next = n;
    if (findBlocks && mayStartCodeBlock(blocks, start)) return MAY_HAVE_CODE_BLOCKS;
    // The line without its final CR.
    const end = next > start && masked.charCodeAt(next - 1) === 0x0d ? next - 1 : next;
    if (isBlankLine(masked, start, end)) {
      paragraph = next + 1;
    } else if (mayStartBlock(masked, start, end)) {
      const line = masked.slice(start, end);
      const atx = atxHeading(line, noBreaks);
      if (atx) {
        // Before the first masked offset the line of `blocks` is this one: its parse is atx.
        const text = headingText((next <= unmaskedBefore ? atx : atxHeading(textLine(start, next), noBreaks))?.text ?? atx.text ?? '');
        firstHeading ??= text || undefined;
        if (!all && firstHeading !== undefined) return { anchors: [], firstHeading };
        anchors.push(slugger.slug(text));
        paragraph = next + 1;
      } else if (start > paragraph && SETEXT.test(line)) {
        // The paragraph's lines, each trimmed (which drops a final CR too), joined by blanks.
        const parts = blocks.slice(paragraph, start - 1).split('\n');
        for (let k = 0; k < parts.length; k++) parts[k] = parts[k]!.trim();
        const text = headingText(parts.join(' '));
        firstHeading ??= text || undefined;
        if (!all && firstHeading !== undefined) return { anchors: [], firstHeading };
        anchors.push(slugger.slug(text));
        paragraph = next + 1;
      } else if (BLOCK_START.test(line) || /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/.test(line)) {
        paragraph = next + 1;
      }
    }
    start = next + 1;
  }
  if (!all) return { anchors: [], ...(firstHeading ? { firstHeading } : {}) };
  anchors.push(...htmlIds(masked));
  return { anchors, ...(firstHeading ? { firstHeading } : {}) };
}

const WORD = /[A-Za-z0-9_]/;
const ATTRIBUTE = /(?:id|name)\s*=\s*["']([^"'>]+)["']/y;

/**
 * Explicit anchors: what `/<[A-Za-z][^>]*?\b(?:id|name)\s*=\s*["']([^"'>]+)["']/g` finds, in
 * linear time. That regular expression rescans to the next `>` from every `<` (quadratic on
 * `<a<a<a...`); here each candidate attribute is matched once and each tag start looks up the
 * first candidate before its `>`.
 */
export function htmlIds(text: string): string[] {
  const out: string[] = [];
  if (!text.includes('<')) return out;
  // Attribute matches by start position (a word boundary before `id`/`name`), in order.
  const starts: number[] = [];
  const ends: number[] = [];
  const values: string[] = [];
  for (const word of ['id', 'name']) {
    for (let j = text.indexOf(word); j !== -1; j = text.indexOf(word, j + 1)) {
      if (j === 0 || WORD.test(text[j - 1]!)) continue;
      ATTRIBUTE.lastIndex = j;
      const m = ATTRIBUTE.exec(text);
      if (m) {
        starts.push(j);
        ends.push(j + m[0].length);
        values.push(m[1]!);
      }
    }
  }
  if (starts.length === 0) return out;
  const order = starts.map((_, k) => k).sort((a, b) => starts[a]! - starts[b]!);
  let next = 0; // first candidate not yet behind the scan
  let pos = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', Math.max(i + 1, pos))) {
    if (i < pos) continue;
    const c = text.charCodeAt(i + 1);
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) continue;
    while (next < order.length && starts[order[next]!]! < i + 2) next++;
    if (next === order.length) break;
    const k = order[next]!;
    const gt = text.indexOf('>', i + 2);
    if (gt !== -1 && starts[k]! >= gt) continue;
    out.push(values[k]!);
    pos = ends[k]!;
  }
  return out;
}
