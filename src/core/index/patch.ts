import { closeSync, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import { ChangedFile } from '../fs/changed-file.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import type { Issue } from '../issues.js';
import { itemsText, NODE_KEYS, stampArtifact } from './artifact.js';
import { nodeHead, replaceItems } from './artifact-items.js';
import { factsHash, type StoredResult } from './cache.js';
import type { DocFacts, NodeFields } from './facts.js';
import { nodeOf, statusMismatch, type IndexNode } from './graph.js';

/** A document whose facts changed since the last build: its position in the cache, its new facts, and the hash of its old ones. */
export interface FactsEdit {
  index: number;
  file: GovernedFile;
  facts: DocFacts;
  previousFactsHash: string;
}

/** A node as it is written inside the artifact's "nodes" array. */
const itemText = (node: IndexNode): string => itemsText([node], NODE_KEYS);

/** The fields of a node that come from its document, in the order factsOf makes them (their hash must match the cache's). */
function fieldsOf(n: IndexNode): NodeFields {
  return {
    document_id: n.document_id, type: n.type, title: n.title, status: n.status, owner: n.owner, version: n.version, last_updated: n.last_updated,
    area: n.area, description: n.description, keywords: n.keywords, related_ids: n.related_ids, superseded_by: n.superseded_by,
  };
}

const sameList = (a: unknown, b: readonly string[]) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/** The stored warnings with the status mismatch of one node as it now is; undefined when the stored ones do not hold the old one as expected. */
function withStatusWarning(warnings: readonly Issue[], before: IndexNode, after: IndexNode): Issue[] | undefined {
  const [was, now] = [statusMismatch(before), statusMismatch(after)];
  const mine = (w: Issue) => w.code === 'INDEX_STATUS_MISMATCH' && w.document_id === after.document_id && w.path === after.path;
  const old = warnings.filter(mine);
  if (old.length !== (was ? 1 : 0) || (was && JSON.stringify(old[0]) !== JSON.stringify(was))) return undefined;
  const out = warnings.filter((w) => !mine(w));
  // Where it goes does not matter: the envelope sorts warnings.
  if (now) out.push(now);
  return out;
}

/**
 * The last build's artifact and result after a few documents' node fields changed (a title,
 * a status, an owner...), made without building the graph again: each node item is replaced
 * in the artifact's bytes, and the node's status warning is made again. Only when nothing
 * else of the graph can have changed: the last build was sound (its artifact is the graph),
 * the artifact on disk has the SHA-256 it recorded, and each document keeps its path, ID,
 * related_ids and superseded_by, and its links: its old facts, rebuilt from the artifact's
 * node and the new links, have the hash the cache recorded. Anything else is undefined, with
 * the artifact left as it was: the caller builds in full. At 10k documents a new title took
 * a second to index, most of it reading every document's cached facts and building the graph
 * and the artifact's text from them.
 */
export async function patchIndex(config: RepoConfig, stored: StoredResult, edits: readonly FactsEdit[]): Promise<StoredResult | undefined> {
  if (stored.violations.length > 0) return undefined;
  let warnings: Issue[] | undefined = stored.warnings;
  const replace = new Map<string, (item: string) => string | undefined>();
  for (const edit of edits) {
    const fields = edit.facts.node;
    if (!fields || replace.has(nodeHead(fields.document_id))) return undefined;
    replace.set(nodeHead(fields.document_id), (text) => {
      let old: IndexNode;
      try {
        old = JSON.parse(text) as IndexNode;
      } catch {
        return undefined;
      }
      // The item must read back to its own bytes, and be this document's node with the facts the cache recorded.
      if (!old || typeof old !== 'object' || itemText(old) !== text || old.path !== edit.file.rel || old.namespace !== edit.file.namespace.name) return undefined;
      if (factsHash({ links: edit.facts.links, node: fieldsOf(old) }) !== edit.previousFactsHash) return undefined;
      if (!sameList(old.related_ids, fields.related_ids) || old.superseded_by !== fields.superseded_by) return undefined;
      const node = nodeOf(fields, edit.file.rel, edit.file.namespace.name);
      warnings = warnings && withStatusWarning(warnings, old, node);
      return warnings && itemText(node);
    });
  }
  const abs = path.join(config.root, config.index_path);
  let fd: number;
  try {
    fd = openSync(abs, SAFE_READ_FLAGS);
  } catch {
    return undefined;
  }
  const file = ChangedFile.open(config.root, abs, { write: true, hash: true, compare: false });
  try {
    const read = fstatSync(fd).isFile() ? replaceItems(fd, replace, (bytes) => (typeof bytes === 'string' ? file.add(bytes) : file.addBytes(bytes))) : undefined;
    // The old file must be the artifact the stored result describes, byte for byte.
    if (!read || !warnings || read.size !== stored.artifact_size || read.sha256 !== stored.artifact_sha256) {
      file.abort();
      return undefined;
    }
  } catch (error) {
    file.abort();
    throw error;
  } finally {
    closeSync(fd);
  }
  const done = await file.finish();
  const { node_count, edge_count, first_id, violations, advice } = stored;
  return stampArtifact(config, done.sha256, { node_count, edge_count, first_id, violations, warnings, advice }) ?? undefined;
}
