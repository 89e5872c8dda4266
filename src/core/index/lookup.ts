import { promises as fs } from 'node:fs';
import path from 'node:path';
import { repairId } from '../engine/rules/ids.js';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { resolveInsideRoot } from '../fs/paths.js';
import type { Issue } from '../issues.js';
import { closest } from '../text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import { listGoverned, type WalkResult } from '../engine/documents/walk.js';
import { buildIndex, type OpenedCache } from './build.js';
import { IndexCache } from '../cache/index-cache.js';
import { currentArtifact, scanSinceBuild, type CurrentArtifact, type SinceBuild } from './current.js';
import { meminitIndex } from './lookup-meminit.js';
import { nodeIdsAt, nodeIdsOf, nodesOf, readNode } from './artifact-file.js';
import type { IndexNode } from './graph.js';
import { readArtifactGraph, type WholeGraph } from './artifact-graph.js';
import { readIdsFile } from '../cache/index-ids-file.js';

export interface LoadedIndex {
  /** INDEX_MISSING or INDEX_STALE when the artifact does not match the documents. */
  readonly warnings: Issue[];
  /** The node with this ID. */
  node(id: string): Promise<IndexNode | undefined>;
  /** The node of this repository-relative path. */
  nodeAt(rel: string): Promise<IndexNode | undefined>;
  /** Every node's ID, for suggestions. */
  ids(): Promise<Iterable<string>>;
  /** Every node, sorted by ID (`docket list`). */
  nodes(): Promise<IndexNode[]>;
  /** Every node and edge (`docket graph`). */
  graph(): Promise<WholeGraph>;
  /** Why a governed file is not a node (its INDEX_DOCUMENT_SKIPPED message). */
  skipped(rel: string): string | undefined;
  /** Releases the artifact a lookup reads. */
  close(): void;
}

/** Why governed files are not nodes, by path, from an index build's warnings. */
const skippedOf = (warnings: readonly Issue[]) =>
  new Map(warnings.filter((w) => w.code === 'INDEX_DOCUMENT_SKIPPED' && w.path).map((w) => [w.path!, w.message]));

/**
 * The index as the documents say it is now. When the artifact is what `docket index` would
 * write now (see currentArtifact), lookups read it; otherwise the index is built in memory
 * through the cache (read only, so unchanged files are not read) and compared with the
 * artifact. A missing or stale artifact is a warning, never a wrong answer.
 */
export async function loadIndex(config: RepoConfig, signal?: AbortSignal): Promise<LoadedIndex> {
  const cache = await IndexCache.open(config, 'use', { write: false });
  // The Python DocOps CLI's artifact (index_format meminit) is read whole when current, never
  // bisected (its nodes do not begin with their ID).
  const meminit = config.index_format === 'meminit';
  let current: CurrentArtifact | undefined;
  let walk: WalkResult | undefined;
  let since: SinceBuild | undefined;
  try {
    walk = cache.mode === 'incremental' ? await listGoverned(config, signal) : undefined;
    since = await scanSinceBuild(config, cache, walk);
    current = currentArtifact(config, cache, since);
    lastLookup.source = current ? 'artifact' : 'built';
  } catch (error) {
    await cache.close(false);
    throw error;
  }
  if (current) {
    await cache.close(false);
    if (meminit) return meminitLookups(config, current, signal);
    return new ArtifactIndex(current, () => builtIndex(config, signal), config.root);
  }
  // The same cache, walk and scan: the build does not list the docs roots or stat the files
  // again, and when few changed it is made from the cached facts (see factsSinceBuild).
  return builtIndex(config, signal, { cache, ...(walk ? { walk } : {}), ...(since ? { since } : {}) });
}

/**
 * The IDs of the artifact the last `index` wrote, when the cache says the artifact on disk is
 * still that one and it built without violations: no walk of the documents, so the answer is
 * the index as committed, which may lag the tree (a document removed or renamed since). For
 * the state read commands, which the issue wants answered from the state file and the index
 * alone; they fall back to loadIndex whenever an ID they need is not in it.
 */
export async function recordedIndexIds(config: RepoConfig): Promise<string[] | undefined> {
  if (config.index_format === 'meminit') return undefined;
  const cache = await IndexCache.open(config, 'use', { write: false });
  try {
    if (cache.mode !== 'incremental') return undefined;
    const stored = cache.storedIfArtifactIs();
    return stored && stored.violations.length === 0 ? readIdsFile(config.root, stored) : undefined;
  } finally {
    await cache.close(false);
  }
}

