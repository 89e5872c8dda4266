import type { RepoConfig } from '../config/types.js';
import { absolutePath, readRaw, recordOf } from '../engine/documents/read.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import { compileSchemaFile, type CompiledSchema } from '../schema/compile.js';
import { sha256 } from '../text/sha256.js';
import { factsHash, type AddedFile, type FileUpdate } from '../cache/index-cache.js';
import { factsOf, type DocFacts } from './facts.js';

/** A document whose facts changed since the last build: its position in the cache, and its new facts. */
export interface FactsEdit {
  index: number;
  file: GovernedFile;
  facts: DocFacts;
}

/** A file whose stat is not the manifest's (or too recent to trust): its position, and its content and facts hashes as the cache has them. */
export interface StatChanged {
  index: number;
  file: GovernedFile;
  sha256: string;
  facts_hash: string;
}

/** What the files whose stats changed are now: their new stats and digests, and the new facts of those whose facts changed. */
export interface Settled {
  updates: Map<number, FileUpdate>;
  edits: FactsEdit[];
  /** How many have new bytes (the same facts or not). */
  changed: number;
}

/**
 * Reads each file whose stat changed since the last build: the same bytes change nothing
 * but its stat; new bytes are described, and only new facts are an edit. Undefined when one
 * cannot be read, or its bytes change while it is read (the caller builds in full). Their
 * count is small: the cache gives up beyond a few dozen.
 */
export async function settleChanged(config: RepoConfig, files: readonly StatChanged[]): Promise<Settled | undefined> {
  const updates = new Map<number, FileUpdate>();
  const edits: FactsEdit[] = [];
  let changed = 0;
  const describe = describer(config);
  for (const c of files) {
    const raw = readRaw(absolutePath(config.root, c.file.rel));
    if (raw.kind !== 'bytes') return undefined;
    const digest = sha256(raw.bytes);
    if (digest !== c.sha256) {
      const facts = await describe(c.file, digest);
      if (!facts) return undefined;
      if (factsHash(facts) !== c.facts_hash) edits.push({ index: c.index, file: c.file, facts });
      changed++;
    }
    updates.set(c.index, { size: raw.size, mtime_ms: raw.mtimeMs, sha256: digest });
  }
  return { updates, edits, changed };
}

/** Governed files the last build did not have, read and described; undefined when one cannot be read, or changes while it is read. */
export async function describeAdded(config: RepoConfig, files: readonly GovernedFile[]): Promise<AddedFile[] | undefined> {
  const describe = describer(config);
  const added: AddedFile[] = [];
  for (const file of files) {
    const raw = readRaw(absolutePath(config.root, file.rel));
    if (raw.kind !== 'bytes') return undefined;
    const digest = sha256(raw.bytes);
    const facts = await describe(file, digest);
    if (!facts) return undefined;
    added.push({ file, update: { size: raw.size, mtime_ms: raw.mtimeMs, sha256: digest }, facts });
  }
  return added;
}

/**
 * Describes files one by one, as the full build does: the file is read again and must still
 * have `digest` (the bytes may have changed under the stat read before). Undefined when it
 * does not, or cannot be read; the schemas are compiled on first use.
 */
function describer(config: RepoConfig): (file: GovernedFile, digest: string) => Promise<DocFacts | undefined> {
  let schemas: Map<string, CompiledSchema | undefined> | undefined;
  return async (file, digest) => {
    if (!schemas) {
      schemas = new Map();
      for (const ns of config.namespaces) {
        if (schemas.has(ns.schema_path)) continue;
        const compiled = await compileSchemaFile(config.root, ns.schema_path);
        schemas.set(ns.schema_path, compiled.ok ? compiled : undefined);
      }
    }
    const again = readRaw(absolutePath(config.root, file.rel));
    if (again.kind !== 'bytes' || sha256(again.bytes) !== digest) return undefined;
    const record = recordOf(file.rel, file.namespace, again);
    if (record.unreadable) return undefined;
    // Loaded here, not at start-up: a run with nothing to describe never needs the Markdown code.
    const { describeDocument } = await import('../engine/load.js');
    return factsOf(describeDocument(record, schemas.get(file.namespace.schema_path), false, false));
  };
}
