import type { TextEdit } from 'vscode-languageserver/lib/common/api.js';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** Where a line starts at or before `offset` (0 when there is no line break before it). */
function lineStartBefore(text: string, offset: number): number {
  return offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * The edit that turns `before` into `after`, replacing only the lines that differ: the lines
 * both texts start and end with are left alone. Undefined when the texts are the same.
 */
export function lineEdit(before: string, after: string): TextEdit | undefined {
  if (before === after) return undefined;
  let head = 0;
  const shorter = Math.min(before.length, after.length);
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  head = lineStartBefore(before, head);
  let tail = 0;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  // The common end is kept from the start of a line on (whole lines only).
  let keep = tail;
  while (keep > 0 && before.charCodeAt(before.length - keep - 1) !== 10) keep--;
  // Positions as the client counts lines (a lone carriage return ends one too).
  const doc = TextDocument.create('untitled:before', 'markdown', 0, before);
  return {
    range: { start: doc.positionAt(head), end: doc.positionAt(before.length - keep) },
    newText: after.slice(head, after.length - keep),
  };
}
