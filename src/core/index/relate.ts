import type { Advice, Issue } from '../issues.js';
import { NODE_ITEM, type ArtifactFile } from './artifact-file.js';
import { NODE_KEYS } from './artifact.js';
import { dangling as danglingWarning, danglingMessage, nearestId, ONE_SIDED_ADVICE_LIMIT, oneSidedAdvice, SUGGESTION_BUDGET, type IndexNode } from './graph.js';
import { Suggester } from '../text/suggest.js';
import { byPair, unlistedOneSided, type Pair } from './one-sided-scan.js';
import type { SourceChange } from './relink.js';

/** A node of the artifact: where its item starts, its text, the node; null when the ID is no node's, undefined when its item does not read back. */
export function readNode(file: ArtifactFile, id: string): { at: number; text: string; node: IndexNode } | null | undefined {
  const item = file.lowerBound(NODE_ITEM, id);
  if (!item || item.kind !== NODE_ITEM || item.key !== id) return null;
  // The item must read back to its own bytes.
  const parsed = file.parsedItem<IndexNode>(item.at, NODE_KEYS);
  if (!parsed || parsed.item.document_id !== id || !Array.isArray(parsed.item.related_ids)) return undefined;
  return { at: item.at, text: parsed.text, node: parsed.item };
}

/** What patching needs of the stored result (and the suggestions' budget its build had: buildGraph's default). */
interface Stored {
  node_count: number;
  warnings: readonly Issue[];
  budget?: number;
}

/** The closest node ID to an ID but the document's own (null: none is close); undefined when the IDs cannot be read. */
export type Suggest = (id: string, own: string) => string | null | undefined;

/** A Suggest among the node IDs `ids` gives, read on the first question only (as buildGraph's NearestIds asks); undefined answers when they cannot be read. */
export function lazySuggest(ids: () => readonly string[] | null | undefined): Suggest {
  let suggester: Suggester | null | undefined;
  return (id, own) => {
    if (suggester === undefined) {
      const list = ids();
      suggester = list ? new Suggester(list) : null;
    }
    return suggester ? nearestId(suggester, id, own) : undefined;
  };
}

/**
 * The dangling-relation warnings as some nodes' relations change: those of IDs still named
 * stay (their suggestions do not change while every question is answered), those of IDs no
 * longer named go, and new dangling IDs get theirs, made from every ID, at the end.
 */
class DanglingWarnings {
  private moved = false;
  private more = 0;
  private readonly fresh: [IndexNode, string, string][] = [];
  constructor(public warnings: Issue[]) {}

  /** A node's dangling IDs in `field` went from `was` to `now`; false when the warnings are not those of `was`. */
  change(node: IndexNode, field: string, was: readonly string[], now: readonly string[]): boolean {
    const mine = (w: Issue) => w.code === 'INDEX_DANGLING_RELATION' && w.document_id === node.document_id && w.path === node.path && was.some((r) => w.message === danglingMessage(field, r));
    if (this.warnings.filter(mine).length !== was.length) return false;
    if (now.join('\u0000') !== was.join('\u0000')) [this.moved, this.more] = [true, this.more + now.length - was.length];
    this.warnings = this.warnings.filter((w) => !mine(w) || now.some((r) => w.message === danglingMessage(field, r)));
    this.fresh.push(...now.filter((r) => !was.includes(r)).map((r): [IndexNode, string, string] => [node, field, r]));
    return true;
  }

  /** The warnings; undefined when the questions changed and not every one is answered within the budget, or the IDs cannot be read. */
  finish(stored: Stored, suggest: Suggest): Issue[] | undefined {
    // Whether a question is answered depends on its place, unless every one is, before and now.
    if (this.moved && !allAnswered(stored, this.more)) return undefined;
    for (const [node, field, id] of this.fresh) {
      const near = suggest(id, node.document_id);
      if (near === undefined) return undefined;
      this.warnings.push(danglingWarning(node, field, id, near));
    }
    return this.warnings;
  }
}

/** Whether every dangling relation's question was answered within the suggestions' budget, and still is with `more` questions. */
function allAnswered(stored: Stored, more: number): boolean {
  const asked = stored.warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').length;
  const answered = Math.floor((stored.budget ?? SUGGESTION_BUDGET) / stored.node_count);
  return asked <= answered && asked + more <= answered;
}

/** The relations whose ends are this many IDs are looked up one by one; more build in full. */
const MAX_TOUCHED = 64;

const pairKey = (source: string, target: string) => `${source}\u0000${target}`;

const LISTED = /^(\S+) lists (\S+) in related_ids, but (\S+) does not list (\S+)\.$/;
const MORE = /^(\d+) more one-sided relations are not listed\.$/;

