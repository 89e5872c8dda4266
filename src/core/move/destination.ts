/**
 * The bytes of a link destination in the source, and a new destination written the same way.
 * The Markdown outline gives where a destination starts and its unescaped text; a rewrite
 * needs where it ends too, which is found here from the source and proved by comparing the
 * span, unescaped, with the outline's text (a span that does not match is left alone).
 */

/** A destination's span in the text: `inner` without the angle brackets of `<...>`. */
export interface DestinationSpan {
  start: number;
  end: number;
  angle: boolean;
}

function unescape(s: string): string {
  return s.includes('\\') ? s.replace(/\\([!-/:-@[-`{-~])/g, '$1') : s;
}

/**
 * The destination whose first character the outline placed at `at`: inline links and images
 * point at `<` of an angle destination, definitions at the character after it. A bare inline
 * destination ends at a blank or control character or at an unbalanced `)`; a definition's at a
 * blank. Undefined when the span found does not unescape to `target`.
 */
export function destinationSpan(
  text: string,
  at: number,
  kind: 'inline' | 'image' | 'definition',
  target: string,
): DestinationSpan | undefined {
  let span: DestinationSpan | undefined;
  const angleFrom = text[at] === '<' ? at + 1 : kind === 'definition' && text[at - 1] === '<' ? at : -1;
  if (angleFrom !== -1) {
    let k = angleFrom;
    while (k < text.length && text[k] !== '>' && text[k] !== '\n' && text[k] !== '<') k += text[k] === '\\' ? 2 : 1;
    if (text[k] === '>') span = { start: angleFrom, end: k, angle: true };
  }
  if (!span) {
    let k = at;
    let depth = 0;
    for (; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c <= 0x20) break;
      if (c === 0x5c) {
        k++;
        continue;
      }
      if (kind === 'definition') continue;
      if (c === 0x28) depth++;
      else if (c === 0x29 && depth-- === 0) break;
    }
    span = { start: at, end: Math.min(k, text.length), angle: false };
  }
  return unescape(text.slice(span.start, span.end)) === target ? span : undefined;
}

/** Splits a raw destination into its path and what follows it (`?query#fragment`, kept as written). */
export function splitDestination(raw: string): { path: string; rest: string } {
  const q = raw.indexOf('?');
  const h = raw.indexOf('#');
  const cut = q === -1 ? h : h === -1 ? q : Math.min(q, h);
  return cut === -1 ? { path: raw, rest: '' } : { path: raw.slice(0, cut), rest: raw.slice(cut) };
}

/** Characters a path must not carry as they are: they would end the destination or change its meaning. */
const ALWAYS = /[%#?\\<>\u0000-\u001f\u007f]/g;
const BARE = /[%#?\\<>()\s\u0000-\u001f\u007f]/g;
const NON_ASCII = /[^\u0000-\u007f]+/g;

/**
 * A repository path written as a destination: characters that would end it or change its
 * meaning percent-encoded (a bare destination's blanks and parentheses too); letters beyond
 * ASCII encoded only when the destination it replaces encoded some (`%C3%A9`), so the link
 * keeps its author's style.
 */
export function encodePath(p: string, angle: boolean, encodedBefore: boolean): string {
  let out = p.replace(angle ? ALWAYS : BARE, (ch) =>
    encodeURIComponent(ch).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  if (encodedBefore) out = out.replace(NON_ASCII, (s) => encodeURIComponent(s));
  return out;
}

/** Whether a raw path percent-encodes something beyond ASCII (`%C3%A9`). */
export function encodesNonAscii(raw: string): boolean {
  return /%[89a-f][0-9a-f]/i.test(raw);
}
