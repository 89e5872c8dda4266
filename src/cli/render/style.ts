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
export const PLAIN: Style = { bold: id, dim: id, red: id, yellow: id, green: id, cyan: id, underline: id };

export async function makeStyle(color: boolean): Promise<Style> {
  if (!color) return PLAIN;
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return { bold: c.bold, dim: c.dim, red: c.red, yellow: c.yellow, green: c.green, cyan: c.cyan, underline: c.underline };
}

// Control and bidirectional characters from documents must not reach a terminal verbatim.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Escapes control and bidi characters as \u{XXXX} so echoed values cannot drive the terminal. */
export function safeText(s: string): string {
  return s.replace(UNSAFE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16).padStart(4, '0')}}`);
}
