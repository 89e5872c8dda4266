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

import { NextChar, NOT_FOUND } from './scan.js';
import { emptyList, emptySmiList, listOf } from '../lists.js';

/**
 * A found link, made by a constructor rather than a literal: V8 tracks an allocation site per
 * literal and may decide, from one unlucky scavenge, to make all of a site's objects in old
 * space for the rest of the run, where these short-lived ones would pile up (SPEC-006 §3.12).
 */
class FoundLink implements RawLink {
  declare readonly target: string;
  declare readonly kind: RawLink['kind'];
  declare readonly offset: number;
  constructor(target: string, kind: RawLink['kind'], offset: number) {
    this.target = target;
    this.kind = kind;
    this.offset = offset;
  }
}

/** Longer destinations or titles are not links worth checking, and bound the work per bracket. */
const MAX_DESTINATION = 4096;

const DEFINITION = /^ {0,3}\[((?:[^\]\\\n]|\\.){1,999})\]:[ \t]*(?:\n[ \t]*)?(?:<([^<>\n]*)>|(\S+))([ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*\r?$/gm;

function unescape(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/**
 * Whether the line after the newline at `i` is blank: only blanks and tabs (and CR) up to the
 * next newline. Like the test `/^[ \t\r]*(\n|$)/` on the next 79 characters, so a line of 79
 * or more blanks counts as blank even when something follows.
 */
function blankAfter(text: string, i: number, window: number, endCounts: boolean): boolean {
  const lim = Math.min(i + window, text.length);
  let k = i + 1;
  for (; k < lim; k++) {
    const c = text.charCodeAt(k);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) break;
  }
  return k < lim ? text.charCodeAt(k) === 0x0a : endCounts;
}

/**
 * Pairs every `[` with its `]` inside one paragraph (blank lines reset), in one pass that
 * jumps between backslashes and brackets; newlines are looked at only while a bracket is
 * open. Pairs come sorted by their `[`, in one flat list (`[` then `]` of each: no array per
 * pair, and no literal, see core/lists.ts).
 */
function matchBrackets(text: string): number[] {
  const pairs = emptySmiList();
  const stack = emptySmiList();
  const backslash = new NextChar(text, '\\');
  const open = new NextChar(text, '[');
  const close = new NextChar(text, ']');
  // Cached like the others: a search that finds no newline must not be repeated for every
  // bracket (2 MiB of `[` without a newline took 23-47 s).
  const newline = new NextChar(text, '\n');
  /** Where the scan for blank lines resumes (after the last event, or after an escaped character). */
  let seen = 0;
  for (let i = 0; ; ) {
    const b = backslash.after(i);
    const o = open.after(i);
    const c = close.after(i);
    const at = Math.min(b, o, c);
    if (at === NOT_FOUND) break;
    if (stack.length > 0) {
      // A blank line between the last event and this one closes every open bracket.
      for (let nl = newline.after(seen); nl < at; nl = newline.after(nl + 1)) {
        if (blankAfter(text, nl, 80, true)) {
          stack.length = 0;
          break;
        }
      }
    }
    if (at === b) {
      i = seen = b + 2; // the escaped character, whatever it is
    } else if (at === o) {
      stack.push(o);
      i = seen = o + 1;
    } else {
      const from = stack.pop();
      if (from !== undefined) pairs.push(from, c);
      i = seen = c + 1;
    }
  }
  // Pairs come in the order of their `]`: that is the order of their `[` unless brackets nest.
  for (let k = 2; k < pairs.length; k += 2) if (pairs[k - 2]! > pairs[k]!) return byOpening(pairs);
  return pairs;
}

/** Flat pairs sorted by their `[` (each `[` is a different offset, so no two compare equal). */
function byOpening(pairs: readonly number[]): number[] {
  const order = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort((a, b) => pairs[2 * a]! - pairs[2 * b]!);
  const sorted = emptySmiList();
  for (const i of order) sorted.push(pairs[2 * i]!, pairs[2 * i + 1]!);
  return sorted;
}

/** Whether a list is in ascending order of a key (sorting a sorted list still copies it). */
function isSortedBy<T>(list: readonly T[], key: (item: T) => number): boolean {
  for (let i = 1; i < list.length; i++) if (key(list[i - 1]!) > key(list[i]!)) return false;
  return true;
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
const SPECIAL = /[\x00-\x20()]/g;

/**
 * Precomputed "next position of ..." tables, built lazily in one pass each, so that parsing
 * the destination after every `](` costs O(1) amortised instead of rescanning the text.
 */
class Scanner {
  /** Made on the first lookup that needs one: most bodies need none (a Map per body cost more than its lookups). */
  private tables?: Map<string, Int32Array>;
  private parens?: Int32Array;

  constructor(readonly text: string) {}

  private table(key: string, test: (code: number, i: number) => boolean): Int32Array {
    const tables = (this.tables ??= new Map<string, Int32Array>());
    let t = tables.get(key);
    if (!t) {
      const n = this.text.length;
      t = new Int32Array(n + 1);
      t[n] = n;
      for (let i = n - 1; i >= 0; i--) t[i] = test(this.text.charCodeAt(i), i) ? i : t[i + 1]!;
      tables.set(key, t);
    }
    return t;
  }

  private escaped(i: number): boolean {
    let k = i - 1;
    while (k >= 0 && this.text.charCodeAt(k) === 0x5c) k--;
    return (i - 1 - k) % 2 === 1;
  }

  /**
   * Next `(`, `)` (unescaped) or break at or after i. Found by a regular expression rather than
   * a table: scans start right after a parenthesis or a break and stop at the next one, so no
   * two scans of a text cover the same characters (linear overall).
   */
  nextSpecial(i: number): number {
    const re = SPECIAL;
    re.lastIndex = i;
    // test, not exec: no match object per destination; a match is one character, so it ends at lastIndex.
    while (re.test(this.text)) {
      const k = re.lastIndex - 1;
      if (this.text.charCodeAt(k) <= 0x20 || !this.escaped(k)) return k;
    }
    return this.text.length;
  }

  nextOf(char: string, i: number): number {
    const code = char.charCodeAt(0);
    return this.table(char, (c, k) => c === code && !this.escaped(k))[i]!;
  }

  /** Start of the next blank line at or after i (a title cannot span one). */
  nextBlank(i: number): number {
    return this.table('blank', (c, k) => c === 0x0a && blankAfter(this.text, k, 80, false))[i]!;
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
  // Not []: an array literal has an allocation site too (see FoundLink and core/lists.ts).
  let links: RawLink[] | undefined;
  if (!masked.includes('[')) return emptyList<RawLink>();
  const pairs = matchBrackets(masked);
  const scanner = new Scanner(masked);
  for (let k = 0; k < pairs.length; k += 2) {
    const open = pairs[k]!;
    const close = pairs[k + 1]!;
    if (masked[close + 1] !== '(') continue;
    if (masked[open + 1] === '^') continue; // footnote reference
    const dest = parseDestination(scanner, close + 2);
    if (!dest) continue;
    const image = open > 0 && masked[open - 1] === '!' && masked[open - 2] !== '\\';
    const found = new FoundLink(dest.target, image ? 'image' : 'inline', dest.offset);
    if (links === undefined) links = listOf<RawLink>(found);
    else links.push(found);
  }
  DEFINITION.lastIndex = 0;
  // A definition needs `]:`; without one the multi-line scan is skipped.
  for (let m = masked.includes(']:') ? DEFINITION.exec(masked) : null; m; m = DEFINITION.exec(masked)) {
    if (m[1]!.startsWith('^')) continue; // footnote definition
    const raw = m[2] ?? m[3]!;
    const offset = m.index + m[0].indexOf(m[2] !== undefined ? `<${raw}>` : raw, m[0].indexOf(']:')) + (m[2] !== undefined ? 1 : 0);
    const found = new FoundLink(unescape(raw), 'definition', offset);
    if (links === undefined) links = listOf<RawLink>(found);
    else links.push(found);
  }
  if (links === undefined) return emptyList<RawLink>();
  // Inline links come in order; definitions, found afterwards, may have to go between them.
  return isSortedBy(links, (l) => l.offset) ? links : links.sort((a, b) => a.offset - b.offset);
}
