import { isAscii, isUtf8 } from 'node:buffer';
import type { NamespaceConfig } from '../../config/types.js';
import { decodeDocument, type DocumentRecord } from './read.js';
import type { RawRead } from './read-bytes.js';

/** Past this, a document is decoded whole (the frontmatter's own limit is 64 KiB). */
const HEAD_LIMIT = 48 * 1024;

/** Bytes decodeDocument decodes into text: no NUL in the first 8 KiB, valid UTF-8 throughout (which UTF-16's byte order marks are not). */
function decodable(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8192).includes(0) && (isAscii(bytes) || isUtf8(bytes));
}

/**
 * The record of a document's frontmatter alone, for scans that need a few of its fields (the
 * ID for `new`, the summary of `context --deep`): the bytes up to the first closing fence
 * are decoded and split as the whole document would be. A prefix that ends with a line feed
 * splits into the same block as the whole text, or into none; so when this record has
 * parsed frontmatter, its fields are the whole document's. Undefined when it has none
 * (another encoding, no block, a block that does not parse or ends further on): the caller
 * decodes the whole document, as before. Decoding only the frontmatter halves what such a
 * scan allocates.
 */
export function frontmatterRecord(file: { rel: string; namespace: NamespaceConfig }, raw: RawRead): DocumentRecord | undefined {
  if (raw.kind !== 'bytes' || !decodable(raw.bytes)) return undefined;
  // The closing fence: after the opening one, which leading blank lines may precede.
  const fence = raw.bytes.indexOf('\n---', raw.bytes.indexOf('---') + 3);
  const end = fence < 0 ? -1 : raw.bytes.indexOf(0x0a, fence + 4);
  if (end < 0 || end >= HEAD_LIMIT) return undefined;
  const head = decodeDocument(file.rel, file.namespace, raw.bytes.subarray(0, end + 1), end + 1, raw.mtimeMs, false);
  return head.frontmatter ? head : undefined;
}
