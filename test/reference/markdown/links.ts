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

const isBreak = (c: number) => c <= 0x20; // space, tab, newline and control characters end a destination

/**
 * Precomputed "next position of ..." tables, built lazily in one pass each, so that parsing
 * the destination after every `](` costs O(1) amortised instead of rescanning the text.
 */
class Scanner {
  private tables = new Map<string, Int32Array>();
  private parens?: Int32Array;

  constructor(readonly text: string) {}

  private table(key: string, test: (code: number, i: number) => boolean): Int32Array {
    let t = this.tables.get(key);
    if (!t) {
      const n = this.text.length;
      t = new Int32Array(n + 1);
      t[n] = n;
      for (let i = n - 1; i >= 0; i--) t[i] = test(this.text.charCodeAt(i), i) ? i : t[i + 1]!;
      this.tables.set(key, t);
    }
    return t;
  }

  private escaped(i: number): boolean {
    let k = i - 1;
    while (k >= 0 && this.text.charCodeAt(k) === 0x5c) k--;
    return (i - 1 - k) % 2 === 1;
  }

  /** Next `(`, `)` (unescaped) or break at or after i. */
  nextSpecial(i: number): number {
    return this.table('special', (c, k) => isBreak(c) || ((c === 0x28 || c === 0x29) && !this.escaped(k)))[i]!;
  }

  nextOf(char: string, i: number): number {
    const code = char.charCodeAt(0);
    return this.table(char, (c, k) => c === code && !this.escaped(k))[i]!;
  }

  /** Start of the next blank line at or after i (a title cannot span one). */
  nextBlank(i: number): number {
    return this.table('blank', (c, k) => c === 0x0a && /^[ \t\r]*\n/.test(this.text.slice(k + 1, k + 80)))[i]!;
  }

  /** The `)` matching the `(` at i within one run of non-blank characters, or -1. */
  closeParen(i: number): number {
    if (!this.parens) {
      const n = this.text.length;
      const close = new Int32Array(n).fill(-1);
      const stack: number[] = [];
      for (let k = 0; k < n; k++) {
        const c = this.text.charCodeAt(k);
        if (isBreak(c)) stack.length = 0;
        else if (c === 0x28 && !this.escaped(k)) stack.push(k);
        else if (c === 0x29 && !this.escaped(k) && stack.length > 0) close[stack.pop()!] = k;
      }
      this.parens = close;
    }
    return this.parens[i]!;
  }
}

/** Parses `(dest "title")` starting after the `(`; undefined when it is not a link. */
function parseDestination(sc: Scanner, start: number): { target: string; offset: number; end: number } | undefined {
  const text = sc.text;
  let p = skipSpace(text, start);
  let target: string;
  const offset = p;
  if (text[p] === '<') {
    const close = sc.nextOf('>', p + 1);
    if (close >= text.length || close - p > MAX_DESTINATION || sc.nextOf('<', p + 1) < close || sc.nextOf('\n', p + 1) < close) return undefined;
    target = text.slice(p + 1, close);
    p = close + 1;
  } else {
    const from = p;
    for (;;) {
      const q = sc.nextSpecial(p);
      if (q - from > MAX_DESTINATION) return undefined;
      if (q < text.length && text[q] === '(') {
        const match = sc.closeParen(q);
        if (match === -1) return undefined;
        p = match + 1;
        continue;
      }
      p = q;
      break;
    }
    target = text.slice(from, p);
  }
  const afterDest = p;
  p = skipSpace(text, p);
  if (p > afterDest && (text[p] === '"' || text[p] === "'" || text[p] === '(')) {
    const close = sc.nextOf(text[p] === '(' ? ')' : text[p]!, p + 1);
    if (close >= text.length || close - p > MAX_DESTINATION || sc.nextBlank(p) < close) return undefined;
    p = skipSpace(text, close + 1);
  }
  if (text[p] !== ')') return undefined;
  return { target: unescape(target), offset, end: p + 1 };
}

/** Every link destination in a masked body, in document order. */
export function extractLinks(masked: string): RawLink[] {
  const links: RawLink[] = [];
  const pairs = matchBrackets(masked);
  const scanner = new Scanner(masked);
  for (const [open, close] of [...pairs].sort((a, b) => a[0] - b[0])) {
    if (masked[close + 1] !== '(') continue;
    if (masked[open + 1] === '^') continue; // footnote reference
    const dest = parseDestination(scanner, close + 2);
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
