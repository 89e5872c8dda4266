/**
 * The outline of a body as a CommonMark parser reads it (markdown-it): what is a link, an
 * image, a reference definition, a code span or block, a heading, and the text of a heading.
 * This is the one definition; the simple path (simple-outline.ts) only answers for bodies on
 * which it agrees with this one, and the property tests hold it to that.
 *
 * markdown-it gives blocks their lines only, so positions are recorded where the parser reads
 * them: its destination parser is wrapped to note where each destination starts, the link,
 * image and definition rules to say which destination was theirs, and the paragraph and
 * heading rules to keep, for their inline text, where each of its lines came from in the
 * source (the parser strips indentation and block quote markers from every line).
 */
import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { htmlIds, outlineOf } from './anchors.js';
import { linearRules, ruleOf } from './linear-rules.js';
import type { MarkdownLink, MarkdownOutline } from './outline-types.js';
import { OutlineLink } from './simple-outline.js';

/** Where an inline text came from: each piece a source slice [first, first + length), after `pad` blanks the parser made of a tab. */
interface Source {
  /** Offsets in the joined pieces where each piece starts (its pad first); its pad, first source offset and source length. */
  starts: number[];
  pads: number[];
  firsts: number[];
  lengths: number[];
  /** Characters the parser trimmed from the start of the pieces. */
  lead: number;
}

/** One parse's findings, kept in markdown-it's per-parse environment. */
interface Found {
  /** Destinations as [offset in the normalised source, kind, decoded text]. */
  links: { at: number; kind: MarkdownLink['kind']; target: string }[];
  html: string[];
  sources: Map<Token, Source>;
  /** The inline text being parsed, and its source. */
  text: string;
  source: Source | undefined;
  /** Every call of the destination parser, as (text parsed, where it started, what it read). */
  calls: { src: string; at: number; target: string }[];
  /** Where the next `>` and `]` are, for the rules that cannot match without one. */
  nextGt: NextChar;
  nextBracket: NextChar;
  /** Code spans and inline HTML as [start, end) pairs of the normalised source, when asked for (commonmarkBodyMap). */
  verbatim: number[] | undefined;
}

/** The next occurrence of a character at or after a position, remembered for the positions it answers. */
class NextChar {
  private src: string | undefined;
  private from = 0;
  private at = 0;
  constructor(private readonly char: string) {}

  /** Whether `src` holds the character in [pos, max). */
  within(src: string, pos: number, max: number): boolean {
    if (this.src !== src || pos < this.from || this.at < pos) {
      this.src = src;
      this.from = pos;
      const at = src.indexOf(this.char, pos);
      this.at = at === -1 ? Number.MAX_SAFE_INTEGER : at;
    }
    return this.at < max;
  }
}

const isTrimmed = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isBlank = (c: number) => c === 0x20 || c === 0x09;

/** What `state.getLines(begin, end, indent, false)` joins, as pieces of the source (markdown-it's own steps). */
function sourceOfLines(state: StateBlock, begin: number, end: number, indent: number): Source {
  const source: Source = { starts: [], pads: [], firsts: [], lengths: [], lead: 0 };
  let joined = 0;
  for (let line = begin; line < end; line++) {
    let lineIndent = 0;
    const lineStart = state.bMarks[line]!;
    let first = lineStart;
    const last = line + 1 < end ? state.eMarks[line]! + 1 : state.eMarks[line]!;
    while (first < last && lineIndent < indent) {
      const ch = state.src.charCodeAt(first);
      if (isBlank(ch)) lineIndent += ch === 0x09 ? 4 - ((lineIndent + state.bsCount[line]!) % 4) : 1;
      else if (first - lineStart < state.tShift[line]!) lineIndent++;
      else break;
      first++;
    }
    const pad = lineIndent > indent ? lineIndent - indent : 0;
    source.starts.push(joined);
    source.pads.push(pad);
    source.firsts.push(first);
    source.lengths.push(last - first);
    joined += pad + last - first;
  }
  source.lead = leadOf(state.src, source);
  return source;
}

/** How many characters asciiTrim takes from the start of the joined pieces. */
function leadOf(src: string, source: Source): number {
  let lead = 0;
  for (let k = 0; k < source.starts.length; k++) {
    lead += source.pads[k]!;
    const first = source.firsts[k]!;
    for (let p = first; p < first + source.lengths[k]!; p++) {
      if (!isTrimmed(src.charCodeAt(p))) return lead;
      lead++;
    }
  }
  return lead;
}

