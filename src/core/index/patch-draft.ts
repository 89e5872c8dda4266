import type { Advice, Issue } from '../issues.js';
import { itemsText, NODE_KEYS } from './artifact.js';
import type { ArtifactFile, Splice } from './artifact-file.js';
import { factsHash, type Linkers, type RemovedFile, type StoredResult } from './cache.js';
import { edgeSplices, type EdgeRun } from './edge-splices.js';
import { skippedWarning, withoutSkipped, type NodeFields } from './facts.js';
import { nodeOf, statusMismatch, type IndexNode } from './graph.js';
import { addedSplices, answersAll, namersOf, resuggest } from './patch-added.js';
import { moveSupersessions, readNode, relate, supersede, type RelatedEdit, type Suggest, type SuccessorEdit } from './relate.js';
import { changedRun, edgeCountSplice, edgesArray, nodeIds, type SourceChange } from './relink.js';
import type { FactsEdit, NewFile } from './patch-types.js';

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
 * What one pass of patchIndex makes before anything is written: the splices of the artifact,
 * the sources whose edges change, the relations and successors to make again, the new nodes,
 * and the warnings and advice as they become. Each step answers false when the stored result
 * cannot tell what a full build would give: the caller then builds in full.
 */
export class PatchDraft {
  readonly splices: Splice[] = [];
  readonly changes = new Map<string, SourceChange>();
  readonly superseding: SuccessorEdit[] = [];
  readonly relating: RelatedEdit[] = [];
  readonly addedNodes: IndexNode[] = [];
  /** How many edges the artifact gains (see edges). */
  delta = 0;
  /** The warnings the patch starts from (a renamed node's moved to its new path). */
  private readonly before: readonly Issue[];
  /** The IDs edited or added: each once (a duplicate fails the build). */
  private readonly seen = new Set<string>();
  /** The edited nodes as they now are, by ID. */
  private readonly edited = new Map<string, IndexNode>();

  constructor(private readonly file: ArtifactFile, private readonly stored: StoredResult, public warnings: Issue[], public advice: Advice[]) {
    this.before = warnings;
  }

  get nodeCount(): number {
    return this.stored.node_count + this.addedNodes.length;
  }

  changeOf(id: string): SourceChange {
    return this.changes.get(id) ?? this.changes.set(id, { id }).get(id)!;
  }

  /**
   * Edited documents, and renamed ones (`renamed`: their old paths by ID): each node item
   * made again, with its status warning, and what changed of its links, relations and successor.
   */
  editNodes(edits: readonly FactsEdit[], renamed: ReadonlyMap<string, string>): boolean {
    for (const edit of edits) {
      const fields = edit.facts.node;
      if (!fields) {
        // Not a node, nor was it: the stored result says why not, and now says the new reason.
        const left = withoutSkipped(this.warnings, edit.file.rel);
        if (!edit.facts.skip || !left) return false;
        this.warnings = [...left, skippedWarning(edit.file.rel, edit.facts.skip)];
        continue;
      }
      const found = readNode(this.file, fields.document_id);
      if (!found || this.seen.has(fields.document_id)) return false;
      this.seen.add(fields.document_id);
      const { at, text } = found;
      const from = renamed.get(fields.document_id);
      const old = from === undefined ? found.node : found.node.path === from ? { ...found.node, path: edit.file.rel, namespace: edit.file.namespace.name } : undefined;
      // This document's node.
      if (!old || old.path !== edit.file.rel || old.namespace !== edit.file.namespace.name) return false;
      const node = nodeOf(fields, edit.file.rel, edit.file.namespace.name);
      this.edited.set(node.document_id, node);
      const status = withStatusWarning(this.warnings, old, node);
      if (!status) return false;
      this.warnings = status;
      const now = itemText(node);
      if (now !== text) this.splices.push({ from: at + 1, to: at + 1 + Buffer.byteLength(text), text: now });
      const change = this.changeOf(node.document_id);
      // Old facts with the new links: the recorded hash says the links are the same.
      if (factsHash({ links: edit.facts.links, node: fieldsOf(old) }) !== edit.previousFactsHash) change.links = edit.facts.links;
      if (!sameList(old.related_ids, fields.related_ids)) this.relating.push({ node, before: old.related_ids });
      if (old.superseded_by !== fields.superseded_by) this.superseding.push({ node, before: old.superseded_by });
    }
    return true;
  }

  /** Sources that were not edited take their links from the cache (`found`: the linkers of some paths); false when one is missing. */
  relinkUnedited(sources: Iterable<string>, found: () => Linkers | undefined): boolean {
    const unedited = [...sources].filter((source) => !this.changes.get(source)?.links);
    if (unedited.length === 0) return true;
    const cached = found();
    for (const source of unedited) {
      const links = cached?.get(source)?.links;
      if (!links) return false;
      this.changeOf(source).links = links;
    }
    return true;
  }

