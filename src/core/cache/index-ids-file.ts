import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { readBytesSync } from '../engine/documents/read-bytes.js';
import { CACHE_DIR } from './cache-dir.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import type { StoredResult } from './index-cache-manifest.js';

/**
 * The node IDs of the artifact `index` last wrote, in its order, named by the artifact's
 * SHA-256: what the state commands and ID suggestions need of the index, without reading
 * the artifact (tens of megabytes in a large repository) to find them. The cache's: rebuilt by `index`.
 */
const IDS_FILE = `${CACHE_DIR}/index-ids.json`;

/** Far above 100k IDs: a larger file is not read. */
const MAX_IDS_BYTES = 16 * 1024 * 1024;

const head = (sha256: string) => `{"artifact_sha256":${JSON.stringify(sha256)},"ids":`;

/** Whether the file names this artifact (its first bytes only). */
function names(root: string, sha256: string): boolean {
  const want = Buffer.from(head(sha256));
  let fd: number | undefined;
  try {
    fd = openSync(path.join(root, IDS_FILE), SAFE_READ_FLAGS);
    const buf = Buffer.alloc(want.length);
    return readSync(fd, buf, 0, buf.length, 0) === buf.length && buf.equals(want);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Records the IDs of the artifact just written or verified, unless the file already names it. */
export async function writeIdsFile(root: string, sha256: string, ids: readonly string[]): Promise<void> {
  if (names(root, sha256)) return;
  await writeFileAtomic(root, path.join(root, IDS_FILE), `${head(sha256)}${JSON.stringify(ids)}}\n`, { overwrite: true, durable: false });
}

/** The IDs recorded for the artifact `stored` describes; undefined when the file is missing, names another, or does not read as one. */
export function readIdsFile(root: string, stored: Pick<StoredResult, 'artifact_sha256' | 'node_count' | 'first_id'>): string[] | undefined {
  try {
    const { bytes } = readBytesSync(path.join(root, IDS_FILE), MAX_IDS_BYTES);
    if (!bytes) return undefined;
    const read = JSON.parse(bytes.toString('utf8')) as { artifact_sha256?: unknown; ids?: unknown };
    const ids = read.ids;
    if (
      read.artifact_sha256 !== stored.artifact_sha256 ||
      !Array.isArray(ids) ||
      ids.length !== stored.node_count ||
      (ids[0] ?? null) !== stored.first_id
    )
      return undefined;
    return ids.every((id) => typeof id === 'string') ? ids : undefined;
  } catch {
    return undefined;
  }
}