/** The stored advice on one-sided relations: the listed ones (sorted), and how many more; undefined when it is not that. */
function storedOneSided(advice: readonly Advice[]): { listed: Pair[]; more: number } | undefined {
  const listed: Pair[] = [];
  let more = 0;
  for (const [i, a] of advice.entries()) {
    const m = LISTED.exec(a.message);
    const n = MORE.exec(a.message);
    if (a.code !== 'INDEX_RELATION_ONE_SIDED' || a.command !== undefined) return undefined;
    if (m && m[2] === m[3] && m[1] === m[4] && more === 0) listed.push({ source: m[1]!, target: m[2]! });
    else if (n && i === advice.length - 1 && listed.length === ONE_SIDED_ADVICE_LIMIT) more = Number(n[1]);
    else return undefined;
  }
  return listed.every((p, i) => i === 0 || byPair(listed[i - 1]!, p) < 0) ? { listed, more } : undefined;
}

/** A node whose related_ids changed: the node as it now is, and its related IDs before. */
export interface RelatedEdit {
  node: IndexNode;
  before: readonly string[];
}

/**
 * What changes of some nodes' related_ids do to the result, without building the graph:
 * which IDs they name are nodes (so that their new relations are `guaranteed` or not), their
 * dangling-relation warnings, and the advice on one-sided relations. Only the relations
 * between each of them and the IDs it names, before or now, can change: each of those IDs is
 * looked up in the artifact (a new dangling ID's suggestion is made from every node ID:
 * `suggest`). Undefined (build in full) when that cannot be known from the stored result:
 * dangling relations past the suggestions' budget (whether a question is answered depends on
 * its place), or one-sided relations past the listed ones that would have to be listed now.
 */
export function relate(file: ArtifactFile, stored: Stored & { advice: readonly Advice[] }, edits: readonly RelatedEdit[], suggest: Suggest, fresh: ReadonlySet<string> = new Set(), gone: ReadonlySet<string> = new Set()): { nodes: Set<string>; warnings: Issue[]; advice: Advice[] } | undefined {
  const edited = new Map(edits.map((e) => [e.node.document_id, e]));
  const touchedBy = (e: RelatedEdit) => [...new Set([...e.before, ...e.node.related_ids])].filter((r) => r !== e.node.document_id);
  const touched = new Set(edits.flatMap(touchedBy));
  if (touched.size > MAX_TOUCHED) return undefined;
  /** The related IDs of the other nodes they name (which did not change). */
  const lists = new Map<string, readonly string[]>();
  for (const r of touched) {
    if (edited.has(r)) continue;
    const found = readNode(file, r);
    if (found === undefined) return undefined;
    if (found) lists.set(r, found.node.related_ids);
  }
  const isNode = (r: string) => edited.has(r) || lists.has(r);
  const listOf = (r: string, now: boolean): readonly string[] => {
    const e = edited.get(r);
    return e ? (now ? e.node.related_ids : e.before) : (lists.get(r) ?? []);
  };
  // New nodes (`fresh`) were no nodes before: a relation that named one was dangling; removed
  // ones (`gone`) are none now: a relation that names one is.
  const wasNode = (r: string) => isNode(r) && !fresh.has(r);
  const isNodeNow = (r: string) => isNode(r) && !gone.has(r);
  const dangling = new DanglingWarnings([...stored.warnings]);
  for (const { node, before } of edits) {
    const named = (list: readonly string[], known: (r: string) => boolean) => list.filter((r) => r !== node.document_id && !known(r));
    if (!dangling.change(node, 'related_ids', named(before, wasNode), named(node.related_ids, isNodeNow))) return undefined;
  }
  const warnings = dangling.finish(stored, suggest);
  if (!warnings) return undefined;
  // One-sided relations between each and the nodes it names, before and now.
  const pairs = new Set(edits.flatMap((e) => touchedBy(e).filter(isNode).flatMap((r) => [pairKey(e.node.document_id, r), pairKey(r, e.node.document_id)])));
  const split = (k: string): Pair => ({ source: k.slice(0, k.indexOf('\u0000')), target: k.slice(k.indexOf('\u0000') + 1) });
  const oneSided = (now: boolean) => new Set([...pairs].filter((k) => {
    const { source, target } = split(k);
    if (!now && (fresh.has(source) || fresh.has(target))) return false;
    if (now && (gone.has(source) || gone.has(target))) return false;
    return listOf(source, now).includes(target) && !listOf(target, now).includes(source);
  }));
  const [old, fresher] = [oneSided(false), oneSided(true)];
  const removed = [...old].filter((k) => !fresher.has(k));
  const added = [...fresher].filter((k) => !old.has(k));
  const stated = storedOneSided(stored.advice);
  if (!stated) return undefined;
  const total = stated.listed.length + stated.more - removed.length + added.length;
  const last = stated.more > 0 ? stated.listed[stated.listed.length - 1]! : undefined;
  const known = stated.listed.filter((p) => !removed.includes(pairKey(p.source, p.target)));
  // A removed relation that sorts among the listed ones must have been listed.
  if (removed.some((k) => (!last || byPair(split(k), last) <= 0) && !stated.listed.some((p) => pairKey(p.source, p.target) === k))) return undefined;
  known.push(...added.map(split));
  known.sort(byPair);
  // Past the last listed relation, the stored result does not know them: when fewer than the
  // limit come before it now, the next ones are read from the artifact's edges (those between
  // the nodes above from what they say now, removed nodes' not at all).
  let listable = last ? known.filter((p) => byPair(p, last) <= 0) : known;
  if (last && listable.length < ONE_SIDED_ADVICE_LIMIT) {
    const now = (e: Pair) => (gone.has(e.source) || gone.has(e.target) ? false : pairs.has(pairKey(e.source, e.target)) ? fresher.has(pairKey(e.source, e.target)) : undefined);
    const next = unlistedOneSided(file, last, ONE_SIDED_ADVICE_LIMIT - listable.length, now, (id) => readNode(file, id)?.node.related_ids);
    if (!next) return undefined;
    const byKey = new Map([...known, ...next].map((p) => [pairKey(p.source, p.target), p]));
    listable = [...byKey.values()].sort(byPair);
  }
  return { nodes: new Set([...touched].filter(isNodeNow)), warnings, advice: oneSidedAdvice(listable.slice(0, ONE_SIDED_ADVICE_LIMIT), total) };
}

