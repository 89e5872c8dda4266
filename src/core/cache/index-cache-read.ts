import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../text/sha256.js';
import type { DocFacts } from '../index/facts.js';
import type { Hashes } from './index-hashes-file.js';
import { baseCount } from './index-cache-positions.js';
import { decodeFacts } from './index-facts-file.js';
import { describedFiles, type Manifest } from './index-cache-manifest.js';
import { FACTS, MANIFEST, factsHash, type Entry } from './index-cache-files.js';

/** The manifest's text and modification time (never through a symbolic link); undefined when there is none to read. */
export function readManifestFile(root: string): { text: string; mtimeMs: number } | undefined {
  try {
    const fd = openSync(path.join(root, MANIFEST), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      const mtimeMs = fstatSync(fd).mtimeMs;
      return { text: readFileSync(fd, 'utf8'), mtimeMs };
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * The facts file a manifest names, parsed; null when it is missing or does not match the
 * manifest (its SHA-256, its length, its columns' shape: see decodeFacts). Its bytes are hashed as read (hashing
 * the text would encode it to UTF-8 again), and another file is not parsed.
 */
export function readFactsFile(root: string, m: Manifest): DocFacts[] | null {
  try {
    const bytes = readFileSync(path.join(root, FACTS));
    if (sha256(bytes) !== m.facts_sha256) return null;
    return decodeFacts(bytes.toString('utf8'), baseCount(m));
  } catch {
    return null;
  }
}

/** The manifest's entries by path: its stats and the hashes file's digests, with the overlay's facts for the documents it carries. */
export function entriesOf(m: Manifest, h: Hashes): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const byPosition = new Map<number, Entry>();
  for (const { rel, at, sha256: sha } of describedFiles(m, h)) {
    // Appended files' facts are in the overlay (below).
    const entry: Entry = {
      size: m.sizes[at]!,
      mtime_ms: m.mtimes[at]!,
      sha256: sha,
      at,
      ...(at < h.paths.length ? { factsHash: h.facts_hashes[at]! } : {}),
    };
    entries.set(rel, entry);
    byPosition.set(at, entry);
  }
  for (const [k, facts] of Object.entries(m.facts_overlay ?? {})) {
    const entry = byPosition.get(Number(k));
    if (entry) Object.assign(entry, { facts, factsHash: factsHash(facts) });
  }
  return entries;
}
