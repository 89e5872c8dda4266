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
    this.from = i;
    // Every step runs whether or not a blank line is found: a step V8 had not yet seen run
    // (a loop over a newline's blanks, a match's index) threw the optimised caller away the
    // first time a document needed it (SPEC-006 §3.12). After a match, lastIndex is the second
    // newline and the blank line starts at the newline before it.
    BLANK_LINE.lastIndex = i;
    const found = BLANK_LINE.test(this.text);
    const start = this.text.lastIndexOf('\n', BLANK_LINE.lastIndex - 1);
    this.at = found ? start : NOT_FOUND;
    return this.at;
  }
}

/** A newline, then blanks, tabs and CRs up to another newline: where a blank line starts. */
const BLANK_LINE = /\n[ \t\r]*(?=\n)/g;
