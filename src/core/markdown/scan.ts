/**
 * What `after` answers when there is no next occurrence: larger than any string's length and
 * still a small integer. (Infinity, a heap number, changed the fields' representation once the
 * first text ran out, and V8 threw away the optimised scanners that had read them as integers.)
 */
export const NOT_FOUND = 0x3fffffff;

/**
 * Finding the next occurrence of a character with `indexOf` (a vectorised search) instead of a
 * regular expression with a character class or a loop over every character: the Markdown
 * passes look at a handful of characters per line, not at every one.
 */
export class NextChar {
  /** The answer for every query in [from, at]. */
  private from = 1;
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  /** The first position ≥ i holding the character, or NOT_FOUND. Amortised linear for non-decreasing i. */
  after(i: number): number {
    if (i < this.from || i > this.at) {
      const k = this.text.indexOf(this.char, i);
      this.from = i;
      this.at = k === -1 ? NOT_FOUND : k;
    }
    return this.at;
  }
}

/**
 * Starts of blank lines: each `\n` followed by blanks, tabs and CRs up to another `\n` (what
 * `/\n[ \t\r]*(?=\n)/g` matches), queried by position.
 */
export class NextBlankLine {
  private from = 1;
  private at = 0;

  constructor(private readonly text: string) {}

  /** The first blank-line start ≥ i, or NOT_FOUND. Amortised linear for non-decreasing i. */
  after(i: number): number {
    if (i >= this.from && i <= this.at) return this.at;
    const text = this.text;
    const n = text.length;
    this.from = i;
    for (let nl = text.indexOf('\n', i); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
      let k = nl + 1;
      // Never past the end: a read there is a deoptimisation in V8's optimised code.
      while (k < n) {
        const c = text.charCodeAt(k);
        if (c !== 0x20 && c !== 0x09 && c !== 0x0d) break;
        k++;
      }
      if (k < n && text.charCodeAt(k) === 0x0a) {
        this.at = nl;
        return nl;
      }
    }
    this.at = NOT_FOUND;
    return NOT_FOUND;
  }
}
