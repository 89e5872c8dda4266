import { complement, union, type Ranges } from './ranges.js';

/**
 * A JSON Schema pattern (ECMAScript syntax, `u` flag, as ajv compiles it) as a tree: enough to
 * decide whether a backtracking engine runs it in linear time (safety.ts) and to write it in
 * RE2's syntax (re2.ts). The caller has checked the syntax with `new RegExp(source, 'u')`, so
 * this parser trusts it and only has to tell the constructs apart.
 */
export type PatternNode =
  /** One code point out of `ranges`; `props` are \p{..} / \P{..} items, whose sets are not computed. */
  | { t: 'set'; ranges: Ranges; props: string[]; negated: boolean }
  | { t: 'assert'; kind: '^' | '$' | '\\b' | '\\B' }
  | { t: 'seq'; items: PatternNode[] }
  | { t: 'alt'; alts: PatternNode[] }
  | { t: 'rep'; body: PatternNode; min: number; max: number; lazy: boolean }
  /** Constructs no linear-time engine can run: backreferences and lookaround. */
  | { t: 'unsupported'; what: string };

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript's \s: WhiteSpace and LineTerminator (RE2's \s is ASCII only, so it is spelled out).
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const CLASS_ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

const set = (ranges: Ranges, props: string[] = [], negated = false): PatternNode => ({ t: 'set', ranges, props, negated });

class Parser {
  i = 0;
  constructor(readonly src: string) {}

  peek(): string | undefined {
    return this.src[this.i];
  }

  /** The code point at the cursor, consumed. */
  codePoint(): number {
    const cp = this.src.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return cp;
  }

  disjunction(): PatternNode {
    const alts = [this.alternative()];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? alts[0]! : { t: 'alt', alts };
  }

  alternative(): PatternNode {
    const items: PatternNode[] = [];
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  quantified(atom: PatternNode): PatternNode {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    const lazy = this.peek() === '?';
    if (lazy) this.i++;
    return { t: 'rep', body: atom, min, max, lazy };
  }

  atom(): PatternNode {
    const c = this.peek()!;
    if (c === '^' || c === '$') {
      this.i++;
      return { t: 'assert', kind: c };
    }
    if (c === '.') {
      this.i++;
      return set(complement(LINE_TERMINATORS));
    }
    if (c === '[') return this.characterClass();
    if (c === '(') return this.group();
    if (c === '\\') return this.atomEscape();
    return set(single(this.codePoint()));
  }

  group(): PatternNode {
    const rest = this.src.slice(this.i, this.i + 4);
    const look = /^\(\?(=|!|<=|<!)/.exec(rest);
    if (look) {
      this.i += look[0].length;
      this.disjunction();
      this.i++;
      return { t: 'unsupported', what: `lookaround \`(?${look[1]}\`` };
    }
    if (rest.startsWith('(?:')) this.i += 3;
    else if (rest.startsWith('(?<')) this.i = this.src.indexOf('>', this.i) + 1;
    else this.i += 1;
    const body = this.disjunction();
    this.i++; // ')'
    return body;
  }

  atomEscape(): PatternNode {
    const c = this.src[this.i + 1]!;
    if (c === 'b' || c === 'B') {
      this.i += 2;
      return { t: 'assert', kind: c === 'b' ? '\\b' : '\\B' };
    }
    if (/[1-9]/.test(c)) {
      const m = /^\\\d+/.exec(this.src.slice(this.i))!;
      this.i += m[0].length;
      return { t: 'unsupported', what: `backreference \`${m[0]}\`` };
    }
    if (c === 'k') {
      const end = this.src.indexOf('>', this.i);
      const what = this.src.slice(this.i, end + 1);
      this.i = end + 1;
      return { t: 'unsupported', what: `backreference \`${what}\`` };
    }
    return this.classAtomEscape(false);
  }

  /** An escape that stands for a set of code points (inside a class or not). */
  classAtomEscape(inClass: boolean): PatternNode & { t: 'set' } {
    this.i++; // '\'
    const c = this.peek()!;
    const known = CLASS_ESCAPES[c];
    if (known) {
      this.i++;
      return set(known) as PatternNode & { t: 'set' };
    }
    if (c === 'p' || c === 'P') {
      const end = this.src.indexOf('}', this.i);
      const prop = `\\${this.src.slice(this.i, end + 1)}`;
      this.i = end + 1;
      return set([], [prop]) as PatternNode & { t: 'set' };
    }
    return set(single(this.escapedCodePoint(inClass))) as PatternNode & { t: 'set' };
  }

  /** The code point of a character escape; the cursor is after the backslash. */
  escapedCodePoint(inClass: boolean): number {
    const c = this.peek()!;
    if (c in CONTROL) {
      this.i++;
      return CONTROL[c]!;
    }
    if (c === 'b' && inClass) {
      this.i++;
      return 0x08;
    }
    if (c === '0') {
      this.i++;
      return 0;
    }
    if (c === 'c') {
      this.i += 2;
      return this.src.charCodeAt(this.i - 1) % 32;
    }
    if (c === 'x') {
      this.i += 3;
      return parseInt(this.src.slice(this.i - 2, this.i), 16);
    }
    if (c === 'u') return this.unicodeEscape();
    return this.codePoint(); // an identity escape: a syntax character, `/` or `-`
  }

  unicodeEscape(): number {
    if (this.src[this.i + 1] === '{') {
      const end = this.src.indexOf('}', this.i);
      const cp = parseInt(this.src.slice(this.i + 2, end), 16);
      this.i = end + 1;
      return cp;
    }
    const unit = parseInt(this.src.slice(this.i + 1, this.i + 5), 16);
    this.i += 5;
    // A surrogate pair written as two escapes is one code point under the `u` flag.
    const low = /^\\u(D[C-F][0-9A-F]{2})/i.exec(this.src.slice(this.i, this.i + 6));
    if (unit >= 0xd800 && unit <= 0xdbff && low) {
      this.i += 6;
      return 0x10000 + ((unit - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
    }
    return unit;
  }

  characterClass(): PatternNode {
    this.i++; // '['
    const negated = this.peek() === '^';
    if (negated) this.i++;
    let ranges: Ranges = [];
    const props: string[] = [];
    while (this.peek() !== ']') {
      const from = this.classAtom();
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && from.t === 'set' && from.props.length === 0 && isSingle(from.ranges)) {
        const save = this.i;
        this.i++;
        const to = this.classAtom();
        if (to.props.length === 0 && isSingle(to.ranges)) {
          ranges = union(ranges, [[from.ranges[0]![0], to.ranges[0]![0]]]);
          continue;
        }
        this.i = save; // `[\d-z]` is not a range in u-mode syntax, so this does not happen; kept for safety
      }
      ranges = union(ranges, from.ranges);
      props.push(...from.props);
    }
    this.i++; // ']'
    if (props.length === 0) return set(negated ? complement(ranges) : ranges);
    return set(ranges, props, negated);
  }

  classAtom(): PatternNode & { t: 'set' } {
    if (this.peek() === '\\') return this.classAtomEscape(true);
    return set(single(this.codePoint())) as PatternNode & { t: 'set' };
  }
}

function single(cp: number): Ranges {
  return [[cp, cp]];
}

function isSingle(r: Ranges): boolean {
  return r.length === 1 && r[0]![0] === r[0]![1];
}

/** The tree of a pattern whose syntax `new RegExp(source, 'u')` accepted. */
export function parsePattern(source: string): PatternNode {
  return new Parser(source).disjunction();
}