/** The source offset of offset `i` of an inline text. */
function sourceOffset(source: Source, i: number): number {
  const j = i + source.lead;
  let lo = 0;
  let hi = source.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (source.starts[mid]! <= j) lo = mid;
    else hi = mid - 1;
  }
  return source.firsts[lo]! + Math.max(0, j - source.starts[lo]! - source.pads[lo]!);
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** Runs an inline rule; when the parse keeps verbatim text and the rule made a `type` token, notes the source it took. */
function keepVerbatim(state: StateInline, silent: boolean, rule: InlineRule, type: string): boolean {
  const found = current!;
  const start = state.pos;
  const n = state.tokens.length;
  const ok = rule(state, silent);
  if (
    ok &&
    !silent &&
    found.verbatim &&
    found.source &&
    state.src === found.text &&
    state.tokens.length > n &&
    state.tokens.at(-1)!.type === type
  )
    found.verbatim.push(sourceOffset(found.source, start), sourceOffset(found.source, state.pos - 1) + 1);
  return ok;
}

/** The destination read by a rule: of the parser's calls since `from`, on this text, the last in the text; the calls are then dropped. */
function destinationSince(found: Found, from: number, src: string): { at: number; target: string } | undefined {
  let best: { at: number; target: string } | undefined;
  for (let k = from; k < found.calls.length; k++) {
    const call = found.calls[k]!;
    if (call.src === src && (best === undefined || call.at > best.at)) best = call;
  }
  found.calls.length = from;
  return best;
}

/**
 * markdown-it, loaded on the first body the simple path declines: most runs and every start-up
 * never need it. Synchronous (its CommonJS build) so outlines stay synchronous, and outside the
 * bundle (scripts/bundle.js) so that commands do not load it at start.
 */
function loadMarkdownIt(): typeof MarkdownIt {
  return createRequire(import.meta.url)('markdown-it') as typeof MarkdownIt;
}

