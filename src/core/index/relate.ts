import type { Advice, Issue } from '../issues.js';
import { NODE_ITEM, type ArtifactFile } from './artifact-file.js';
import { itemsText, NODE_KEYS } from './artifact.js';
import { ONE_SIDED_ADVICE_LIMIT, oneSidedAdvice, SUGGESTION_BUDGET, type IndexNode } from './graph.js';

/** A node of the artifact: where its item starts, its text, the node; null when the ID is no node's, undefined when its item does not read back. */
export function readNode(file: ArtifactFile, id: string): { at: number; text: string; node: IndexNode } | null | undefined {
  const item = file.lowerBound(NODE_ITEM, id);
  if (!item || item.kind !== NODE_ITEM || item.key !== id) return null;
  const text = file.itemText(item.at);
  let node: IndexNode;
  try {
    node = JSON.parse(text ?? '') as IndexNode;
  } catch {
    return undefined;
  }
  // The item must read back to its own bytes.
  if (!node || typeof node !== 'object' || itemsText([node], NODE_KEYS) !== text || node.document_id !== id || !Array.isArray(node.related_ids)) return undefined;
  return { at: item.at, text, node };
}

/** The relations whose ends are this many IDs are looked up one by one; more build in full. */
const MAX_TOUCHED = 64;

const pairKey = (source: string, target: string) => `${source}\u0000${target}`;
const byPair = (a: Pair, b: Pair) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0);
interface Pair {
  source: string;
  target: string;
}

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

/**
 * What a change of one node's related_ids (`before` → its node's now) does to the result,
 * without building the graph: which IDs it names are nodes (so that its new relations are
 * `guaranteed` or not), its dangling-relation warnings, and the advice on one-sided
 * relations. Only the relations between it and the IDs it names, before or now, can change:
 * each of those IDs is looked up in the artifact. Undefined (build in full) when that cannot
 * be known from the stored result: a dangling ID it did not name before (its suggestion
 * needs every ID), dangling relations past the suggestions' budget (whether a question is
 * answered depends on its place), or one-sided relations past the listed ones that would
 * have to be listed now.
 */
