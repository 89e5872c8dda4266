/**
 * Masks the parts of a Markdown body that never render as links or headings: fenced and
 * indented code blocks, code spans and HTML comments become spaces (newlines stay), so
 * offsets, lines and columns in the masked text are those of the original.
 */
import { NextBlankLine, NextChar, NOT_FOUND } from './scan.js';

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^[ \t]*([-*+]|\d{1,9}[.)])([ \t]|$)/;

function blank(s: string): string {
  return s.replace(/[^\n]/g, ' ');
}

/** Whether some line starts with four spaces or a tab (`/(?:^|\n)(?: {4}|\t)/`), by substring search. */
function hasIndentedLine(body: string): boolean {
  return body.startsWith('    ') || body.startsWith('\t') || body.includes('\n    ') || body.includes('\n\t');
}

/** Block pass: fenced code (any indentation), indented code outside lists. */
export function maskBlocks(body: string): string {
  // Only a fence (three backticks or tildes) or a line indented by four spaces or a tab can
  // start a code block: without them nothing is masked.
  if (!body.includes('```') && !body.includes('~~~') && !hasIndentedLine(body)) return body;
  const lines = body.split('\n');
  let fence: { char: string; len: number } | undefined;
  let inList = false;
  let prevBlank = true;
  let inIndented = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const content = line.replace(/\r$/, '');
    const isBlank = content.trim() === '';
    if (fence) {
      const close = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(content);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.len) fence = undefined;
      lines[i] = blank(line);
      prevBlank = false;
      continue;
    }
    const open = FENCE_OPEN.exec(content);
    if (open && !(open[2]![0] === '`' && open[3]!.includes('`'))) {
      fence = { char: open[2]![0]!, len: open[2]!.length };
      lines[i] = blank(line);
      inIndented = false;
      prevBlank = false;
      continue;
    }
    if (!isBlank && !inList && (prevBlank || inIndented) && /^( {4}|\t)/.test(content)) {
      lines[i] = blank(line);
      inIndented = true;
      prevBlank = false;
      continue;
    }
    if (!isBlank) {
      inIndented = false;
      if (LIST_ITEM.test(content)) inList = true;
      else if (prevBlank && !/^[ \t]/.test(content)) inList = false;
    }
    prevBlank = isBlank;
  }
  return lines.join('\n');
}

/**
 * Replaces every character but newlines with a space. The newlines come from one NextChar per
 * text: a search that finds none is not repeated for every span (a line of 2n backticks was
 * quadratic).
 */
function blankRange(text: string, newlines: NextChar, from: number, to: number): string {
  let out = '';
  let start = from;
  for (let nl = newlines.after(from); nl < to; nl = newlines.after(nl + 1)) {
    out += `${' '.repeat(nl - start)}\n`;
    start = nl + 1;
  }
  return out + ' '.repeat(to - start);
}

/** Where maskInline first changed its text (NOT_FOUND: nowhere): the text before it is the input's. */
export interface InlineMask {
  first: number;
}

/**
 * Inline pass: code spans and HTML comments. Linear in the text length. `mask.first` is set to
 * the first masked offset, so a caller can tell which lines came through unchanged.
 */
export function maskInline(text: string, mask?: InlineMask): string {
  if (mask) mask.first = NOT_FOUND;
  if (!text.includes('`') && !text.includes('<!--')) return text;
  // Backtick runs by length, in order, so each span finds its closer without rescanning.
  let runs: Map<number, number[]> | undefined;
  const runsOf = (): Map<number, number[]> => {
    const found = new Map<number, number[]>();
    for (let p = text.indexOf('`'); p !== -1; ) {
      let k = 1;
      while (text.charCodeAt(p + k) === 0x60) k++;
      const list = found.get(k);
      if (list) list.push(p);
      else found.set(k, [p]);
      p = text.indexOf('`', p + k);
    }
    return found;
  };
  const cursor = new Map<number, number>();
  const blanks = new NextBlankLine(text); // code spans never cross a blank line
  let noCommentCloser = false;
  let out = '';
  let copied = 0;
  const newlines = new NextChar(text, '\n');
  const fill = (from: number, to: number) => {
    if (mask && copied === 0) mask.first = from;
    out += text.slice(copied, from) + blankRange(text, newlines, from, to);
    copied = to;
  };
  // Only backslashes, backticks and `<` matter: jump from one to the next.
  const backslash = new NextChar(text, '\\');
  const backtick = new NextChar(text, '`');
  const angle = new NextChar(text, '<');
  for (let i = 0; ; ) {
    const b = backslash.after(i);
    const t = backtick.after(i);
    const a = noCommentCloser ? NOT_FOUND : angle.after(i);
    if (b < t && b < a) {
      i = b + 2;
      continue;
    }
    if (t < a) {
      let k = 1;
      while (text.charCodeAt(t + k) === 0x60) k++;
      // A run after an escaped backtick (\``) is not one the scan above saw: no closer.
      const list = (runs ??= runsOf()).get(k) ?? [];
      let c = cursor.get(k) ?? 0;
      while (c < list.length && list[c]! <= t) c++;
      cursor.set(k, c);
      const close = list[c];
      if (close !== undefined && blanks.after(t) > close) {
        fill(t, close + k);
        cursor.set(k, c + 1);
        i = close + k;
      } else {
        i = t + k;
      }
      continue;
    }
    if (a === NOT_FOUND) break;
    if (text.startsWith('<!--', a)) {
      const end = text.indexOf('-->', a + 4);
      if (end === -1) {
        noCommentCloser = true;
        i = a + 4;
        continue;
      }
      fill(a, end + 3);
      i = end + 3;
    } else {
      i = a + 1;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}
