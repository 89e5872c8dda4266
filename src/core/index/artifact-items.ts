import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';

/** Bytes read at a time: the old artifact is never held whole (100k documents: about 90 MB). */
const CHUNK = 1 << 20;
/** Where a node item ends: its closing brace, at the item's indentation (deeper lines are indented further). */
const ITEM_END = '\n    }';

/**
 * The line feed and first line of the node item of `id` in the artifact, and the start of
 * its second. The artifact is pretty JSON, whose strings escape their line feeds: a raw line
 * feed occurs only between tokens, so this can only be the start of the node of that ID.
 */
export function nodeHead(id: string): string {
  return `\n    {\n      "document_id": ${JSON.stringify(id)},\n`;
}

/** What was read: the old file's size and SHA-256. */
export interface ReadSummary {
  size: number;
  sha256: string;
}

/**
 * Reads the artifact at `fd` once, through one buffer, hashing every byte, and hands `emit`
 * the new file's bytes: the old ones, except that each item whose head (see nodeHead) is a
 * key of `replace` goes through it, from its indentation to its closing brace, and comes out
 * as the text it returns. Undefined when a head is missing or occurs twice, or a replacement
 * refuses its item (returns undefined): the caller then discards what was emitted. `chunk`:
 * bytes read at a time (tests make it tiny, so that heads and items straddle reads).
 */
export function replaceItems(fd: number, replace: ReadonlyMap<string, (item: string) => string | undefined>, emit: (bytes: Uint8Array | string) => void, chunk = CHUNK): ReadSummary | undefined {
  const hash = createHash('sha256');
  const keep = Math.max(0, ...[...replace.keys()].map((h) => Buffer.byteLength(h) - 1));
  let buf = Buffer.allocUnsafe(chunk);
  let len = 0;
  let size = 0;
  let eof = false;
  const fill = (): boolean => {
    if (eof) return false;
    if (buf.length - len < chunk) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * buf.length, len + chunk));
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    const n = readSync(fd, buf, len, chunk, size);
    if (n === 0) eof = true;
    len += n;
    size += n;
    return n > 0;
  };
  /** Drops the first n bytes read, handing them on unless they are replaced. */
  const consume = (n: number, handOn: boolean) => {
    hash.update(buf.subarray(0, n));
    if (handOn && n > 0) emit(buf.subarray(0, n));
    buf.copyWithin(0, n, len);
    len -= n;
  };
  const done = new Set<string>();
  for (;;) {
    const more = fill();
    let at = -1;
    let head = '';
    for (const h of replace.keys()) {
      const i = buf.subarray(0, len).indexOf(h);
      if (i >= 0 && (at < 0 || i < at)) [at, head] = [i, h];
    }
    if (at < 0) {
      if (!more) break;
      if (len > keep) consume(len - keep, true);
      continue;
    }
    if (done.has(head)) return undefined;
    let end = buf.subarray(0, len).indexOf(ITEM_END, at + head.length);
    while (end < 0 && fill()) end = buf.subarray(0, len).indexOf(ITEM_END, at + head.length);
    if (end < 0) return undefined;
    consume(at + 1, true);
    const itemLength = end + ITEM_END.length - (at + 1);
    const text = replace.get(head)!(buf.toString('utf8', 0, itemLength));
    if (text === undefined) return undefined;
    consume(itemLength, false);
    emit(text);
    done.add(head);
  }
  consume(len, true);
  return done.size === replace.size ? { size, sha256: hash.digest('hex') } : undefined;
}
