import { closeSync, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import { ChangedFile } from '../fs/changed-file.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import type { Issue } from '../issues.js';
import { itemsText, NODE_KEYS, stampArtifact } from './artifact.js';
import { ArtifactFile, copyWithSplices, findFirst, type Splice } from './artifact-file.js';
import { edgeSplices, type EdgeRun } from './edge-splices.js';
import { lazySuggest, readNode, relate, supersede, type RelatedEdit, type SuccessorEdit } from './relate.js';
import { changedRun, edgeCountSplice, edgesArray, nodeIds, nodeIdsAt, storedIds, type SourceChange } from './relink.js';
import { patchInStages } from './patch-stages.js';
import { factsHash, type AddedFile, type Linkers, type RemovedFile, type StoredResult } from './cache.js';
import { removal, renames, type Removal } from './patch-removed.js';
import { skippedWarning, type DocFacts, type NodeFields } from './facts.js';
import { nodeOf, statusMismatch, type IndexNode } from './graph.js';
import { addedSplices, answersAll, namersOf, resuggest } from './patch-added.js';

/** A document whose facts changed since the last build: its position in the cache, its new facts, and the hash of its old ones. */
export interface FactsEdit {
  index: number;
  file: GovernedFile;
  facts: DocFacts;
  previousFactsHash: string;
}

/** Where a patch reads the artifact and writes the new one (both the artifact's path unless staged; see patch-stages.ts). */
export interface PatchFiles {
  from: string;
  to: string;
  /** Write even when nothing changes: a stage's file becomes the artifact. */
  always: boolean;
}

/** A new file to patch in; `governed`: its path was a governed file at the last build (a document that becomes a node, or keeps its path under another ID). */
export type NewFile = Pick<AddedFile, 'file' | 'facts'> & { governed?: boolean };

export interface PatchOptions extends Partial<PatchFiles> {
  /** The cached node documents that link to these paths (see IndexCache.linkersOf; undefined: unknown). */
  linkers?: (paths: readonly string[], governed: boolean) => Linkers | undefined;
  /** Where a run the one pass cannot take writes its intermediate artifacts (see patchInStages); none: such a run builds in full. */
  stage?: string;
}

export interface Patched {
  result: StoredResult;
  written: boolean;
}

/**
 * The edits of documents that stay nodes under another ID: the artifact has a node at their
 * path, and none with their new ID. Undefined when the artifact is not the stored one.
 */
function idChanges(file: ArtifactFile, stored: StoredResult, edits: readonly FactsEdit[]): FactsEdit[] | undefined {
  const candidates = edits.filter((e) => e.facts.node && readNode(file, e.facts.node.document_id) === null);
  if (candidates.length === 0) return [];
  const ids = nodeIdsAt(file, stored, candidates.map((e) => e.file.rel));
  return ids && candidates.filter((e) => ids.has(e.file.rel));
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
 * The last build's artifact and result after a few documents' node fields, links, relations
 * or successors changed (a title, a status, an owner, a new link, a new related ID, a new
 * superseded_by...), made without building the graph again: each node item is replaced in the
 * artifact's bytes, each changed source's run of edges too, and the node's status warning is
 * made again. Only when nothing else of the graph can have changed: the last build was sound
 * (its artifact is the graph), the artifact on disk has the SHA-256 it recorded, and each
 * document keeps its path and ID. Then no node is added or removed and no ID moves, so no
 * other document's references or relations change: only the references of the relinked
 * documents, made again from their links and the nodes' paths; the relations of the documents
 * whose related_ids changed, with their warnings and advice; and the supersession edges of the
 * documents whose successors changed, which must not close a cycle (see relate.ts). When a
 * document's old facts, rebuilt from the artifact's node and the new links, have the hash the
 * cache recorded, its links did not change. A document that is not a node, and was not one,
 * changes nothing but the reason it is not (a warning), and its links make no edge. Anything
 * else is undefined, with the artifact left as it was: the caller builds in full. At 10k
 * documents such an edit took a second to index, most of it reading every document's cached
 * facts and building the graph and the artifact's text from them. New files (`added`) are
 * nodes whose relations and successor changed from none, when no successor named their IDs
 * (the caller knows that no cached document links to their paths; see patch-added.ts);
 * removed files are taken out alone, or are renames, edits whose path changed (see
 * patch-removed.ts). A document that keeps its path under another ID, and removals with other
 * changes that are not renames, are patched in passes when `opts.stage` says where (see
 * patch-stages.ts).
 */
export async function patchIndex(
  config: RepoConfig,
  stored: StoredResult,
  edits: readonly FactsEdit[],
  added: readonly NewFile[] = [],
  removed: readonly RemovedFile[] = [],
  opts: PatchOptions = {},
): Promise<Patched | undefined> {
  if (stored.violations.length > 0) return undefined;
  const artifact = path.join(config.root, config.index_path);
  const io: PatchFiles = { from: opts.from ?? artifact, to: opts.to ?? artifact, always: opts.always ?? false };
  let fd: number;
  try {
    fd = openSync(io.from, SAFE_READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size !== stored.artifact_size) return undefined;
    const file = new ArtifactFile(fd, stat.size);
    let [warnings, advice] = [stored.warnings, stored.advice];
    const inStages = (e: readonly FactsEdit[], a: readonly NewFile[], r: readonly RemovedFile[]) =>
      opts.stage ? patchInStages(patchIndex, config, stored, { edits: e, added: a, removed: r }, { ...io, stage: opts.stage, linkers: opts.linkers }) : undefined;
    // A document whose ID changed is taken out under its old ID and put in under its new one.
    const moved = edits.length > 0 && opts.stage ? idChanges(file, stored, edits) : [];
    if (moved === undefined) return undefined;
    if (moved.length > 0) {
      const rest = edits.filter((e) => !moved.includes(e));
      return inStages(rest, [...added, ...moved.map((e) => ({ ...e, governed: true }))], [...removed, ...moved.map((e) => ({ index: e.index, rel: e.file.rel }))]);
    }
    /** Old paths of renamed nodes, by ID. */
    let renamed = new Map<string, string>();
    /** The documents that linked to a renamed node's old path. */
    let linkedBy = new Set<string>();
    if (removed.length > 0 && (edits.length > 0 || added.length > 0)) {
      // With edits or new files, renames (and files that were no node) in one pass: another removed node's ID or path may be what they name.
      const moved = renames(fd, file, stored, removed, new Map(added.flatMap((a) => (a.facts.node ? [[a.facts.node.document_id, a.file.rel]] : []))));
      if (!moved) return inStages(edits, added, removed);
      [warnings, renamed, linkedBy] = [moved.warnings, moved.renamed, moved.linkedBy];
    } else if (removed.length > 0) {
      const gone = removal(fd, file, stored, removed, opts.linkers);
      return gone && (await applyRemoval(config, fd, stored, gone, io));
    }
    // One document that stops being a node, or becomes one, alone in the run: taken out as a
    // removed node (a warning then says why it is not one), or put in as a new node, when no
    // cached document links to its path (a governed path: the facts file is searched).
    const only = edits.length === 1 && added.length === 0 && removed.length === 0 ? edits[0]! : undefined;
    const skipped = only ? warnings.filter((w) => w.code === 'INDEX_DOCUMENT_SKIPPED' && w.path === only.file.rel) : [];
    if (only && !only.facts.node && only.facts.skip && skipped.length === 0) {
      const gone = removal(fd, file, stored, [{ index: only.index, rel: only.file.rel }], opts.linkers);
      return gone && (await applyRemoval(config, fd, stored, { ...gone, warnings: [...gone.warnings, skippedWarning(only.file.rel, only.facts.skip)] }, io));
    }
    if (only?.facts.node && skipped.length === 1 && readNode(file, only.facts.node.document_id) === null) {
      return patchIndex(config, { ...stored, warnings: warnings.filter((w) => w !== skipped[0]) }, [], [{ ...only, governed: true }], [], { ...io, linkers: opts.linkers });
    }
    /** The warnings the patch starts from (a renamed node's moved to its new path). */
    const before = warnings;
    const splices: Splice[] = [];
    /** The sources whose edges change. */
    const changes = new Map<string, SourceChange>();
    const changeOf = (id: string): SourceChange => changes.get(id) ?? changes.set(id, { id }).get(id)!;
    const superseding: SuccessorEdit[] = [];
    const relating: RelatedEdit[] = [];
    const addedNodes: IndexNode[] = [];
    // Every node ID and the new ones, read when a new dangling ID first needs its suggestion.
    const suggest = lazySuggest(() => {
      const ids = storedIds(fd, stored);
      return ids && [...ids, ...addedNodes.map((n) => n.document_id)];
    });
    const seen = new Set<string>();
    // A renamed document is an edit whose path changed.
    const isRenamed = (a: Pick<AddedFile, 'facts'>) => a.facts.node !== undefined && renamed.has(a.facts.node.document_id);
    const moves = added.filter(isRenamed).map((a): FactsEdit => ({ index: -1, file: a.file, facts: a.facts, previousFactsHash: '' }));
    for (const edit of [...edits, ...moves]) {
      const fields = edit.facts.node;
      if (!fields) {
        // Not a node, nor was it: the stored result says why not, and now says the new reason.
        const mine = (w: Issue) => w.code === 'INDEX_DOCUMENT_SKIPPED' && w.path === edit.file.rel;
        if (!edit.facts.skip || warnings.filter(mine).length !== 1) return undefined;
        warnings = [...warnings.filter((w) => !mine(w)), skippedWarning(edit.file.rel, edit.facts.skip)];
        continue;
      }
      const found = readNode(file, fields.document_id);
      if (!found || seen.has(fields.document_id)) return undefined;
      seen.add(fields.document_id);
      const { at, text } = found;
      const from = renamed.get(fields.document_id);
      const old = from === undefined ? found.node : found.node.path === from ? { ...found.node, path: edit.file.rel, namespace: edit.file.namespace.name } : undefined;
      // This document's node.
      if (!old || old.path !== edit.file.rel || old.namespace !== edit.file.namespace.name) return undefined;
      const node = nodeOf(fields, edit.file.rel, edit.file.namespace.name);
      const status = withStatusWarning(warnings, old, node);
      if (!status) return undefined;
      warnings = status;
      const now = itemText(node);
      if (now !== text) splices.push({ from: at + 1, to: at + 1 + Buffer.byteLength(text), text: now });
      const change = changeOf(node.document_id);
      // Old facts with the new links: the recorded hash says the links are the same.
      if (factsHash({ links: edit.facts.links, node: fieldsOf(old) }) !== edit.previousFactsHash) change.links = edit.facts.links;
      if (!sameList(old.related_ids, fields.related_ids)) relating.push({ node, before: old.related_ids });
      if (old.superseded_by !== fields.superseded_by) superseding.push({ node, before: old.superseded_by });
    }
    // A document that linked to a renamed node's old path: its references are made again, from
    // its new links when it was edited, else from its cached ones (the old path is no node's now).
    const unedited = [...linkedBy].filter((source) => !changes.get(source)?.links);
    if (unedited.length > 0) {
      const found = opts.linkers?.([...renamed.values()], true);
      for (const source of unedited) {
        const cached = found?.get(source);
        if (!cached) return undefined;
        changeOf(source).links = cached.links;
      }
    }
    // New files: a node each whose ID no successor named (or why it is not a node). As relations
    // and a successor that changed from none, they make their edges, warnings and advice.
    for (const a of added) {
      if (isRenamed(a)) continue;
      const fields = a.facts.node;
      if (!fields) {
        if (!a.facts.skip) return undefined;
        warnings = [...warnings, skippedWarning(a.file.rel, a.facts.skip)];
        continue;
      }
      // A duplicate ID fails the build.
      if (seen.has(fields.document_id) || readNode(file, fields.document_id) !== null) return undefined;
      seen.add(fields.document_id);
      const node = nodeOf(fields, a.file.rel, a.file.namespace.name);
      addedNodes.push(node);
      const mismatch = statusMismatch(node);
      if (mismatch) warnings = [...warnings, mismatch];
      changeOf(node.document_id).links = a.facts.links;
      relating.push({ node, before: [] });
      superseding.push({ node, before: null });
    }
    // Documents that linked to a new node's path before it was one gain a reference to it: their
    // references are made again from their cached links (edited ones already are, from their new links).
    for (const governed of [false, true]) {
      const paths = added.filter((a) => !!a.governed === governed && a.facts.node).map((a) => a.file.rel);
      if (paths.length === 0) continue;
      const found = opts.linkers?.(paths, governed);
      if (!found) return undefined;
      for (const [id, cached] of found) {
        if (changes.get(id)?.links) continue;
        // Still a node at that path (not one removed in an earlier pass).
        if (readNode(file, id)?.node.path !== cached.rel) return undefined;
        changeOf(id).links = cached.links;
      }
    }
    // A new ID that a relation named was dangling: that document's relations are made again
    // (its warning goes, its edge is guaranteed, the relation may be one-sided now).
    const namers = namersOf(warnings, addedNodes);
    if (!namers) return undefined;
    for (const id of namers) {
      if (relating.some((r) => r.node.document_id === id)) continue;
      const found = readNode(file, id);
      if (!found) return undefined;
      relating.push({ node: found.node, before: found.node.related_ids });
    }
    const nodeCount = stored.node_count + addedNodes.length;
    if (superseding.length > 0) {
      const moved = supersede(file, { node_count: nodeCount, warnings }, superseding, suggest);
      if (!moved) return undefined;
      warnings = moved.warnings;
      for (const { node, before } of superseding) {
        if (before !== null) (changeOf(before).unsupersedes ??= []).push(node.document_id);
        if (node.superseded_by !== null) (changeOf(node.superseded_by).supersedes ??= []).push({ target: node.document_id, guaranteed: moved.guaranteed.get(node.document_id)! });
      }
    }
    let delta = 0;
    if (relating.length > 0) {
      const related = relate(file, { node_count: nodeCount, warnings, advice }, relating, suggest, new Set(addedNodes.map((n) => n.document_id)));
      if (!related) return undefined;
      [warnings, advice] = [related.warnings, related.advice];
      for (const { node } of relating) changeOf(node.document_id).related = { ids: node.related_ids, nodes: related.nodes };
    }
    if (addedNodes.length > 0) {
      // Every dangling relation answered, before and now (a new ID may be a closer suggestion).
      if (!answersAll(before, stored.node_count) || !answersAll(warnings, nodeCount)) return undefined;
      const now = resuggest(warnings, new Set(before), addedNodes);
      if (!now) return undefined;
      warnings = now;
      const inserted = addedSplices(file, addedNodes, stored.node_count);
      if (!inserted) return undefined;
      splices.push(...inserted);
    }
    const changed = [...changes.values()].filter((c) => c.links || c.related || c.supersedes || c.unsupersedes);
    if (changed.length > 0) {
      const [ids, edges] = [changed.some((c) => c.links?.length) ? nodeIds(file, stored, changed) : new Map<string, string>(), edgesArray(file)];
      if (!ids || !edges) return undefined;
      // Removed paths are no node's now; new and renamed ones are.
      for (const r of removed) ids.delete(r.rel);
      for (const n of addedNodes) ids.set(n.path, n.document_id);
      for (const m of moves) ids.set(m.file.rel, m.facts.node!.document_id);
      const runs: EdgeRun[] = [];
      for (const c of changed) {
        const made = changedRun(file, edges, c, ids);
        if (!made) return undefined;
        if (made.run) runs.push(made.run);
        delta += made.delta;
      }
      if (delta !== 0) {
        const count = edgeCountSplice(file, stored.edge_count, stored.edge_count + delta);
        if (!count) return undefined;
        splices.push(count);
      }
      splices.push(...edgeSplices(edges, runs));
    }
    // An insertion before a replaced item comes first; insertions at one place stay in ID order.
    splices.sort((a, b) => a.from - b.from || a.to - b.to);
    const { edge_count, violations } = stored;
    const first_id = [stored.first_id, ...addedNodes.map((n) => n.document_id)].reduce<string | null>((a, b) => (a === null || (b !== null && b < a) ? b : a), null);
    return await applied(config, fd, stored, splices, io, { node_count: nodeCount, edge_count: edge_count + delta, first_id, violations, warnings, advice });
  } finally {
    closeSync(fd);
  }
}

/** The result of a removal (see removal), its splices applied to the artifact. */
function applyRemoval(config: RepoConfig, fd: number, stored: StoredResult, gone: Removal, io: PatchFiles): Promise<Patched | undefined> {
  const { node_count, edge_count, first_id, warnings, advice } = gone;
  return applied(config, fd, stored, [...gone.splices].sort((a, b) => a.from - b.from), io, { node_count, edge_count, first_id, violations: stored.violations, warnings, advice });
}

/** The splices applied (see rewrite), and the result stamped with the file that then holds the artifact. */
async function applied(config: RepoConfig, fd: number, stored: StoredResult, splices: readonly Splice[], io: PatchFiles, result: Parameters<typeof stampArtifact>[2]): Promise<Patched | undefined> {
  const done = await rewrite(config, fd, stored, splices, io);
  if (done === null) return undefined;
  const written = splices.length > 0 || io.always;
  const stamped = stampArtifact(config, done, result, written ? io.to : io.from);
  return stamped ? { result: stamped, written } : undefined;
}

/**
 * The artifact with the splices applied, written to `io.to` when there are any (or always):
 * its new SHA-256; null when the old file is not the stored artifact.
 */
async function rewrite(config: RepoConfig, fd: number, stored: StoredResult, splices: readonly Splice[], io: PatchFiles): Promise<string | undefined | null> {
  const sameAsStored = (read: { size: number; sha256: string }) => read.size === stored.artifact_size && read.sha256 === stored.artifact_sha256;
  if (splices.length === 0 && !io.always) return sameAsStored(findFirst(fd, [])) ? stored.artifact_sha256 : null;
  // A pass's file before the last is deleted afterwards (see patch-stages.ts): it need not reach the disk.
  const file = ChangedFile.open(config.root, io.to, { write: true, hash: true, compare: false, durable: io.to === path.join(config.root, config.index_path) });
  try {
    const read = copyWithSplices(fd, splices, (bytes) => (typeof bytes === 'string' ? file.add(bytes) : file.addBytes(bytes)));
    // The old file must be the artifact the stored result describes, byte for byte.
    if (!sameAsStored(read)) {
      file.abort();
      return null;
    }
  } catch (error) {
    file.abort();
    throw error;
  }
  return (await file.finish()).sha256;
}
