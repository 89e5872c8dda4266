import { EDGE_ITEM, findAll, findFirst, NODE_ITEM, nodeIdsOf, parseString, type ArtifactFile, type Splice } from './artifact-file.js';
import { EDGE_KEYS, itemsText } from './artifact.js';
import type { StoredResult } from './cache.js';
import type { EdgeRun, EdgesArray } from './edge-splices.js';
import type { IndexEdge } from './graph.js';

/**
 * A source whose edges change: its new links, its new related IDs (each undefined when they
 * did not change), and the supersession edges it loses (by target) and gains.
 */
export interface SourceChange {
  id: string;
  links?: readonly string[];
  /** The related IDs and which of them are nodes. */
  related?: { ids: readonly string[]; nodes: ReadonlySet<string> };
  unsupersedes?: string[];
  supersedes?: { target: string; guaranteed: boolean }[];
}

/** A node's second line: its path (nodes are the only items with a "path" key). */
const pathLine = (rel: string) => `\n      "path": ${JSON.stringify(rel)},\n`;
const ID_LINE = '\n      "document_id": ';
const byTargetThenType = (a: IndexEdge, b: IndexEdge) => (a.target < b.target ? -1 : a.target > b.target ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0);

/** The lines of an edge item from its target on: an edge to a node's ID, and one of its references. */
export const targetLine = (id: string) => `\n      "target": ${JSON.stringify(id)},\n`;
export const referenceLines = (id: string) => `${targetLine(id)}      "type": "references",\n`;
export const relationLines = (id: string) => `${targetLine(id)}      "type": "related",\n`;
export const supersessionLines = (id: string) => `${targetLine(id)}      "type": "supersedes",\n`;
const SOURCE_LINE = '\n      "source": ';

/**
 * The sources of every reference to these IDs (documents that link to their paths), found in
 * one read of the artifact, which must be the stored one: an edge's first line is its source
 * and its second its target. Undefined when the artifact is not the stored one, or does not
 * read as it should.
 */
export function referencingSources(file: ArtifactFile, stored: Pick<StoredResult, 'artifact_size' | 'artifact_sha256'>, ids: readonly string[]): Set<string> | undefined {
  const scan = findAll(file.fd, ids.map(referenceLines));
  if (scan.size !== stored.artifact_size || scan.sha256 !== stored.artifact_sha256) return undefined;
  return sourcesAt(file, scan.at.flat());
}

/** The sources of the edges whose target lines start at these offsets (see referencingSources). */
export function sourcesAt(file: ArtifactFile, offsets: readonly number[]): Set<string> | undefined {
  const sources = new Set<string>();
  for (const at of offsets) {
    const head = file.read(at - 256, at).toString('utf8');
    const line = head.slice(head.lastIndexOf(SOURCE_LINE) + SOURCE_LINE.length);
    const source = head.includes(SOURCE_LINE) && line.endsWith(',') ? parseString(line.slice(0, -1)) : undefined;
    if (source === undefined) return undefined;
    sources.add(source);
  }
  return sources;
}

/** The node IDs of the paths these documents link to (see nodeIdsAt). */
export function nodeIds(file: ArtifactFile, stored: StoredResult, changes: readonly SourceChange[]): Map<string, string> | undefined {
  return nodeIdsAt(file, stored, [...new Set(changes.flatMap((c) => c.links ?? []))]);
}

/**
 * The node IDs of these paths (a path that is not a node has none), found in one read of the
 * artifact, which must be the stored one: a node's first line is its ID and its second its
 * path. Undefined when the artifact is not the stored one, or does not read as it should.
 */
export function nodeIdsAt(file: ArtifactFile, stored: Pick<StoredResult, 'artifact_size' | 'artifact_sha256'>, paths: readonly string[]): Map<string, string> | undefined {
  const scan = findFirst(file.fd, paths.map(pathLine));
  if (scan.size !== stored.artifact_size || scan.sha256 !== stored.artifact_sha256) return undefined;
  const ids = new Map<string, string>();
  for (let i = 0; i < paths.length; i++) {
    const at = scan.at[i]!;
    if (at < 0) continue;
    const head = file.read(at - 256, at).toString('utf8');
    const line = head.slice(head.lastIndexOf(ID_LINE) + ID_LINE.length);
    if (!head.includes(ID_LINE) || !line.endsWith(',')) return undefined;
    const id = parseString(line.slice(0, -1));
    if (id === undefined) return undefined;
    ids.set(paths[i]!, id);
  }
  return ids;
}

/**
 * A source's run of edges as the artifact has it: its edges, and the bytes they take (`from`
 * is where a new run would go when it has none). Undefined when the run does not read back.
 */
export function runOf(file: ArtifactFile, edges: EdgesArray, source: string): { from: number; to: number; old: IndexEdge[] } | undefined {
  const first = file.lowerBound(EDGE_ITEM, source);
  const itemsEnd = edges.close - 3;
  const from = first ? first.at : edges.close === edges.open + 1 ? edges.close : itemsEnd;
  let to = -1;
  const old: IndexEdge[] = [];
  for (let item = first; item && item.kind === EDGE_ITEM && item.key === source; ) {
    const parsed = file.parsedItem<IndexEdge>(item.at, EDGE_KEYS);
    if (!parsed || parsed.item.source !== source) return undefined;
    old.push(parsed.item);
    const step = file.after(item, parsed.text);
    if (!step) return undefined;
    [to, item] = [step.end, step.next];
  }
  if (to < 0) to = from;
  return { from, to, old };
}

