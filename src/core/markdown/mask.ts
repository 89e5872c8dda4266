/**
 * Masks the parts of a Markdown body that never render as links or headings: fenced and
 * indented code blocks, code spans and HTML comments become spaces (newlines stay), so
 * offsets, lines and columns in the masked text are those of the original.
 */

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^[ \t]*([-*+]|\d{1,9}[.)])([ \t]|$)/;

function blank(s: string): string {
  return s.replace(/[^\n]/g, ' ');
}

const INDENTED_LINE = /(?:^|\n)(?: {4}|\t)/;

/** Block pass: fenced code (any indentation), indented code outside lists. */
export function maskBlocks(body: string): string {
  // Only a fence (three backticks or tildes) or a line indented by four spaces or a tab can
  // start a code block: without them nothing is masked.
  if (!body.includes('```') && !body.includes('~~~') && !INDENTED_LINE.test(body)) return body;
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

/** Offsets of blank lines (start offsets), ascending: code spans never cross one. */
function blankLineStarts(text: string): number[] {
  const out: number[] = [];
  const re = /\n[ \t\r]*(?=\n)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m.index);
  return out;
}

function firstAtOrAfter(sorted: readonly number[], value: number): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo];
}

/** Replaces every character but newlines with a space. */
function blankRange(text: string, from: number, to: number): string {
  let out = '';
  let start = from;
  for (let nl = text.indexOf('\n', from); nl !== -1 && nl < to; nl = text.indexOf('\n', nl + 1)) {
    out += `${' '.repeat(nl - start)}\n`;
    start = nl + 1;
  }
  return out + ' '.repeat(to - start);
}

/** Inline pass: code spans and HTML comments. Linear in the text length. */
export function maskInline(text: string): string {
  if (!text.includes('`') && !text.includes('<!--')) return text;
  let blanks: number[] | undefined;
  // Backtick runs by length, in order, so each span finds its closer without rescanning.
  let runs: Map<number, number[]> | undefined;
  const runsOf = (): Map<number, number[]> => {
    const found = new Map<number, number[]>();
    const runRe = /`+/g;
    for (let m = runRe.exec(text); m; m = runRe.exec(text)) {
      const list = found.get(m[0].length) ?? [];
      list.push(m.index);
      found.set(m[0].length, list);
    }
    return found;
  };
  const cursor = new Map<number, number>();
  let noCommentCloser = false;
  let out = '';
  let copied = 0;
  const fill = (from: number, to: number) => {
    out += text.slice(copied, from) + blankRange(text, from, to);
    copied = to;
  };
  // Only backslashes, backticks and `<` matter: jump from one to the next.
  const re = /[\\`<]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const i = m.index;
    const ch = text.charCodeAt(i);
    if (ch === 0x5c) {
      re.lastIndex = i + 2;
      continue;
    }
    if (ch === 0x60) {
      let k = 1;
      while (text.charCodeAt(i + k) === 0x60) k++;
      // A run after an escaped backtick (\``) is not one the scan above saw: no closer.
      const list = (runs ??= runsOf()).get(k) ?? [];
      let c = cursor.get(k) ?? 0;
      while (c < list.length && list[c]! <= i) c++;
      cursor.set(k, c);
      const close = list[c];
      const wall = firstAtOrAfter((blanks ??= blankLineStarts(text)), i);
      if (close !== undefined && (wall === undefined || wall > close)) {
        fill(i, close + k);
        cursor.set(k, c + 1);
        re.lastIndex = close + k;
      } else {
        re.lastIndex = i + k;
      }
      continue;
    }
    if (!noCommentCloser && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) {
        noCommentCloser = true;
        re.lastIndex = i + 4;
        continue;
      }
      fill(i, end + 3);
      re.lastIndex = end + 3;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}
