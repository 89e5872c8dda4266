import type { Splice } from './artifact-file.js';

/**
 * The edges of one source as they are in the old artifact and as they must be: old bytes
 * [from, to) from the line feed of its first item to the closing brace of its last (from ===
 * to: it had none, and the first item of a later source starts at `from`, or `from` is the
 * items' end), and the new items' text (itemsText; empty when it has none now).
 */
export interface EdgeRun {
  source: string;
  from: number;
  to: number;
  text: string;
}

/**
 * Where the old artifact's "edges" array is: `open` is the offset of its "[", `close` of its
 * "]". Its items, when it has any, are the bytes (open + 1, close - 3): "[" ITEM ("," ITEM)*
 * "\n  ]", each ITEM a line feed and an object four spaces in; an empty array is "[]".
 */
export interface EdgesArray {
  open: number;
  close: number;
}

/**
 * The splices that give the "edges" array its new runs. Untouched items are kept as they are
 * on disk (copied, never parsed), runs are replaced, dropped or inserted, and the commas
 * between items are made again around them: the array's text is always "[" followed by its
 * items joined by "," and "\n  ]", or "[]" with none.
 */
export function edgeSplices(array: EdgesArray, runs: readonly EdgeRun[]): Splice[] {
  const empty = array.close === array.open + 1;
  /** Where the old items end: before "\n  ]" (a run ending there is the last; an insertion there comes after every item). */
  const itemsEnd = empty ? array.close : array.close - 3;
  const sorted = [...runs].sort((a, b) => a.from - b.from || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
  /** The new array's pieces in order: ranges of old items kept as they are, and new runs' text. */
  const pieces: ({ from: number; to: number } | string)[] = [];
  let next = empty ? itemsEnd : array.open + 1;
  for (const run of sorted) {
    if (run.from < next || run.to < run.from || run.to > itemsEnd) throw new Error('edge runs must be sorted, apart, and inside the array');
    // The items before this run, without the comma that follows them.
    if (run.from > next) pieces.push({ from: next, to: run.from === itemsEnd ? itemsEnd : run.from - 1 });
    if (run.text) pieces.push(`\n${run.text}`);
    // Past a replaced run and its comma, if another item follows; an insertion consumes nothing.
    next = run.to === run.from ? run.from : run.to === itemsEnd ? itemsEnd : run.to + 1;
  }
  if (itemsEnd > next) pieces.push({ from: next, to: itemsEnd });
  // The "[" stays; each gap between kept ranges becomes the text that goes there.
  const splices: Splice[] = [];
  let [at, text] = [array.open + 1, ''];
  pieces.forEach((piece, i) => {
    if (i > 0) text += ',';
    if (typeof piece === 'string') {
      text += piece;
      return;
    }
    if (piece.from > at || text !== '') splices.push({ from: at, to: piece.from, text });
    [at, text] = [piece.to, ''];
  });
  // The end: "\n  ]" after items (as it was, when the last old item is kept), "]" with none.
  const asItWas = text === '' && (pieces.length > 0 ? at === itemsEnd && !empty : empty);
  if (!asItWas) splices.push({ from: at, to: array.close + 1, text: `${text}${pieces.length > 0 ? '\n  ]' : ']'}` });
  return splices;
}