  /**
   * New files: a node each (or why it is not a node). As relations and a successor that
   * changed from none, they make their edges, warnings and advice (the documents that named
   * their IDs: see relateNamers).
   */
  addNodes(added: readonly NewFile[]): boolean {
    for (const a of added) {
      const fields = a.facts.node;
      if (!fields) {
        if (!a.facts.skip) return false;
        this.warnings = [...this.warnings, skippedWarning(a.file.rel, a.facts.skip)];
        continue;
      }
      // A duplicate ID fails the build.
      if (this.seen.has(fields.document_id) || readNode(this.file, fields.document_id) !== null) return false;
      this.seen.add(fields.document_id);
      const node = nodeOf(fields, a.file.rel, a.file.namespace.name);
      this.addedNodes.push(node);
      const mismatch = statusMismatch(node);
      if (mismatch) this.warnings = [...this.warnings, mismatch];
      this.changeOf(node.document_id).links = a.facts.links;
      this.relating.push({ node, before: [] });
      this.superseding.push({ node, before: null });
    }
    return true;
  }

  /** Cached documents that linked to a new node's path before it was one gain a reference to it (edited ones already have their new links). */
  relinkLinkers(found: Linkers | undefined): boolean {
    if (!found) return false;
    for (const [id, cached] of found) {
      if (this.changes.get(id)?.links) continue;
      // Still a node at that path (not one removed in an earlier pass).
      if (readNode(this.file, id)?.node.path !== cached.rel) return false;
      this.changeOf(id).links = cached.links;
    }
    return true;
  }

  /**
   * A new ID that a relation or a successor named was dangling: that document's relations, or
   * its successor, are made again (its warning goes, its edge is guaranteed, the relation may
   * be one-sided now, the chain of successors is followed for a cycle).
   */
  relateNamers(): boolean {
    const namers = namersOf(this.warnings, this.addedNodes);
    if (!namers) return false;
    const current = (id: string) => this.edited.get(id) ?? readNode(this.file, id)?.node;
    for (const id of namers.related) {
      if (this.relating.some((r) => r.node.document_id === id)) continue;
      const node = current(id);
      if (!node) return false;
      this.relating.push({ node, before: node.related_ids });
    }
    for (const id of namers.successor) {
      if (this.superseding.some((r) => r.node.document_id === id)) continue;
      const node = current(id);
      if (!node) return false;
      this.superseding.push({ node, before: node.superseded_by });
    }
    return true;
  }

  /** The successors and relations that changed: their warnings, advice and edges (see supersede and relate). */
  relations(suggest: Suggest): boolean {
    const nodeCount = this.nodeCount;
    const fresh = new Set(this.addedNodes.map((n) => n.document_id));
    if (this.superseding.length > 0) {
      const moved = supersede(this.file, { node_count: nodeCount, warnings: this.warnings }, this.superseding, suggest, fresh);
      if (!moved) return false;
      this.warnings = moved.warnings;
      moveSupersessions(this.superseding, moved.guaranteed, (id) => this.changeOf(id));
    }
    if (this.relating.length > 0) {
      const related = relate(this.file, { node_count: nodeCount, warnings: this.warnings, advice: this.advice }, this.relating, suggest, fresh);
      if (!related) return false;
      [this.warnings, this.advice] = [related.warnings, related.advice];
      for (const { node } of this.relating) this.changeOf(node.document_id).related = { ids: node.related_ids, nodes: related.nodes };
    }
    return true;
  }

  /** The new nodes' items, and the dangling relations' suggestions they may make closer; every dangling relation must be answered, before and now. */
  insertNodes(): boolean {
    if (this.addedNodes.length === 0) return true;
    if (!answersAll(this.before, this.stored.node_count) || !answersAll(this.warnings, this.nodeCount)) return false;
    const now = resuggest(this.warnings, new Set(this.before), this.addedNodes);
    if (!now) return false;
    this.warnings = now;
    const inserted = addedSplices(this.file, this.addedNodes, this.stored.node_count);
    if (!inserted) return false;
    this.splices.push(...inserted);
    return true;
  }

  /**
   * Each changed source's run of edges made again, from node IDs by path as they now are:
   * removed paths are no node's, new and renamed ones are (`moved`: renamed files).
   */
  edges(removed: readonly RemovedFile[], moved: readonly NewFile[]): boolean {
    const changed = [...this.changes.values()].filter((c) => c.links || c.related || c.supersedes || c.unsupersedes);
    if (changed.length === 0) return true;
    const [ids, edges] = [changed.some((c) => c.links?.length) ? nodeIds(this.file, this.stored, changed) : new Map<string, string>(), edgesArray(this.file)];
    if (!ids || !edges) return false;
    for (const r of removed) ids.delete(r.rel);
    for (const n of this.addedNodes) ids.set(n.path, n.document_id);
    for (const m of moved) ids.set(m.file.rel, m.facts.node!.document_id);
    const runs: EdgeRun[] = [];
    for (const c of changed) {
      const made = changedRun(this.file, edges, c, ids);
      if (!made) return false;
      if (made.run) runs.push(made.run);
      this.delta += made.delta;
    }
    if (this.delta !== 0) {
      const count = edgeCountSplice(this.file, this.stored.edge_count, this.stored.edge_count + this.delta);
      if (!count) return false;
      this.splices.push(count);
    }
    this.splices.push(...edgeSplices(edges, runs));
    return true;
  }
}
