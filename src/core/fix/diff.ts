/**
 * Unified diffs of what `fix` changes, in the form `git apply` accepts. Lines keep their own
 * endings (a CRLF file's diff has CRLF lines); a missing final newline is marked.
 */

const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Longest-common-subsequence edit script of two line arrays (bounded; falls back to replace-all). */
function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: ' ', line }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    ops.push(...midA.map((line) => ({ kind: '-' as const, line })), ...midB.map((line) => ({ kind: '+' as const, line })));
  } else {
    const n = midA.length;
    const m = midB.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        ops.push({ kind: ' ', line: midA[i]! });
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        ops.push({ kind: '-', line: midA[i++]! });
      } else {
        ops.push({ kind: '+', line: midB[j++]! });
      }
    }
  }
  ops.push(...a.slice(endA).map((line) => ({ kind: ' ' as const, line })));
  return ops;
}

function render(op: Op): string {
  const body = op.line.endsWith('\n') ? op.line : `${op.line}\n\\ No newline at end of file\n`;
  return `${op.kind}${body}`;
}

const NEEDS_QUOTES = /["\\\u0000-\u001f\u007f]/;
const C_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/**
 * A path in a diff header, quoted as git quotes it when it holds a control character, a quote
 * or a backslash (`"a/x\ny.md"`): a line feed in a file name must not end the header line.
 */
function diffPath(prefix: string, rel: string): string {
  const full = `${prefix}${rel}`;
  if (!NEEDS_QUOTES.test(full)) return full;
  return `"${full.replace(/["\\\u0000-\u001f\u007f]/g, (ch) => C_ESCAPES[ch] ?? `\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}`)}"`;
}

/** A unified diff from `oldText` to `newText`, in git's form; '' when they are equal. */
export function unifiedDiff(oldText: string, newText: string, oldPath: string, newPath = oldPath): string {
  if (oldText === newText) return '';
  const ops = editScript(splitLines(oldText), splitLines(newText));
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  // The git header too: after a rename block, a bare `---` line would continue it for `git apply`.
  // An edit of a file that is also renamed is one patch: git applies each patch to the file as it
  // was, so an edit then a separate rename would leave both files.
  const rename = oldPath === newPath ? '' : `rename from ${diffPath('', oldPath)}\nrename to ${diffPath('', newPath)}\n`;
  let out = `diff --git ${diffPath('a/', oldPath)} ${diffPath('b/', newPath)}\n${rename}--- ${diffPath('a/', oldPath)}\n+++ ${diffPath('b/', newPath)}\n`;
  let k = 0;
  while (k < changed.length) {
    const first = changed[k]!;
    let last = first;
    while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * CONTEXT + 1) last = changed[++k]!;
    k++;
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length - 1, last + CONTEXT);
    let oldStart = 1;
    let newStart = 1;
    for (let i = 0; i < from; i++) {
      if (ops[i]!.kind !== '+') oldStart++;
      if (ops[i]!.kind !== '-') newStart++;
    }
    const slice = ops.slice(from, to + 1);
    const oldCount = slice.filter((o) => o.kind !== '+').length;
    const newCount = slice.filter((o) => o.kind !== '-').length;
    out += `@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@\n`;
    out += slice.map(render).join('');
  }
  return out;
}

/** The git form of a rename without content change. */
export function renameDiff(from: string, to: string): string {
  return `diff --git ${diffPath('a/', from)} ${diffPath('b/', to)}\nsimilarity index 100%\nrename from ${diffPath('', from)}\nrename to ${diffPath('', to)}\n`;
}