function makeParser(): MarkdownIt {
  const md = linearRules(new (loadMarkdownIt())('commonmark'));
  // Every destination is one (CommonMark has no list of allowed schemes), read as written.
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  const parseDestination = md.helpers.parseLinkDestination;
  md.helpers.parseLinkDestination = (src, pos, max) => {
    const result = parseDestination(src, pos, max);
    (current as Found).calls.push({ src, at: pos, target: result.ok ? result.str : '' });
    return result;
  };

  // Blocks with inline text: keep where it came from.
  const keep = (name: string, lines: (state: StateBlock, startLine: number) => Source) => {
    const { fn: rule, options } = ruleOf<BlockRule>(md.block.ruler, name);
    md.block.ruler.at(
      name,
      (state, startLine, endLine, silent) => {
        const n = state.tokens.length;
        const ok = rule(state, startLine, endLine, silent);
        if (ok && !silent) {
          const inline = state.tokens.slice(n).find((t) => t.type === 'inline');
          if (inline) current!.sources.set(inline, lines(state, startLine));
        }
        return ok;
      },
      options,
    );
  };
  keep('paragraph', (state, startLine) => sourceOfLines(state, startLine, state.line, state.blkIndent));
  keep('lheading', (state, startLine) => sourceOfLines(state, startLine, state.line - 1, state.blkIndent));
  keep('heading', (state, startLine) => {
    // After the hashes: the text is asciiTrim of the rest (closing sequence and blanks gone at the end).
    let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
    while (state.src.charCodeAt(pos) === 0x23) pos++;
    const source: Source = { starts: [0], pads: [0], firsts: [pos], lengths: [state.eMarks[startLine]! - pos], lead: 0 };
    source.lead = leadOf(state.src, source);
    return source;
  });

  const { fn: reference, options: referenceOptions } = ruleOf<BlockRule>(md.block.ruler, 'reference');
  md.block.ruler.at(
    'reference',
    (state, startLine, endLine, silent) => {
      const found = current!;
      const from = found.calls.length;
      const ok = reference(state, startLine, endLine, silent);
      const destination = destinationSince(found, from, state.src);
      // `[^label]:` is a footnote (GitHub), not a link.
      const footnote = state.src.charCodeAt(state.bMarks[startLine]! + state.tShift[startLine]! + 1) === 0x5e;
      // The position of a definition's destination is inside its `<...>`, as it always was.
      const at = destination === undefined ? 0 : destination.at + (state.src.charCodeAt(destination.at) === 0x3c ? 1 : 0);
      if (ok && !silent && destination !== undefined && !footnote) found.links.push({ at, kind: 'definition', target: destination.target });
      return ok;
    },
    referenceOptions,
  );

  for (const [name, kind] of [
    ['link', 'inline'],
    ['image', 'image'],
  ] as const) {
    const { fn: rule, options } = ruleOf<InlineRule>(md.inline.ruler, name);
    md.inline.ruler.at(
      name,
      (state, silent) => {
        const found = current!;
        // No `]` further on: no link text can end (a body of `[` took the parser seconds).
        if (!found.nextBracket.within(state.src, state.pos, state.posMax)) return false;
        const from = found.calls.length;
        const ok = rule(state, silent);
        const destination = destinationSince(found, from, state.src);
        // Only the text being outlined (not an image description, parsed on its own), and only
        // the inline form, which ends with `)` (a reference's destination is its definition's).
        if (
          ok &&
          !silent &&
          state.src === found.text &&
          found.source &&
          state.src.charCodeAt(state.pos - 1) === 0x29 &&
          destination !== undefined
        ) {
          found.links.push({ at: sourceOffset(found.source, destination.at), kind, target: destination.target });
        }
        return ok;
      },
      options,
    );
  }

  // An autolink (`<scheme:...>`, `<address@host>`): its destination is what the brackets hold.
  const { fn: autolink, options: autolinkOptions } = ruleOf<InlineRule>(md.inline.ruler, 'autolink');
  md.inline.ruler.at(
    'autolink',
    (state, silent) => {
      const found = current!;
      const start = state.pos;
      const ok = autolink(state, silent);
      if (ok && !silent && state.src === found.text && found.source) {
        const written = state.src.slice(start + 1, state.pos - 1);
        const href = state.tokens.findLast((t) => t.type === 'link_open')?.attrGet('href') ?? written;
        found.links.push({
          at: sourceOffset(found.source, start),
          kind: 'inline',
          target: href.startsWith('mailto:') && !written.startsWith('mailto:') ? href : written,
        });
      }
      return ok;
    },
    autolinkOptions,
  );

  // An HTML tag ends with `>`: without one further on, markdown-it's rule (a regular expression
  // on the rest of the text, from every `<`) cannot match, and is not asked (a body of `<a `
  // repeated made it quadratic).
  const { fn: htmlInline, options: htmlInlineOptions } = ruleOf<InlineRule>(md.inline.ruler, 'html_inline');
  md.inline.ruler.at(
    'html_inline',
    (state, silent) => {
      if (!current!.nextGt.within(state.src, state.pos, state.posMax)) return false;
      return keepVerbatim(state, silent, htmlInline, 'html_inline');
    },
    htmlInlineOptions,
  );
  const { fn: backticks, options: backticksOptions } = ruleOf<InlineRule>(md.inline.ruler, 'backticks');
  md.inline.ruler.at('backticks', (state, silent) => keepVerbatim(state, silent, backticks, 'code_inline'), backticksOptions);

  // Inline texts, each with its source; HTML for its anchors.
  md.core.ruler.at('inline', (state: StateCore) => {
    const found = current!;
    for (const token of state.tokens) {
      if (token.type === 'html_block') found.html.push(token.content);
      if (token.type !== 'inline') continue;
      found.text = token.content;
      found.source = found.sources.get(token);
      state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
      for (const child of token.children) if (child.type === 'html_inline') found.html.push(child.content);
    }
  });
  return md;
}

let parser: MarkdownIt | undefined;
/** The findings of the parse running now (parses never overlap: they are synchronous). */
let current: Found | undefined;

/** The text of a heading as rendered (what GitHub slugs): text, code, image descriptions; no markup or HTML. */
function renderedText(tokens: readonly Token[]): string {
  let text = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'code_inline') text += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') text += '\n';
    else if (t.type === 'image') text += renderedText(t.children ?? []);
  }
  return text;
}

/** A heading's text as its GitHub anchor is made from: its inline tokens rendered as text, lines joined. */
export function headingAnchorText(children: readonly Token[]): string {
  const lines = renderedText(children).split('\n');
  for (let k = 0; k < lines.length; k++) lines[k] = lines[k]!.trim();
  return lines.join(' ').trim();
}

