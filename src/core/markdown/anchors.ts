/**
 * Heading anchors as GitHub renders them (github-slugger): lower-case, punctuation and
 * symbols removed, spaces to hyphens, duplicates suffixed -1, -2, ... Explicit HTML anchors
 * (`<a name="x">`, `id="x"`) count too. Which lines are headings, and their text, the
 * parser says (commonmark.ts).
 */
import { emptyList } from '../lists.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';

const isBlank = (c: number) => c === 0x20 || c === 0x09;

/**
 * The raw text of an ATX heading on the line [start, end) of `body` as CommonMark reads it
 * ('' when nothing follows the hashes), undefined for a line that is no ATX heading; for the
 * simple path, which declines line terminators other than LF: a line's first three blanks,
 * one to six hashes, a blank, the text, an optional closing sequence of hashes after a blank.
 * Linear time (a regular expression for it backtracked quadratically on long runs of blanks).
 */
export function atxHeadingText(body: string, start: number, end: number): string | undefined {
  let p = start;
  while (p < start + 3 && p < end && body.charCodeAt(p) === 0x20) p++;
  let h = p;
  while (h < end && body.charCodeAt(h) === 0x23) h++;
  if (h === p || h - p > 6) return undefined;
  if (h === end) return '';
  if (!isBlank(body.charCodeAt(h))) return undefined;
  let q = h;
  while (q < end && isBlank(body.charCodeAt(q))) q++;
  // The text is the shortest start of the rest that leaves an optional closing sequence
  // (blanks, hashes) and trailing blanks.
  let e = end;
  while (e > q && isBlank(body.charCodeAt(e - 1))) e--;
  let r = e;
  while (r > q && body.charCodeAt(r - 1) === 0x23) r--;
  let textEnd = e;
  // A closing sequence follows a blank: one after the text, or the opening's own (`### ###` is empty).
  if (r < e && (r === q || isBlank(body.charCodeAt(r - 1)))) {
    textEnd = r - 1;
    while (textEnd > q && isBlank(body.charCodeAt(textEnd - 1))) textEnd--;
  }
  return body.slice(q, textEnd);
}

export function slugBase(text: string): string {
  // ASCII letters, digits, blanks, hyphens and underscores are all kept: only spaces change.
  if (/^[A-Za-z0-9 _-]*$/.test(text)) return text.toLowerCase().replaceAll(' ', '-');
  // Other ASCII: the only letters, digits and connectors are these, and a regular expression
  // without Unicode classes is several times faster.
  if (/^[\x00-\x7f]*$/.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9 _-]/g, '')
      .replaceAll(' ', '-');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
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

/** How many slugs are searched in the list itself before a set holds them. */
const LISTED_SLUGS = 32;

/**
 * GitHub's slugs of heading texts in document order: the bases themselves until one repeats, a
 * Slugger (a map) from then on. Whether a base repeats is looked up in the list while it is
 * short, in a set once it is long (a search of the list per heading was quadratic: a document
 * of many thousand headings took seconds).
 */
function headingSlugs(texts: readonly string[]): string[] {
  const slugs: string[] = emptyList();
  let seen: Set<string> | undefined;
  let slugger: Slugger | undefined;
  for (const text of texts) {
    const base = slugBase(text);
    if (slugger === undefined && !(seen ? seen.has(base) : slugs.indexOf(base) !== -1)) {
      slugs.push(base);
      if (seen) seen.add(base);
      else if (slugs.length > LISTED_SLUGS) seen = new Set(slugs);
    } else slugs.push((slugger ??= Slugger.after(slugs)).slugOfBase(base));
  }
  return slugs;
}

/**
 * An outline from what a reading of the body found (see outline.ts): links in document order,
 * heading texts in document order, explicit HTML anchors; `anchors: false` leaves anchors out.
 */
export function outlineOf(links: MarkdownLink[], headings: readonly string[], html: readonly string[], anchors: boolean): MarkdownOutline {
  let firstHeading: string | undefined;
  for (let k = 0; k < headings.length && firstHeading === undefined; k++) firstHeading = headings[k] || undefined;
  const slugs = anchors ? headingSlugs(headings) : emptyList<string>();
  if (anchors) for (const id of html) slugs.push(id);
  return { links, anchors: slugs, ...(firstHeading ? { firstHeading } : {}) };
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
