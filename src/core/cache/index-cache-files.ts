import path from 'node:path';
import type { GovernedFile } from '../engine/documents/walk.js';
import { CACHE_DIR } from './cache-dir.js';
import { sha256 } from '../text/sha256.js';
import type { DocFacts } from '../index/facts.js';
import { HashesFile } from './index-hashes-file.js';
import { baseCount } from './index-cache-positions.js';
import type { Manifest } from './index-cache-manifest.js';

/** The index cache's files (repo-relative): what every run reads, the facts and hashes it reads when something changed, the lock. */
export const MANIFEST = `${CACHE_DIR}/index.json`;
export const FACTS = `${CACHE_DIR}/index-facts.json`;
export const HASHES = `${CACHE_DIR}/index-hashes.json`;
export const LOCK = `${CACHE_DIR}/index.lock`;

/** A governed file the manifest did not describe: its stat and digest, and its facts. */
export interface AddedFile {
  file: GovernedFile;
  update: FileUpdate;
  facts: DocFacts;
}

/** A file whose stat changed but whose facts did not: its new stat and digest. */
export interface FileUpdate {
  size: number;
  mtime_ms: number;
  sha256: string;
}

/** A described file, as the last manifest had it or as this run found it. */
export interface Entry {
  size: number;
  mtime_ms: number;
  sha256: string;
  /** Position in the facts file of the manifest it came from (-1: facts already in memory). */
  at: number;
  facts?: DocFacts;
  factsHash?: string;
}

/** The hash of a document's facts, as stored in the hashes file. */
export function factsHash(facts: DocFacts): string {
  return sha256(JSON.stringify(facts), 'base64url');
}

/** The hashes file a manifest names, when it is there (see HashesFile); else null. */
export function readHashes(root: string, m: Manifest): HashesFile | null {
  return HashesFile.read(path.join(root, HASHES), m.hashes_sha256, baseCount(m), m.hashes_overlay);
}
