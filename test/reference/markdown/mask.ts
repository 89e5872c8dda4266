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

/** Block pass: fenced code (any indentation), indented code outside lists. */
export function maskBlocks(body: string): string {
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

/** Inline pass: code spans and HTML comments. Linear in the text length. */
export function maskInline(text: string): string {
  const out = text.split('');
  const blanks = blankLineStarts(text);
  // Backtick runs by length, in order, so each span finds its closer without rescanning.
  const runs = new Map<number, number[]>();
  const runRe = /`+/g;
  for (let m = runRe.exec(text); m; m = runRe.exec(text)) {
    const list = runs.get(m[0].length) ?? [];
    list.push(m.index);
    runs.set(m[0].length, list);
  }
  const cursor = new Map<number, number>();
  let noCommentCloser = false;
  const fill = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      const list = runs.get(n)!;
      let c = cursor.get(n) ?? 0;
      while (c < list.length && list[c]! <= i) c++;
      cursor.set(n, c);
      const close = list[c];
      const wall = firstAtOrAfter(blanks, i);
      if (close !== undefined && (wall === undefined || wall > close)) {
        fill(i, close + n);
        cursor.set(n, c + 1);
        i = close + n;
      } else {
        i += n;
      }
      continue;
    }
    if (ch === '<' && !noCommentCloser && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) {
        noCommentCloser = true;
        i += 4;
        continue;
      }
      fill(i, end + 3);
      i = end + 3;
      continue;
    }
    i++;
  }
  return out.join('');
}