/**
 * The supersession edges that successor changes move (see supersede): each node's edge leaves
 * its old successor's run and joins its new one's, `guaranteed` as supersede found.
 */
export function moveSupersessions(edits: readonly SuccessorEdit[], guaranteed: ReadonlyMap<string, boolean>, changeOf: (id: string) => SourceChange): void {
  for (const { node, before } of edits) {
    if (before !== null) (changeOf(before).unsupersedes ??= []).push(node.document_id);
    if (node.superseded_by !== null) (changeOf(node.superseded_by).supersedes ??= []).push({ target: node.document_id, guaranteed: guaranteed.get(node.document_id)! });
  }
}

/** How far a chain of successors is followed from a new successor; a longer one builds in full. */
const MAX_CHAIN = 64;

/** A node whose superseded_by changed: the node as it now is, and its successor before. */
export interface SuccessorEdit {
  node: IndexNode;
  before: string | null;
}

/**
 * What changes of some nodes' superseded_by do to the result, without building the graph:
 * whether each new successor is a node (its supersession edge is then `guaranteed`), and the
 * dangling-successor warnings. The last build had no cycle and only these links changed, so
 * a cycle now passes through one of them: the chain of successors from each is followed
 * (through the new successors of the others). Undefined (build in full) on a cycle, which the
 * full build reports, on a chain longer than a few dozen, or when the dangling questions
 * change and not every one is answered within the suggestions' budget. `fresh`: IDs that are
 * nodes now and were none (new documents); `gone`: IDs that were nodes and are none now
 * (removed documents), as in relate.
 */
export function supersede(file: ArtifactFile, stored: Stored, edits: readonly SuccessorEdit[], suggest: Suggest, fresh: ReadonlySet<string> = new Set(), gone: ReadonlySet<string> = new Set()): { warnings: Issue[]; guaranteed: Map<string, boolean> } | undefined {
  const edited = new Map(edits.map((e) => [e.node.document_id, e]));
  const read = new Map<string, IndexNode | null | undefined>();
  /** The node of an ID as the last build left it (null: no node; undefined: unreadable). */
  const nodeOf = (id: string): IndexNode | null | undefined => {
    if (!read.has(id)) {
      const found = readNode(file, id);
      read.set(id, found ? found.node : found);
    }
    return read.get(id);
  };
  const inArtifact = (id: string): boolean | undefined => (nodeOf(id) === undefined ? undefined : nodeOf(id) !== null);
  /** Whether an ID is a node now, and whether it was one before this change. */
  const isNode = (id: string): boolean | undefined => (gone.has(id) ? false : edited.has(id) ? true : inArtifact(id));
  const wasNode = (id: string): boolean | undefined => (fresh.has(id) ? false : edited.has(id) ? true : inArtifact(id));
  const successorOf = (id: string): string | null => (edited.has(id) ? edited.get(id)!.node.superseded_by : (nodeOf(id)?.superseded_by ?? null));
  const dangling = new DanglingWarnings([...stored.warnings]);
  const guaranteed = new Map<string, boolean>();
  for (const { node, before } of edits) {
    const id = node.document_id;
    const after = node.superseded_by;
    for (let [at, steps] = [after, 0]; at !== null; [at, steps] = [successorOf(at), steps + 1]) {
      if (at === id || steps > MAX_CHAIN) return undefined;
      const known = isNode(at);
      if (known === undefined) return undefined;
      if (!known) break;
    }
    const [was, isNow] = [before === null || before === id ? true : wasNode(before), after === null ? true : isNode(after)];
    if (was === undefined || isNow === undefined) return undefined;
    guaranteed.set(id, after !== null && isNow);
    if (!dangling.change(node, 'superseded_by', was ? [] : [before!], isNow ? [] : [after!])) return undefined;
  }
  const warnings = dangling.finish(stored, suggest);
  if (!warnings) return undefined;
  return { warnings, guaranteed };
}
