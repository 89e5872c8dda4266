/**
 * Two markdown-it rules made linear in the size of a body, each wrapped or replaced on one
 * parser instance (commonmark.ts). Every other rule is markdown-it's own.
 */
import type MarkdownIt from 'markdown-it';
import { HTML_OPEN_CLOSE_TAG_RE } from 'markdown-it/lib/common/html_re.mjs';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

/**
 * How many lines without `>` a block quote's search for its end passes. CommonMark continues a
 * quote's paragraph over such lines (lazy continuation lines); a quote with more of them ends
 * at the first line past this many, which starts a new block.
 */
export const QUOTE_LAZY_LINES = 16;

/** A rule by name and the chains it also belongs to (markdown-it keeps them in `__rules__`). */
export function ruleOf<T>(ruler: unknown, name: string): { fn: T; options: { alt: string[] } } {
  const rule = (ruler as { __rules__: { name: string; fn: T; alt: string[] }[] }).__rules__.find((r) => r.name === name)!;
  return { fn: rule.fn, options: { alt: [...rule.alt] } };
}

/**
 * The line where a block quote's search for its end stops: the line past QUOTE_LAZY_LINES
 * lines without `>`, or `endLine` (a blank line ends the search first). markdown-it searches
 * greedily, past every line without `>` that no other block starts on, to the next blank line,
 * and only then parses the quote, which may end at the first of them (when the quote's last
 * block is not a paragraph). A body of quotes that each end so (`>     code`, then paragraph
 * lines) was searched to its end from every quote: quadratic. With the cut, a line is searched
 * from at most QUOTE_LAZY_LINES + 1 quotes (two quotes are always apart by a line without `>`).
 */
function quoteSearchEnd(state: StateBlock, startLine: number, endLine: number): number {
  let lazy = 0;
  for (let line = startLine + 1; line < endLine; line++) {
    const pos = state.bMarks[line]! + state.tShift[line]!;
    if (pos >= state.eMarks[line]!) return endLine;
    if (state.src.charCodeAt(pos) === 0x3e && state.sCount[line]! >= state.blkIndent) continue;
    if (++lazy > QUOTE_LAZY_LINES) return line;
  }
  return endLine;
}

/** The blockquote rule with its search for the end cut (see quoteSearchEnd). */
function boundQuoteSearch(md: MarkdownIt): void {
  const { fn: blockquote, options } = ruleOf<BlockRule>(md.block.ruler, 'blockquote');
  md.block.ruler.at(
    'blockquote',
    (state, startLine, endLine, silent) =>
      blockquote(state, startLine, silent ? endLine : quoteSearchEnd(state, startLine, endLine), silent),
    options,
  );
}

const NONE = Number.MAX_SAFE_INTEGER;

/** The next occurrence of a character at or after a position, remembered for the positions it answers. */
class NextOf {
  private src: string | undefined;
  private from = 0;
  private found = 0;
  constructor(private readonly char: string) {}

  at(src: string, from: number): number {
    if (this.src !== src || from < this.from || this.found < from) {
      this.src = src;
      this.from = from;
      const i = src.indexOf(this.char, from);
      this.found = i === -1 ? NONE : i;
    }
    return this.found;
  }
}

const nextGt = new NextOf('>');
const nextDouble = new NextOf('"');
const nextSingle = new NextOf("'");
const isLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
/** `\s` for ASCII; any other character may be one (the tag's expression decides). */
const maySpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d) || c > 0x7f;

/**
 * Where an open or close tag at `pos` must end if it is one: after the first `>` outside its
 * quoted attribute values (a quote after `=`, closed by the next same quote, then a blank, `/`
 * or `>`), or -1 when no tag can start there. What lies in between, markdown-it's expression says.
 */
function tagEnd(src: string, pos: number): number {
  for (let at = pos; ;) {
    const gt = nextGt.at(src, at);
    const quote = Math.min(nextDouble.at(src, at), nextSingle.at(src, at));
    if (gt < quote) return gt === NONE ? -1 : gt + 1;
    if (quote === NONE) return -1;
    let k = quote - 1;
    while (k > at && maySpace(src.charCodeAt(k))) k--;
    if (src.charCodeAt(k) !== 0x3d) return -1;
    const close = (src.charCodeAt(quote) === 0x22 ? nextDouble : nextSingle).at(src, quote + 1);
    if (close === NONE) return -1;
    const after = src.charCodeAt(close + 1);
    if (after !== 0x3e && after !== 0x2f && !maySpace(after)) return -1;
    at = close + 1;
  }
}

/**
 * The html_inline rule, with an open or close tag matched by markdown-it's expression on the
 * stretch it can span (tagEnd), rather than on a copy of the rest of the text from every `<`,
 * which made a paragraph of `<` quadratic. Comments, declarations and the like stay markdown-it's.
 */
function tagsInPlace(md: MarkdownIt): void {
  const { fn: htmlInline, options } = ruleOf<InlineRule>(md.inline.ruler, 'html_inline');
  md.inline.ruler.at(
    'html_inline',
    (state, silent) => {
      const pos = state.pos;
      const next = state.src.charCodeAt(pos + 1);
      if (!state.md.options.html || state.src.charCodeAt(pos) !== 0x3c || pos + 2 >= state.posMax) return false;
      if (next !== 0x2f && !isLetter(next)) return htmlInline(state, silent);
      const end = tagEnd(state.src, pos);
      const match = end === -1 ? null : HTML_OPEN_CLOSE_TAG_RE.exec(state.src.slice(pos, end));
      if (!match) return false;
      if (!silent) {
        const token = state.push('html_inline', '', 0);
        token.content = match[0];
        // What markdown-it counts for its linkify rule (not enabled here), kept the same.
        const counted = state as StateInline & { linkLevel: number };
        if (/^<a[>\s]/i.test(token.content)) counted.linkLevel++;
        if (/^<\/a\s*>/i.test(token.content)) counted.linkLevel--;
      }
      state.pos = pos + match[0].length;
      return true;
    },
    options,
  );
}

/** Both rules of this module on a parser. */
export function linearRules(md: MarkdownIt): MarkdownIt {
  boundQuoteSearch(md);
  tagsInPlace(md);
  return md;
}
