/**
 * Heading anchors as GitHub renders them (github-slugger): lower-case, punctuation and
 * symbols removed, spaces to hyphens, duplicates suffixed -1, -2, ... Explicit HTML anchors
 * (`<a name="x">`, `id="x"`) count too.
 */

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const BLOCK_START = /^ {0,3}(#{1,6}([ \t]|$)|>|[-*+][ \t]|\d{1,9}[.)][ \t]|\||<)/;
const HTML_ID = /<[A-Za-z][^>]*?\b(?:id|name)\s*=\s*["']([^"'>]+)["']/g;

/** The text GitHub renders for heading source: link text, image alt, no code ticks, tags or emphasis. */
export function headingText(source: string): string {
  return source
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/`/g, '')
    .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .trim();
}

export function slugBase(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Slugs with GitHub's duplicate numbering. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = slugBase(text);
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
 * Anchors of a body. `masked` has code blocks, spans and comments blanked (see mask.ts);
 * `blocks` has only code blocks blanked, so heading text keeps its code spans.
 */
export function extractAnchors(masked: string, blocks: string): { anchors: string[]; firstHeading?: string } {
  const anchors: string[] = [];
  let firstHeading: string | undefined;
  const slugger = new Slugger();
  const maskedLines = masked.split('\n').map((l) => l.replace(/\r$/, ''));
  const textLines = blocks.split('\n').map((l) => l.replace(/\r$/, ''));
  let paragraph: string[] = [];
  for (let i = 0; i < maskedLines.length; i++) {
    const line = maskedLines[i]!;
    if (line.trim() === '') {
      paragraph = [];
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      const text = headingText(ATX.exec(textLines[i]!)?.[2] ?? atx[2] ?? '');
      firstHeading ??= text || undefined;
      anchors.push(slugger.slug(text));
      paragraph = [];
      continue;
    }
    if (paragraph.length > 0 && SETEXT.test(line)) {
      const text = headingText(paragraph.join(' '));
      firstHeading ??= text || undefined;
      anchors.push(slugger.slug(text));
      paragraph = [];
      continue;
    }
    if (BLOCK_START.test(line)) {
      paragraph = [];
      continue;
    }
    if (/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/.test(line)) {
      paragraph = [];
      continue;
    }
    paragraph.push(textLines[i]!.trim());
  }
  HTML_ID.lastIndex = 0;
  for (let m = HTML_ID.exec(masked); m; m = HTML_ID.exec(masked)) anchors.push(m[1]!);
  return { anchors, ...(firstHeading ? { firstHeading } : {}) };
}
