import type { Issue } from '../issues.js';
import { findAll, type ArtifactFile, type Splice } from './artifact-file.js';
import type { Linkers, RemovedFile, StoredResult } from './cache.js';
import { edgeSplices } from './edge-splices.js';
import { withoutSkipped } from './facts.js';
import { dangling, type IndexNode } from './graph.js';
import { answersAll, parseDangling, suggestedId } from './patch-added.js';
import { lazySuggest, moveSupersessions, readNode, relate, supersede, type RelatedEdit, type Suggest, type SuccessorEdit } from './relate.js';
import { changedRun, runOf, edgeCountSplice, edgesArray, nodeCountSplice, nodeIds, nodeIdsAt, nodesArray, referenceLines, referencingSources, relationLines, sourcesAt, storedIds, supersessionLines, targetLine, type SourceChange } from './relink.js';
import type { PatchOptions, Removal } from './patch-types.js';

export type { Removal } from './patch-types.js';

/**
 * Files removed in a run that also has edits or new files: each must have been no node (its
 * warning goes), or a node whose ID a new file has (`moves`: ID to new path; a rename, as
 * `git mv` makes). The renamed node's warnings move to its new path, and the caller patches
 * it as an edit whose path changed: its relations and supersessions name its ID, which
 * stays. The documents that linked to its old path (`linkedBy`, by ID) lose their reference
 * to it unless they link anew: the caller checks that their links are made again. Undefined
 * otherwise.
 */
export function renames(fd: number, file: ArtifactFile, stored: StoredResult, removed: readonly RemovedFile[], moves: ReadonlyMap<string, string>): { warnings: Issue[]; renamed: Map<string, string>; linkedBy: Set<string> } | undefined {
  const ids = nodeIdsAt(file, stored, removed.map((r) => r.rel));
  if (!ids) return undefined;
  let warnings: Issue[] | undefined = [...stored.warnings];
  const renamed = new Map<string, string>();
  for (const r of removed) {
    const id = ids.get(r.rel);
    const to = id === undefined ? undefined : moves.get(id);
    if (id === undefined) warnings = withoutSkipped(warnings, r.rel);
    else if (to === undefined) return undefined;
    else {
      renamed.set(id, r.rel);
      warnings = warnings.map((w) => (w.document_id === id && w.path === r.rel ? { ...w, path: to } : w));
    }
    if (!warnings) return undefined;
  }
  const linkedBy = renamed.size > 0 ? referencingSources(file, stored, [...renamed.keys()]) : new Set<string>();
  return linkedBy && { warnings, renamed, linkedBy };
}

/**
 * The last build's artifact and result without some governed files, made without building
 * the graph again. A file that was not a node: its warning goes. A node: its item and edges
 * go, with its status warning, its own dangling and one-sided relations and its successor
 * (see relate and supersede), and its successor's supersession of it; a suggestion that named
 * it names the next closest ID; the documents that linked to it have their references made
 * again from their cached links (`linkers`), without it; those whose related_ids named it
 * name a dangling ID; and the documents it superseded keep a supersession edge from it, no
 * longer guaranteed, with a dangling-successor warning. Undefined when the stored result
 * cannot tell what a full build gives: the caller builds in full.
 */
