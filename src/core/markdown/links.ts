/**
 * Link extraction from a masked Markdown body (see mask.ts): inline links and images with
 * their titles and angle-bracket destinations, and reference definitions. Linear time:
 * brackets are matched with one stack pass, so hostile input cannot make it quadratic.
 */

export interface RawLink {
  /** The destination as written, unescaped (`<a b.md>` gives "a b.md"). */
  target: string;
  kind: 'inline' | 'image' | 'definition';
  /** Offset of the destination in the body. */
  offset: number;
}

/** Longer destinations or titles are not links worth checking, and bound the work per bracket. */
const MAX_DESTINATION = 4096;

const DEFINITION = /^ {0,3}\[((?:[^\]\\\n]|\\.){1,999})\]:[ \t]*(?:\n[ \t]*)?(?:<([^<>\n]*)>|(\S+))([ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*\r?$/gm;

function unescape(s: string): string {
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Pairs every `[` with its `]` inside one paragraph (blank lines reset), in one pass. */
function matchBrackets(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '[') {
      stack.push(i);
    } else if (ch === ']') {
      const open = stack.pop();
      if (open !== undefined) pairs.set(open, i);
    } else if (ch === '\n' && /^[ \t\r]*(\n|$)/.test(text.slice(i + 1, i + 80))) {
      stack.length = 0;
    }
  }
  return pairs;
}

function skipSpace(text: string, p: number): number {
  let newlines = 0;
  while (p < text.length) {
    const ch = text[p];
    if (ch === ' ' || ch === '\t' || ch === '\r') p++;
    else if (ch === '\n' && newlines === 0) {
      newlines++;
      p++;
    } else break;
  }
  return p;
}

/** Parses `(dest "title")` starting after the `(`; undefined when it is not a link. */
export function parseDestination(text: string, start: number): { target: string; offset: number; end: number } | undefined {
  let p = skipSpace(text, start);
  let target: string;
  const offset = p;
  if (text[p] === '<') {
    const inner = text.slice(p + 1, p + 1 + MAX_DESTINATION);
    const close = inner.indexOf('>');
    if (close === -1 || /[<\n]/.test(inner.slice(0, close))) return undefined;
    target = inner.slice(0, close);
    p = p + close + 2;
  } else {
    let depth = 0;
    const from = p;
    while (p < text.length) {
      if (p - from > MAX_DESTINATION) return undefined;
      const ch = text[p]!;
      if (ch === '\\' && p + 1 < text.length) {
        p += 2;
        continue;
      }
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch.charCodeAt(0) < 0x20) break;
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      }
      p++;
    }
    if (depth !== 0) return undefined;
    target = text.slice(from, p);
  }
  const afterDest = p;
  p = skipSpace(text, p);
  if (p > afterDest && (text[p] === '"' || text[p] === "'" || text[p] === '(')) {
    const closer = text[p] === '(' ? ')' : text[p]!;
    p++;
    const limit = p + MAX_DESTINATION;
    while (p < text.length && text[p] !== closer) {
      if (p > limit) return undefined;
      if (text[p] === '\\') p++;
      else if (text[p] === '\n' && /^[ \t\r]*\n/.test(text.slice(p + 1, p + 80))) return undefined;
      p++;
    }
    if (p >= text.length) return undefined;
    p = skipSpace(text, p + 1);
  }
  if (text[p] !== ')') return undefined;
  return { target: unescape(target), offset, end: p + 1 };
}

/** Every link destination in a masked body, in document order. */
export function extractLinks(masked: string): RawLink[] {
  const links: RawLink[] = [];
  const pairs = matchBrackets(masked);
  for (const [open, close] of [...pairs].sort((a, b) => a[0] - b[0])) {
    if (masked[close + 1] !== '(') continue;
    if (masked[open + 1] === '^') continue; // footnote reference
    const dest = parseDestination(masked, close + 2);
    if (!dest) continue;
    const image = open > 0 && masked[open - 1] === '!' && masked[open - 2] !== '\\';
    links.push({ target: dest.target, kind: image ? 'image' : 'inline', offset: dest.offset });
  }
  DEFINITION.lastIndex = 0;
  for (let m = DEFINITION.exec(masked); m; m = DEFINITION.exec(masked)) {
    if (m[1]!.startsWith('^')) continue; // footnote definition
    const raw = m[2] ?? m[3]!;
    const offset = m.index + m[0].indexOf(m[2] !== undefined ? `<${raw}>` : raw, m[0].indexOf(']:')) + (m[2] !== undefined ? 1 : 0);
    links.push({ target: unescape(raw), kind: 'definition', offset });
  }
  return links.sort((a, b) => a.offset - b.offset);
}