/**
 * What answered the last lookup in this process, and whether a build took over the cache and
 * walk of the artifact's check: tests check that the artifact is read (shared through
 * globalThis with the built copy the commands run).
 */
export const lastLookup: { source: 'artifact' | 'built' | 'fallback' | 'none'; handedOver?: boolean } = ((
  globalThis as Record<symbol, unknown>
)[Symbol.for('docket.lookup.last')] ??= { source: 'none' }) as never;

/** The artifact is not what `docket index` would write now; the answer comes from what it would write. */
const staleWarning = (config: RepoConfig): Issue => ({
  code: 'INDEX_STALE',
  severity: 'warning',
  message: `${config.index_path} is out of date; the index as the documents are now was used for this run.`,
  path: config.index_path,
  suggestion: 'Run `docket index` to bring it up to date.',
});

/** Lookups in the current artifact of the Python DocOps CLI's format; the index built in memory when it does not read as one. */
async function meminitLookups(config: RepoConfig, current: CurrentArtifact, signal?: AbortSignal): Promise<LoadedIndex> {
  let read: ReturnType<typeof meminitIndex>;
  try {
    read = meminitIndex(current, skippedOf);
  } finally {
    current.close();
  }
  if (!read) {
    lastLookup.source = 'fallback';
    return builtIndex(config, signal);
  }
  return {
    warnings: [],
    node: async (id) => read.node(id),
    nodeAt: async (rel) => read.nodeAt(rel),
    ids: async () => read.ids(),
    nodes: async () => read.nodes(),
    graph: async () => read.graph(),
    skipped: (rel) => read.skipped(rel),
    close: () => undefined,
  };
}

/** The index built in memory (see loadIndex). */
async function builtIndex(config: RepoConfig, signal?: AbortSignal, opened?: OpenedCache): Promise<LoadedIndex> {
  lastLookup.handedOver = opened !== undefined;
  const built = await buildIndex(config, {
    cache: 'use',
    write: false,
    compare: true,
    ...(signal ? { signal } : {}),
    ...(opened ? { opened } : {}),
  });
  const onDisk = built.onDisk;
  const warnings: Issue[] = [];
  if (onDisk === 'missing') {
    warnings.push({
      code: 'INDEX_MISSING',
      severity: 'warning',
      message: `${config.index_path} does not exist; the index was built in memory for this run.`,
      path: config.index_path,
      suggestion: 'Run `docket index` to write it.',
    });
  } else if (onDisk === 'different') {
    warnings.push(staleWarning(config));
  }
  const skipped = skippedOf(built.warnings);
  const nodes = built.nodes!;
  const [byId, byPath] = [new Map(nodes.map((n) => [n.document_id, n])), new Map(nodes.map((n) => [n.path, n]))];
  return {
    warnings,
    node: async (id) => byId.get(id),
    nodeAt: async (rel) => byPath.get(rel),
    ids: async () => byId.keys(),
    nodes: async () => nodes,
    graph: async () => ({ nodes, edges: built.edges! }),
    skipped: (rel) => skipped.get(rel),
    close: () => undefined,
  };
}

/**
 * Lookups in the current artifact: a node by ID is found by bisecting the file, a path in one
 * hashed read of it, every ID in the list `index` recorded for it (see cache/index-ids-file.ts), else in
 * another hashed read. An item that does not read back (the file changed in place, keeping
 * its size and time) makes the index built in memory answer instead.
 */
class ArtifactIndex implements LoadedIndex {
  private fallback?: LoadedIndex;
  private readonly skippedPaths: Map<string, string>;

  constructor(
    private readonly current: CurrentArtifact,
    private readonly build: () => Promise<LoadedIndex>,
    private readonly root: string,
  ) {
    this.skippedPaths = skippedOf(current.stored.warnings);
  }

  get warnings(): Issue[] {
    return this.fallback?.warnings ?? [];
  }

  private async instead(): Promise<LoadedIndex> {
    lastLookup.source = 'fallback';
    this.fallback ??= await this.build();
    return this.fallback;
  }

  async node(id: string): Promise<IndexNode | undefined> {
    if (this.fallback) return this.fallback.node(id);
    const found = readNode(this.current.file, id);
    return found === undefined ? (await this.instead()).node(id) : (found ?? undefined);
  }

  async nodeAt(rel: string): Promise<IndexNode | undefined> {
    if (this.fallback) return this.fallback.nodeAt(rel);
    const ids = nodeIdsAt(this.current.file, this.current.stored, [rel]);
    if (ids) {
      const id = ids.get(rel);
      // The artifact reads as stored, and no node has the path.
      if (id === undefined) return undefined;
      const node = await this.node(id);
      if (!this.fallback && node?.path === rel) return node;
    }
    return (await this.instead()).nodeAt(rel);
  }