export function removal(fd: number, file: ArtifactFile, stored: StoredResult, removed: readonly RemovedFile[], linkers?: PatchOptions['linkers']): Removal | undefined {
  const ids = nodeIdsAt(file, stored, removed.map((r) => r.rel));
  if (!ids) return undefined;
  let warnings = [...stored.warnings];
  const nodes: { at: number; end: number; node: IndexNode }[] = [];
  for (const r of removed) {
    const id = ids.get(r.rel);
    if (id === undefined) {
      // Not a node: the warning that said why goes.
      const left = withoutSkipped(warnings, r.rel);
      if (!left) return undefined;
      warnings = left;
      continue;
    }
    const found = readNode(file, id);
    if (!found || found.node.path !== r.rel) return undefined;
    nodes.push({ at: found.at, end: found.at + 1 + Buffer.byteLength(found.text), node: found.node });
  }
  const nodeCount = stored.node_count - nodes.length;
  let [advice, edgeCount] = [stored.advice, stored.edge_count];
  const splices: Splice[] = [];
  if (nodes.length > 0) {
    const gone = new Set(nodes.map((n) => n.node.document_id));
    // Their status warnings go (a superseded document's status that does not say so).
    warnings = warnings.filter((w) => !(w.code === 'INDEX_STATUS_MISMATCH' && nodes.some((n) => n.node.document_id === w.document_id && n.node.path === w.path)));
    // References, relations and their successors' supersessions point to them.
    const pointed = findAll(fd, [...gone].flatMap((id) => [targetLine(id), referenceLines(id), relationLines(id), supersessionLines(id)]));
    if (pointed.size !== stored.artifact_size || pointed.sha256 !== stored.artifact_sha256) return undefined;
    const [pointing, references, relations, supersessions] = [0, 1, 2, 3].map((j) => pointed.at.filter((_, i) => i % 4 === j).flat());
    if (pointing!.length !== references!.length + relations!.length + supersessions!.length) return undefined;
    const edges = edgesArray(file);
    const array = nodesArray(file, edges);
    if (!edges || !array) return undefined;
    // The documents they superseded (the supersession edges in their runs) keep their successor,
    // now dangling; their own successors lose them (a document that supersedes itself has no edge).
    const successors: SuccessorEdit[] = [];
    for (const id of gone) {
      const run = runOf(file, edges, id);
      if (!run) return undefined;
      for (const e of run.old.filter((e) => e.type === 'supersedes')) {
        const found = readNode(file, e.target);
        if (!found || found.node.superseded_by !== id) return undefined;
        if (!gone.has(e.target)) successors.push({ node: found.node, before: id });
      }
    }
    for (const { node } of nodes) if (node.superseded_by !== null && node.superseded_by !== node.document_id) successors.push({ node: { ...node, superseded_by: null }, before: node.superseded_by });
    // Their relations go (their dangling and one-sided ones with them); the documents whose
    // related_ids named them name a dangling ID now, whose suggestion is made from the IDs left.
    const owners = sourcesAt(file, relations!);
    if (!owners) return undefined;
    const namers: RelatedEdit[] = [];
    for (const id of owners) {
      if (gone.has(id)) continue;
      const found = readNode(file, id);
      if (!found) return undefined;
      namers.push({ node: found.node, before: found.node.related_ids });
    }
    // The IDs left, read once if a suggestion or the first ID needs them.
    let left: string[] | null | undefined;
    const idsLeft = () => (left === undefined ? (left = storedIds(fd, stored)?.filter((x) => !gone.has(x)) ?? null) : left);
    const suggest = lazySuggest(idsLeft);
    const related = relate(file, { node_count: nodeCount, warnings, advice }, [...nodes.map(({ node }) => ({ node: { ...node, related_ids: [] }, before: node.related_ids })), ...namers], suggest, new Set(), gone);
    if (!related) return undefined;
    [warnings, advice] = [related.warnings, related.advice];
    // Their successors change: each document they superseded gets a dangling-successor
    // warning (its edge is no longer guaranteed), and their own dangling successors go.
    const moved = successors.length > 0 ? supersede(file, { node_count: nodeCount, warnings }, successors, suggest, new Set(), gone) : { warnings, guaranteed: new Map<string, boolean>() };
    if (!moved) return undefined;
    warnings = moved.warnings;
    const changes = new Map<string, SourceChange>();
    const changeOf = (id: string) => changes.get(id) ?? changes.set(id, { id }).get(id)!;
    // Their own edges go: references and relations; the supersessions of documents they
    // superseded stay, as the full build keeps an edge from a successor that is no node.
    for (const id of gone) Object.assign(changeOf(id), { links: [], related: { ids: [], nodes: new Set() } });
    moveSupersessions(successors, moved.guaranteed, changeOf);
    for (const { node } of namers) changeOf(node.document_id).related = { ids: node.related_ids, nodes: related.nodes };
    // The documents that linked to them: their references again, from their cached links.
    const linking = sourcesAt(file, references!);
    const found = linking && linking.size > 0 ? linkers?.(removed.map((r) => r.rel), true) : (new Map() as Linkers);
    if (!linking || !found) return undefined;
    for (const source of linking) {
      if (gone.has(source)) continue;
      const cached = found.get(source);
      if (!cached) return undefined;
      changeOf(source).links = cached.links;
    }
    const ids = nodeIds(file, stored, [...changes.values()]);
    if (!ids) return undefined;
    for (const r of removed) ids.delete(r.rel);
    const runs = [];
    for (const change of changes.values()) {
      const made = changedRun(file, edges, change, ids);
      if (!made || (gone.has(change.id) && made.size !== (change.supersedes?.length ?? 0))) return undefined;
      if (made.run) runs.push(made.run);
      edgeCount += made.delta;
    }
    const named = resuggestWithout(warnings, gone, suggest);
    // Every dangling relation answered, before and now (see resuggest).
    if (!named || !answersAll(stored.warnings, stored.node_count) || !answersAll(named, nodeCount)) return undefined;
    warnings = named;
    splices.push(...edgeSplices(array, nodes.map(({ at, end, node }) => ({ source: node.document_id, from: at, to: end, text: '' }))));
    splices.push(...edgeSplices(edges, runs));
    const counts = [nodeCountSplice(file, stored.node_count, nodeCount), edgeCount === stored.edge_count ? null : edgeCountSplice(file, stored.edge_count, edgeCount)];
    if (counts.includes(undefined)) return undefined;
    splices.push(...counts.filter((c): c is Splice => !!c));
    let first = stored.first_id;
    if (first !== null && gone.has(first)) {
      const ids = idsLeft();
      if (!ids) return undefined;
      first = ids[0] ?? null;
    }
    return { splices, warnings, advice, node_count: nodeCount, edge_count: edgeCount, first_id: first };
  }
  return { splices, warnings, advice, node_count: nodeCount, edge_count: edgeCount, first_id: stored.first_id };
}

/** Whether a dangling-relation warning suggests one of these IDs. */
const suggestsOneOf = (w: Issue, ids: ReadonlySet<string>) => w.code === 'INDEX_DANGLING_RELATION' && ids.has(suggestedId(w) ?? '');

/**
 * The dangling-relation warnings once some nodes are gone: a suggestion that named one of
 * them names the closest of the IDs left (`suggest`). Undefined when those could not be
 * read, or a warning does not read back to itself.
 */
function resuggestWithout(warnings: readonly Issue[], gone: ReadonlySet<string>, suggest: Suggest): Issue[] | undefined {
  const out: Issue[] = [];
  for (const w of warnings) {
    if (!suggestsOneOf(w, gone)) {
      out.push(w);
      continue;
    }
    const parsed = parseDangling(w);
    const near = parsed && suggest(parsed.id, parsed.owner.document_id);
    if (!parsed || near === undefined) return undefined;
    out.push(dangling(parsed.owner, parsed.field, parsed.id, near));
  }
  return out;
}