/** `<!-- ... -->` inside a piece of HTML blanked: an anchor in a comment is no anchor. */
function withoutComments(html: string): string {
  let out = '';
  let copied = 0;
  for (let i = html.indexOf('<!--'); i !== -1;) {
    const end = html.indexOf('-->', i + 4);
    out += html.slice(copied, i);
    copied = end === -1 ? html.length : end + 3;
    if (end === -1) break;
    i = html.indexOf('<!--', copied);
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/**
 * Maps offsets of markdown-it's source, where every CR LF became one LF, back to the body's.
 * `dropped[k]` is the source offset of the LF of the k-th CR LF.
 */
function droppedCRs(body: string): number[] {
  const dropped: number[] = [];
  if (body.indexOf('\r') === -1) return dropped;
  for (let i = body.indexOf('\r\n'); i !== -1; i = body.indexOf('\r\n', i + 2)) dropped.push(i - dropped.length);
  return dropped;
}

function bodyOffset(dropped: readonly number[], at: number): number {
  let lo = 0;
  let hi = dropped.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dropped[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return at + lo;
}

function parse(body: string, verbatim = false): { tokens: Token[]; found: Found } {
  parser ??= makeParser();
  const found: Found = {
    verbatim: verbatim ? [] : undefined,
    links: [],
    html: [],
    sources: new Map(),
    text: '',
    source: undefined,
    calls: [],
    nextGt: new NextChar('>'),
    nextBracket: new NextChar(']'),
  };
  current = found;
  try {
    return { tokens: parser.parse(body, {}), found };
  } finally {
    current = undefined;
  }
}

/** The 0-based line of a body's first `# ` heading (ATX, level 1) as CommonMark reads it: never one inside code. */
export function firstH1Line(body: string): number | undefined {
  return parse(body).tokens.find((t) => t.type === 'heading_open' && t.markup === '#')?.map?.[0];
}

/**
 * Links and anchors of a body, read by the parser (see outline.ts for the contract): inline
 * links and images with their destinations, reference definitions (not footnote definitions:
 * `[^label]:`), heading anchors, then explicit HTML anchors outside comments. Targets are
 * decoded (escapes and character references); positions are those of the destination as
 * written (for an inline `<...>` destination its `<`, for a definition's the text inside).
 */
export function commonmarkOutline(body: string, firstLine: number, anchors: boolean): MarkdownOutline {
  return outlineOfParse(body, firstLine, anchors, parse(body), lineStarts(body));
}

function lineStarts(body: string): number[] {
  const starts = [0];
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function outlineOfParse(
  body: string,
  firstLine: number,
  anchors: boolean,
  { tokens, found }: { tokens: Token[]; found: Found },
  starts: readonly number[],
): MarkdownOutline {
  const dropped = droppedCRs(body);
  const links: MarkdownLink[] = found.links
    .map((l) => ({ ...l, at: bodyOffset(dropped, l.at) }))
    .sort((a, b) => a.at - b.at)
    .map((l) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= l.at) lo = mid;
        else hi = mid - 1;
      }
      return new OutlineLink(l.target, l.kind, firstLine + lo, l.at - starts[lo]! + 1);
    });
  const headings: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type === 'heading_open') headings.push(headingAnchorText(tokens[i + 1]!.children ?? []));
  }
  const html: string[] = [];
  if (anchors) for (const h of found.html) html.push(...htmlIds(withoutComments(h)));
  return outlineOf(links, headings, html, anchors);
}

/** A body's outline with what an editor navigates by: where its headings are, and which of its text is no prose. */
export interface BodyMap {
  outline: MarkdownOutline;
  /** The 0-based body line of each heading, in order: heading k's anchor is `outline.anchors[k]`. */
  headingLines: number[];
  /** Code (blocks and spans) and HTML (blocks and tags) as [start, end) pairs of body offsets, in order. */
  verbatim: number[];
}

/** The BodyMap of a body (a full parse: for one document at a time, not for a run over the repository). */
export function commonmarkBodyMap(body: string, firstLine: number): BodyMap {
  const parsed = parse(body, true);
  const starts = lineStarts(body);
  const outline = outlineOfParse(body, firstLine, true, parsed, starts);
  const headingLines: number[] = [];
  const blocks: number[] = [];
  const lineOffset = (line: number) => (line < starts.length ? starts[line]! : body.length);
  for (const t of parsed.tokens) {
    if (t.type === 'heading_open') headingLines.push(t.map![0]);
    else if ((t.type === 'fence' || t.type === 'code_block' || t.type === 'html_block') && t.map)
      blocks.push(lineOffset(t.map[0]), lineOffset(t.map[1]));
  }
  const dropped = droppedCRs(body);
  const spans = parsed.found.verbatim!;
  const pairs: [number, number][] = [];
  for (let k = 0; k < blocks.length; k += 2) pairs.push([blocks[k]!, blocks[k + 1]!]);
  // An end is mapped from the last character it holds: a span ending before a CR LF ends before its CR.
  for (let k = 0; k < spans.length; k += 2) pairs.push([bodyOffset(dropped, spans[k]!), bodyOffset(dropped, spans[k + 1]! - 1) + 1]);
  pairs.sort((a, b) => a[0] - b[0]);
  return { outline, headingLines, verbatim: pairs.flat() };
}