/**
 * The new run of edges of a source whose links, relations or supersessions changed: a
 * relation to each ID it now lists (`guaranteed` when that is a node), a reference to each
 * node it now links to, its supersessions without those it lost and with those it gained;
 * what did not change is kept as it was (no node was added or removed). `delta`: how many
 * edges the artifact gains; `size`: how many the source now has.
 */
export function changedRun(file: ArtifactFile, edges: EdgesArray, r: SourceChange, ids: ReadonlyMap<string, string>): { run?: EdgeRun; delta: number; size: number } | undefined {
  const found = runOf(file, edges, r.id);
  if (!found) return undefined;
  const { from, to, old } = found;
  const lost = (e: IndexEdge) => e.type === 'supersedes' && (r.unsupersedes ?? []).includes(e.target);
  // Each lost supersession must be there to lose.
  if (old.filter(lost).length !== (r.unsupersedes ?? []).length) return undefined;
  const run = old.filter((e) => !(e.type === 'references' && r.links) && !(e.type === 'related' && r.related) && !lost(e));
  for (const { target, guaranteed } of r.supersedes ?? []) run.push({ source: r.id, target, type: 'supersedes', guaranteed });
  for (const target of new Set((r.links ?? []).map((l) => ids.get(l)))) {
    if (target !== undefined && target !== r.id) run.push({ source: r.id, target, type: 'references', guaranteed: true });
  }
  for (const target of r.related?.ids ?? []) {
    if (target !== r.id) run.push({ source: r.id, target, type: 'related', guaranteed: r.related!.nodes.has(target) });
  }
  run.sort(byTargetThenType);
  const text = run.length > 0 ? itemsText(run, EDGE_KEYS) : '';
  if (from === to ? text === '' : file.read(from + 1, to).toString('utf8') === text) return { delta: 0, size: run.length };
  return { run: { source: r.id, from, to, text }, delta: run.length - old.length, size: run.length };
}

/** Where the "edges" array is (see EdgesArray): the last key of the artifact, so its "]" is the file's fifth byte from the end. */
export function edgesArray(file: ArtifactFile): EdgesArray | undefined {
  const close = file.size - 4;
  const tail = file.read(close - 4, file.size).toString('latin1');
  if (tail.endsWith('[]\n}\n')) return { open: close - 1, close };
  const first = file.lowerBound(EDGE_ITEM, '');
  if (!tail.endsWith('}\n  ]\n}\n') || !first || file.read(first.at - 1, first.at).toString('latin1') !== '[') return undefined;
  return { open: first.at - 1, close };
}

/** What comes before the "edges" array when the "nodes" array has items. */
const NODES_END = '\n  ],\n  "edges": ';

/** Where the "nodes" array is (see EdgesArray), when it has items: from the "[" before its first item to the "]" before the "edges" key. */
export function nodesArray(file: ArtifactFile, edges = edgesArray(file)): EdgesArray | undefined {
  const first = file.lowerBound(NODE_ITEM, '');
  if (!edges || !first || first.kind !== NODE_ITEM || file.read(first.at - 1, first.at).toString('latin1') !== '[') return undefined;
  const end = edges.open - Buffer.byteLength(NODES_END);
  return file.read(end, edges.open).toString('utf8') === NODES_END ? { open: first.at - 1, close: end + 3 } : undefined;
}

/** Every node ID of the artifact, in one hashed read; undefined when it is not the stored artifact or its node count. */
export function storedIds(fd: number, stored: Pick<StoredResult, 'artifact_size' | 'artifact_sha256' | 'node_count'>): string[] | undefined {
  const read = nodeIdsOf(fd);
  return read.ids && read.ids.length === stored.node_count && read.size === stored.artifact_size && read.sha256 === stored.artifact_sha256 ? read.ids : undefined;
}

/** The splice that writes the new edge count (the artifact's third line). */
export function edgeCountSplice(file: ArtifactFile, old: number, now: number): Splice | undefined {
  return countSplice(file, 2, old, now);
}

/** The splice that writes the new node count (the artifact's second line). */
export function nodeCountSplice(file: ArtifactFile, old: number, now: number): Splice | undefined {
  return countSplice(file, 1, old, now);
}

function countSplice(file: ArtifactFile, which: 1 | 2, old: number, now: number): Splice | undefined {
  const head = file.read(0, 200).toString('latin1');
  const m = /^\{\n {2}"index_version": "[0-9.]+",\n {2}"node_count": (\d+),\n {2}"edge_count": (\d+),\n/.exec(head);
  if (!m || Number(m[which]) !== old) return undefined;
  const key = which === 1 ? '"node_count": ' : '"edge_count": ';
  const from = m[0].indexOf(key) + key.length;
  return { from, to: from + m[which]!.length, text: String(now) };
}

