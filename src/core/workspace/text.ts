import path from 'node:path';
import { MAX_DOCUMENT_BYTES, readBytesSync } from '../engine/documents/read-bytes.js';
import { isInside } from '../fs/paths.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * A repository file's text as an editor shows it (UTF-8, without the byte order mark), read
 * the way documents are (bounded, never through a symbolic link at its last segment);
 * undefined when it is outside the root, missing, too large or not UTF-8.
 */
export function readEditorText(root: string, rel: string): string | undefined {
  const abs = path.resolve(root, rel);
  if (!isInside(root, abs)) return undefined;
  try {
    const { bytes } = readBytesSync(abs, MAX_DOCUMENT_BYTES);
    if (!bytes) return undefined;
    return decoder.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}
