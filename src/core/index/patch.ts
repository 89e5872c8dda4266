import { closeSync, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { ArtifactFile } from './artifact-file.js';
import { lazySuggest, readNode } from './relate.js';
import { nodeIdsAt, storedIds } from './relink.js';
import { patchInStages } from './patch-stages.js';
import type { RemovedFile, StoredResult } from './cache.js';
import { removal, renames } from './patch-removed.js';
import { isSkipped, skippedWarning, withoutSkipped } from './facts.js';
import { PatchDraft } from './patch-draft.js';
import { applied, applyRemoval } from './patch-write.js';
import type { FactsEdit, NewFile, PatchFiles, Patched, PatchOptions } from './patch-types.js';

export type { FactsEdit, NewFile, Patched, PatchOptions } from './patch-types.js';

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
 * nodes whose relations and successor changed from none; the documents whose relations or
 * successor named their IDs have those made again, and the cached documents that linked to
 * their paths their references (see patch-added.ts and PatchDraft);
 * removed files are taken out alone, or are renames, edits whose path changed (see
 * patch-removed.ts). A document that keeps its path under another ID, one that stops or
 * starts being a node along with other changes, and removals with other changes that are not
 * renames, are patched in passes when `opts.stage` says where (see patch-stages.ts).
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
    let warnings = stored.warnings;
    /** The run in passes (see patch-stages.ts), from the stored result or one with some warnings taken out (`start`). */
    const inStages = (e: readonly FactsEdit[], a: readonly NewFile[], r: readonly RemovedFile[], start = stored) =>
      opts.stage ? patchInStages(patchIndex, config, start, { edits: e, added: a, removed: r }, { ...io, stage: opts.stage, linkers: opts.linkers }) : undefined;
    // A document whose ID changed is taken out under its old ID and put in under its new one.
    const moved = edits.length > 0 && opts.stage ? idChanges(file, stored, edits) : [];
    if (moved === undefined) return undefined;
    // A document that stops being a node (its YAML breaks, it loses its ID) is taken out as a
    // removed node, and the warning then says why it is none; one that becomes a node is put
    // in as a new one (the documents that link to its path: the facts file is searched).
    const skippedAt = (rel: string) => warnings.filter(isSkipped(rel));
    const stopping = edits.filter((e) => !e.facts.node && e.facts.skip && skippedAt(e.file.rel).length === 0);
    const becoming = edits.filter((e) => e.facts.node && skippedAt(e.file.rel).length === 1 && readNode(file, e.facts.node.document_id) === null);
    const noLonger = (e: FactsEdit) => skippedWarning(e.file.rel, e.facts.skip!);
    if (moved.length === 0 && edits.length === 1 && added.length === 0 && removed.length === 0) {
      // Alone in the run: one pass.
      if (stopping[0]) {
        const gone = removal(fd, file, stored, [{ index: stopping[0].index, rel: stopping[0].file.rel }], opts.linkers);
        return gone && (await applyRemoval(config, fd, stored, { ...gone, warnings: [...gone.warnings, noLonger(stopping[0])] }, io));
      }
      if (becoming[0]) return patchIndex(config, { ...stored, warnings: withoutSkipped(warnings, becoming[0].file.rel)! }, [], [{ ...becoming[0], governed: true }], [], { ...io, linkers: opts.linkers });
    } else if (moved.length + stopping.length + becoming.length > 0) {
      // With other changes: in passes.
      const out = [...moved, ...stopping, ...becoming];
      const dropped = new Set(becoming.flatMap((e) => skippedAt(e.file.rel)));
      const staged = await inStages(
        edits.filter((e) => !out.includes(e)),
        [...added, ...[...moved, ...becoming].map((e) => ({ ...e, governed: true }))],
        [...removed, ...[...moved, ...stopping].map((e) => ({ index: e.index, rel: e.file.rel }))],
        { ...stored, warnings: stored.warnings.filter((w) => !dropped.has(w)) },
      );
      return staged && { ...staged, result: { ...staged.result, warnings: [...staged.result.warnings, ...stopping.map(noLonger)] } };
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
    const draft = new PatchDraft(file, stored, warnings, stored.advice);
    // Every node ID and the new ones, read when a new dangling ID first needs its suggestion.
    const suggest = lazySuggest(() => {
      const ids = storedIds(fd, stored);
      return ids && [...ids, ...draft.addedNodes.map((n) => n.document_id)];
    });
    // A renamed document is an edit whose path changed.
    const isRenamed = (a: NewFile) => a.facts.node !== undefined && renamed.has(a.facts.node.document_id);
    const moves = added.filter(isRenamed);
    if (!draft.editNodes([...edits, ...moves.map((a): FactsEdit => ({ index: -1, file: a.file, facts: a.facts, previousFactsHash: '' }))], renamed)) return undefined;
    // A document that linked to a renamed node's old path: its references are made again, from
    // its new links when it was edited, else from its cached ones (the old path is no node's now).
    if (!draft.relinkUnedited(linkedBy, () => opts.linkers?.([...renamed.values()], true))) return undefined;
    if (!draft.addNodes(added.filter((a) => !isRenamed(a)))) return undefined;
    // Documents that linked to a new node's path before it was one gain a reference to it.
    for (const governed of [false, true]) {
      const paths = added.filter((a) => !!a.governed === governed && a.facts.node).map((a) => a.file.rel);
      if (paths.length > 0 && !draft.relinkLinkers(opts.linkers?.(paths, governed))) return undefined;
    }
    if (!draft.relateNamers() || !draft.relations(suggest) || !draft.insertNodes() || !draft.edges(removed, moves)) return undefined;
    // An insertion before a replaced item comes first; insertions at one place stay in ID order.
    const splices = [...draft.splices].sort((a, b) => a.from - b.from || a.to - b.to);
    const { edge_count, violations } = stored;
    const first_id = [stored.first_id, ...draft.addedNodes.map((n) => n.document_id)].reduce<string | null>((a, b) => (a === null || (b !== null && b < a) ? b : a), null);
    return await applied(config, fd, stored, splices, io, { node_count: draft.nodeCount, edge_count: edge_count + draft.delta, first_id, violations, warnings: draft.warnings, advice: draft.advice });
  } finally {
    closeSync(fd);
  }
}