  async ids(): Promise<Iterable<string>> {
    if (this.fallback) return this.fallback.ids();
    const { stored, file } = this.current;
    const recorded = readIdsFile(this.root, stored);
    if (recorded) return recorded;
    const read = nodeIdsOf(file.fd);
    if (read.ids && read.ids.length === stored.node_count && read.size === stored.artifact_size && read.sha256 === stored.artifact_sha256)
      return read.ids;
    return (await this.instead()).ids();
  }

  async nodes(): Promise<IndexNode[]> {
    if (this.fallback) return this.fallback.nodes();
    const { stored, file } = this.current;
    const read = nodesOf(file.fd);
    if (
      read.nodes &&
      read.nodes.length === stored.node_count &&
      read.size === stored.artifact_size &&
      read.sha256 === stored.artifact_sha256
    )
      return read.nodes;
    return (await this.instead()).nodes();
  }

  async graph(): Promise<WholeGraph> {
    if (this.fallback) return this.fallback.graph();
    return readArtifactGraph(this.current) ?? (await this.instead()).graph();
  }

  skipped(rel: string): string | undefined {
    return this.fallback ? this.fallback.skipped(rel) : this.skippedPaths.get(rel);
  }

  close(): void {
    this.current.close();
  }
}

/** Exact match after trimming; otherwise ID_NOT_FOUND with the canonical form or the closest IDs. */
export async function findById(index: LoadedIndex, input: string): Promise<IndexNode> {
  const id = input.trim();
  if (id === '') throw new DocketError('INVALID_ID', 'The ID is empty.', { suggestion: 'Pass a document ID such as ACME-ADR-001.' });
  const node = await index.node(id);
  if (node) return node;
  const canonical = repairId(id);
  const repaired = canonical !== undefined && canonical !== id && (await index.node(canonical)) !== undefined;
  const suggestions = repaired ? [canonical] : closest(id.toUpperCase(), await index.ids(), 3);
  const hint = repaired
    ? ` IDs match exactly: did you mean ${canonical}?`
    : suggestions.length > 0
      ? ` Did you mean ${suggestions.join(', ')}?`
      : '';
  throw new DocketError('ID_NOT_FOUND', `No governed document has the ID "${id}".${hint}`, {
    suggestion:
      suggestions.length > 0
        ? `Use ${suggestions[0]}${suggestions.length > 1 ? ` (or ${suggestions.slice(1).join(', ')})` : ''}.`
        : 'List the documents with `docket context --deep`, or run `docket index` and read the artifact.',
    details: { id, did_you_mean: suggestions },
  });
}

/** Why a path inside the root is not a node: missing, a directory, ungoverned, or skipped. */
async function notIndexed(config: RepoConfig, index: LoadedIndex, input: string, rel: string): Promise<never> {
  const stat = await fs.lstat(path.join(config.root, rel)).catch(() => undefined);
  if (!stat)
    throw new DocketError('FILE_NOT_FOUND', `${rel || '.'} does not exist.`, {
      suggestion: 'Pass the path of a governed document, relative to the repository root (or --root) or absolute.',
      details: { path: input },
    });
  const ns = namespaceFor(config, rel);
  let reason: string;
  if (stat.isDirectory()) reason = 'it is a directory';
  else if (stat.isSymbolicLink()) reason = 'it is a symbolic link';
  else if (!rel.toLowerCase().endsWith('.md')) reason = 'it is not a Markdown file';
  else if (!ns) reason = "it is outside every namespace's docs root";
  else if (isExcluded(ns, rel)) reason = 'it is excluded by the config';
  else if (isExcluded(ns, rel, config.root)) reason = 'it is a view the Python DocOps CLI generated (its MEMINIT_GENERATED marker)';
  else reason = index.skipped(rel)?.replace(/^Not indexed \(([A-Z_]+)\): (.*?)\.?$/, '$2 ($1)') ?? 'it has no valid document_id';
  throw new DocketError('DOCUMENT_NOT_INDEXED', `${rel} is not in the index: ${reason}.`, {
    suggestion: `Run \`docket check ${rel}\` to see why; identify works on governed documents with a valid document_id.`,
    details: { path: rel, reason },
  });
}

/** The node of a path given on the command line (absolute or relative to the root); outside the root: 77. */
export async function findByPath(config: RepoConfig, index: LoadedIndex, input: string): Promise<IndexNode> {
  const { rel } = resolveInsideRoot(config.root, input);
  return (await index.nodeAt(rel)) ?? notIndexed(config, index, input, rel);
}
