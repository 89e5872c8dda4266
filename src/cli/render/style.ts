/** Colour functions for text mode; identity functions when colour is off (chalk is loaded only when on). */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  underline(s: string): string;
}

const id = (s: string) => s;
const PLAIN: Style = { bold: id, dim: id, red: id, yellow: id, green: id, cyan: id, underline: id };

export async function makeStyle(color: boolean): Promise<Style> {
  if (!color) return PLAIN;
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return { bold: c.bold, dim: c.dim, red: c.red, yellow: c.yellow, green: c.green, cyan: c.cyan, underline: c.underline };
}

// Control and bidirectional characters from documents must not reach a terminal verbatim, nor
// line breaks inside one value: a file named `a\n✔ 0 problems\n.md` would forge report lines.
const UNSAFE_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** For multi-line content (a diff, a rendered document): line feeds and tabs stay. */
const UNSAFE_BLOCK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_LINE_ALL = new RegExp(UNSAFE_LINE.source, 'g');
const UNSAFE_BLOCK_ALL = new RegExp(UNSAFE_BLOCK.source, 'g');

const escapeChar = (ch: string) => `\\u{${ch.codePointAt(0)!.toString(16).padStart(4, '0')}}`;

/**
 * One value on one line (a path, a title, a message): control characters (line feeds and
 * carriage returns included, tab kept) and bidi controls become \u{XXXX}, so echoed values can
 * neither drive the terminal nor start a line of their own. Every text and md renderer uses it.
 */
export function safeText(s: string): string {
  return UNSAFE_LINE.test(s) ? s.replace(UNSAFE_LINE_ALL, escapeChar) : s;
}

/** Multi-line content printed as a block (diffs, rendered documents): as safeText, but line feeds stay. */
export function safeBlock(s: string): string {
  return UNSAFE_BLOCK.test(s) ? s.replace(UNSAFE_BLOCK_ALL, escapeChar) : s;
}