export function relate(file: ArtifactFile, stored: { node_count: number; warnings: readonly Issue[]; advice: readonly Advice[] }, node: IndexNode, before: readonly string[]): { nodes: Set<string>; warnings: Issue[]; advice: Advice[] } | undefined {
  const id = node.document_id;
  const touched = [...new Set([...before, ...node.related_ids])].filter((r) => r !== id);
  if (touched.length > MAX_TOUCHED) return undefined;
  const lists = new Map<string, readonly string[]>();
  for (const r of touched) {
    const found = readNode(file, r);
    if (found === undefined) return undefined;
    if (found) lists.set(r, found.node.related_ids);
  }
  // Dangling relations: the warnings of those it still names stay (their suggestions do not change while every question is answered).
  const dangling = (list: readonly string[]) => list.filter((r) => r !== id && !lists.has(r));
  const [was, now] = [dangling(before), dangling(node.related_ids)];
  if (now.some((r) => !was.includes(r))) return undefined;
  const message = (r: string) => `related_ids names ${r}, which no governed document has.`;
  const mine = (w: Issue) => w.code === 'INDEX_DANGLING_RELATION' && w.document_id === id && w.path === node.path && was.some((r) => w.message === message(r));
  if (stored.warnings.filter(mine).length !== was.length) return undefined;
  // Whether a question is answered depends on its place, unless every one is.
  if (now.join('\u0000') !== was.join('\u0000')) {
    const answered = Math.floor(SUGGESTION_BUDGET / stored.node_count);
    if (stored.warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').length > answered) return undefined;
  }
  const warnings = stored.warnings.filter((w) => !mine(w) || now.some((r) => w.message === message(r)));
  // One-sided relations between it and the IDs it names, before and now.
  const oneSided = (list: readonly string[]): Set<string> => {
    const out = new Set<string>();
    for (const [r, theirs] of lists) {
      if (list.includes(r) && !theirs.includes(id)) out.add(pairKey(id, r));
      if (theirs.includes(id) && !list.includes(r)) out.add(pairKey(r, id));
    }
    return out;
  };
  const [old, fresh] = [oneSided(before), oneSided(node.related_ids)];
  const removed = [...old].filter((k) => !fresh.has(k));
  const added = [...fresh].filter((k) => !old.has(k));
  const stated = storedOneSided(stored.advice);
  if (!stated) return undefined;
  const total = stated.listed.length + stated.more - removed.length + added.length;
  const last = stated.more > 0 ? stated.listed[stated.listed.length - 1]! : undefined;
  const known = stated.listed.filter((p) => !removed.includes(pairKey(p.source, p.target)));
  // A removed relation that sorts among the listed ones must have been listed.
  const split = (k: string): Pair => ({ source: k.slice(0, k.indexOf('\u0000')), target: k.slice(k.indexOf('\u0000') + 1) });
  if (removed.some((k) => (!last || byPair(split(k), last) <= 0) && !stated.listed.some((p) => pairKey(p.source, p.target) === k))) return undefined;
  known.push(...added.map(split));
  known.sort(byPair);
  // Past the last listed relation, some are not known: the list must fill up before it.
  const listable = last ? known.filter((p) => byPair(p, last) <= 0) : known;
  if (last && listable.length < ONE_SIDED_ADVICE_LIMIT) return undefined;
  return { nodes: new Set(lists.keys()), warnings, advice: oneSidedAdvice(listable.slice(0, ONE_SIDED_ADVICE_LIMIT), total) };
}

/** How far a chain of successors is followed from a new successor; a longer one builds in full. */
const MAX_CHAIN = 64;

/** The warnings without the dangling-relation warning of `node` that `message` names; undefined when there is not exactly one, or removing it moves the suggestions' budget. */
function withoutDangling(stored: { node_count: number; warnings: readonly Issue[] }, node: IndexNode, message: string): Issue[] | undefined {
  const mine = (w: Issue) => w.code === 'INDEX_DANGLING_RELATION' && w.document_id === node.document_id && w.path === node.path && w.message === message;
  if (stored.warnings.filter(mine).length !== 1) return undefined;
  // Whether a question is answered depends on its place, unless every one is.
  if (stored.warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').length > Math.floor(SUGGESTION_BUDGET / stored.node_count)) return undefined;
  return stored.warnings.filter((w) => !mine(w));
}

/**
 * What a change of one node's superseded_by (`before` → its node's now) does to the result,
 * without building the graph: whether its successor is a node (its supersession edge is then
 * `guaranteed`), and its dangling-successor warning. Undefined (build in full) when the new
 * successor is not a node (its suggestion compares it with every ID), when the chain of
 * successors from it comes back to the node (a cycle, which the full build reports) or is
 * longer than a few dozen, or when dropping a dangling successor moves the suggestions' budget.
 */
export function supersede(file: ArtifactFile, stored: { node_count: number; warnings: readonly Issue[] }, node: IndexNode, before: string | null): { warnings: Issue[]; guaranteed: boolean } | undefined {
  const id = node.document_id;
  const after = node.superseded_by;
  // The last build had no cycle and only this link changed: a cycle now would pass through it.
  let at = after;
  for (let steps = 0; at !== null; steps++) {
    if (at === id || steps > MAX_CHAIN) return undefined;
    const found = readNode(file, at);
    if (found === null && at === after) return undefined;
    if (!found) break;
    at = found.node.superseded_by;
  }
  let warnings: Issue[] | undefined = [...stored.warnings];
  if (before !== null && before !== id) {
    const was = readNode(file, before);
    if (was === undefined) return undefined;
    if (was === null) warnings = withoutDangling(stored, node, `superseded_by names ${before}, which no governed document has.`);
  }
  return warnings && { warnings, guaranteed: after !== null };
}
