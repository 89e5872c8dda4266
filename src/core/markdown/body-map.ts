import { atxHeadingText, outlineOf } from './anchors.js';
import { commonmarkBodyMap, type BodyMap } from './commonmark.js';
import { simpleOutline } from './simple-outline.js';

/**
 * The BodyMap of a body (see commonmark.ts): from the simple path when it answers, the parser
 * otherwise. The simple path reads no HTML but autolinks, so its code is all the body's
 * verbatim text; its headings are ATX headings outside code, whose lines are found here and
 * proved by their anchors, which must be the outline's (else the parser decides).
 */
export function bodyMap(body: string, firstLine: number): BodyMap {
  const code: number[] = [];
  const outline = simpleOutline(body, firstLine, true, code);
  const headingLines = outline && simpleHeadingLines(body, code, outline.anchors);
  return outline && headingLines ? { outline, headingLines, verbatim: code } : commonmarkBodyMap(body, firstLine);
}

/** The 0-based lines of the ATX headings outside the code of a body, when their anchors are `anchors`. */
function simpleHeadingLines(body: string, code: readonly number[], anchors: readonly string[]): number[] | undefined {
  const lines: number[] = [];
  const texts: string[] = [];
  let k = 0;
  for (let line = 0, start = 0; start <= body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    while (k < code.length && code[k + 1]! <= start) k += 2;
    const text = k < code.length && code[k]! <= start ? undefined : atxHeadingText(body, start, end);
    if (text !== undefined) {
      lines.push(line);
      texts.push(text);
    }
    start = end + 1;
  }
  const derived = outlineOf([], texts, [], true).anchors;
  return derived.length === anchors.length && derived.every((a, i) => a === anchors[i]) ? lines : undefined;
}
