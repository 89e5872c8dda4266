import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../text/sha256.js';
import type { DocFacts } from './facts.js';
import type { Hashes } from './hashes-file.js';
import { baseCount } from './cache-positions.js';
import { describedFiles, isFacts, type Manifest } from './cache-manifest.js';
import { FACTS, MANIFEST, factsHash, type Entry } from './cache-files.js';
import { factsMentioning } from './facts-scan.js';

/** Cached node documents that link to some paths: by ID, their path and their links. */
export type Linkers = Map<string, { rel: string; links: readonly string[] }>;

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

/** The facts file a manifest names, parsed; null when it is missing or does not match the manifest (its SHA-256, its length, its entries' shape). */
export function readFactsFile(root: string, m: Manifest): DocFacts[] | null {
  try {
    const text = readFileSync(path.join(root, FACTS), 'utf8');
    const facts = JSON.parse(text) as unknown;
    return sha256(text) === m.facts_sha256 && Array.isArray(facts) && facts.length === baseCount(m) && facts.every(isFacts) ? facts : null;
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
    const entry: Entry = { size: m.sizes[at]!, mtime_ms: m.mtimes[at]!, sha256: sha, at, ...(at < h.paths.length ? { factsHash: h.facts_hashes[at]! } : {}) };
    entries.set(rel, entry);
    byPosition.set(at, entry);
  }
  for (const [k, facts] of Object.entries(m.facts_overlay ?? {})) {
    const entry = byPosition.get(Number(k));
    if (entry) Object.assign(entry, { facts, factsHash: factsHash(facts) });
  }
  return entries;
}

/**
 * The cached documents that are nodes and link to one of these paths (see Linkers); undefined
 * when the cached facts cannot be read. The manifest's list of unresolved targets answers for
 * paths that were no governed file (`governed` false) while it holds them all; otherwise the
 * facts file's bytes are searched (its SHA-256 checked) and only the entries that mention a
 * path are parsed, with the overlay's facts. `listed`: the hashes file's paths (null: unreadable).
 */
export function linkersIn(root: string, m: Manifest, paths: readonly string[], governed: boolean, listed: () => string[] | null): Linkers | undefined {
  const out: Linkers = new Map();
  // The list holds every target that was no governed file.
  if (paths.length === 0 || (m.unresolved && !governed && !paths.some((p) => m.unresolved!.includes(p)))) return out;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(root, FACTS));
  } catch {
    return undefined;
  }
  const found = sha256(bytes) === m.facts_sha256 ? factsMentioning(bytes, paths, baseCount(m)) : undefined;
  if (!found) return undefined;
  const overlay = m.facts_overlay ?? {};
  const candidates = [...[...found].filter(([k]) => overlay[k] === undefined), ...Object.entries(overlay).map(([k, f]): [number, DocFacts] => [Number(k), f])];
  const wanted = new Set(paths);
  let known: string[] | null | undefined;
  for (const [k, facts] of candidates) {
    if (m.removed?.[k] !== undefined || !facts.node || !facts.links.some((l) => wanted.has(l))) continue;
    known ??= listed();
    const rel = known && (k < known.length ? known[k] : m.appended?.[k - known.length]);
    if (!rel) return undefined;
    out.set(facts.node.document_id, { rel, links: facts.links });
  }
  return out;
}
