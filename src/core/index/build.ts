import type { RepoConfig } from '../config/types.js';
import { listGoverned, type WalkResult } from '../documents/walk.js';
import type { Issue } from '../issues.js';
import { buildArtifact, stampArtifact, syncArtifact, type IndexArtifact } from './artifact.js';
import type { OnDisk } from '../fs/changed-file.js';
import { IndexCache, type CacheMode, type IndexSummary, type RebuildReason, type StoredResult } from './cache.js';
import { skippedWarning } from './facts.js';
import { buildGraph, type IndexEdge, type IndexNode } from './graph.js';
import { patchSinceBuild, scanSinceBuild } from './current.js';

export interface RebuildInfo {
  mode: 'full' | 'incremental';
  /** Why the build was full (absent when incremental). */
  reason?: RebuildReason;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

export interface BuiltIndex extends IndexSummary {
  /** The graph; absent when nothing changed and the last result was reused (`graph: false` callers only). */
  artifact?: IndexArtifact;
  /** How the artifact compares with the one at index_path (with `compare: true`). */
  onDisk?: OnDisk;
  nodes?: IndexNode[];
  edges?: IndexEdge[];
  rebuild: RebuildInfo;
  partial: boolean;
  /** Whether the artifact was written (with `artifact: true`). */
  written: boolean;
}

export interface BuildOptions {
  cache: CacheMode;
  /** Take the cache lock and update the cache (index); false only reads it (resolve, identify, link). */
  write: boolean;
  /** Write the artifact at index_path when its bytes change and the graph is sound (index). */
  artifact?: boolean;
  /** Compare the artifact with the one at index_path (see BuiltIndex.onDisk; without `artifact`). */
  compare?: boolean;
  /**
   * Whether the caller needs the graph itself (nodes, edges, bytes). When it does not, a run
   * in which no document and not the artifact changed reuses the last result without
   * building anything.
   */
  graph?: boolean;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): unknown;
  /** A cache the caller opened with these options (and the walk it made since), handed over: the build closes it. */
  opened?: OpenedCache;
}

/** An index cache opened, and possibly the docs roots walked, by a caller that then needs the build (see loadIndex). */
export interface OpenedCache {
  cache: IndexCache;
  walk?: WalkResult;
}

/**
 * The last run's result, when it still holds: the same files, each unchanged, or changed in
 * bytes but not in facts (an edit of a body that touches no link, heading or metadata the
 * index uses), and the artifact as it was left; or that result with the artifact patched,
 * when the facts of some changed only in fields of their own node, their links, or why they
 * are not nodes, or by a few new or removed files (see patchIndex). Changed and new files are read and
 * described by settleChanged and describeAdded.
 */
async function reusable(config: RepoConfig, cache: IndexCache, walk: WalkResult): Promise<{ result: StoredResult; changed: number; added: number; removed: number; written: boolean } | undefined> {
  const since = await scanSinceBuild(config, cache, walk);
  if (!since) return undefined;
  const { scan, settled } = since;
  const { updates, edits, changed } = settled;
  if (edits.length === 0 && scan.added.length === 0 && scan.removed.length === 0) return cache.reuseLast(updates) ? { result: scan.result, changed, added: 0, removed: 0, written: false } : undefined;
  // The cache takes the new facts as an overlay of its facts file (patchIndex checks the artifact).
  // The Python DocOps CLI's artifact is not patched in place: it is made again from the cached facts.
  if (config.index_format === 'meminit') return undefined;
  const done = await patchSinceBuild(config, cache, since, { stage: cache.stagePath(), allow: (added) => cache.canPatch(edits, added) });
  if (!done) return undefined;
  cache.patched(updates, edits, done.patched.result, done.added, scan.removed);
  return { result: done.patched.result, changed, added: done.added.length, removed: scan.removed.length, written: done.patched.written };
}

/**
 * Builds the index from one read of the governed documents (check's inspectRepository,
 * without its rules), reusing cached descriptions of unchanged files. With `graph: false`
 * and nothing changed since the last run, the last result is returned without reading,
 * parsing or building anything.
 */
export async function buildIndex(config: RepoConfig, opts: BuildOptions): Promise<BuiltIndex> {
  const cache = opts.opened?.cache ?? (await IndexCache.open(config, opts.cache, { write: opts.write }));
  let closed = false;
  /** Saves the cache before the result is made: a cache that cannot be written adds a warning to it. */
  const close = async () => {
    closed = true;
    await cache.close(true);
  };
  try {
    const walk = opts.opened?.walk ?? (await listGoverned(config, opts.signal));
    // A walk stopped by its limit (WALK_LIMIT_REACHED) is partial: never the unchanged last result.
    if (opts.graph === false && !walk.unreadable.some((w) => w.code === 'WALK_LIMIT_REACHED')) {
      const last = await reusable(config, cache, walk);
      if (last) {
        await close();
        const rebuild: RebuildInfo = { mode: 'incremental', added: last.added, changed: last.changed, removed: last.removed, unchanged: walk.files.length - last.changed - last.added };
        const r = last.result;
        return { node_count: r.node_count, edge_count: r.edge_count, first_id: r.first_id, violations: r.violations, warnings: [...cache.warnings, ...r.warnings], advice: r.advice, rebuild, partial: false, written: last.written };
      }
    }
    const { inspectRepository } = await import('../check/inspect.js');
    const inspection = await inspectRepository(config, { rules: false, compact: true, reuse: cache, walk, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
    const walkWarnings = inspection.repository.filter((f) => f.code === 'FILE_UNREADABLE' || f.code === 'WALK_LIMIT_REACHED');
    const documentWarnings: Issue[] = [];
    const inputs = [];
    for (const doc of inspection.documents) {
      if (doc.record.unreadable) {
        documentWarnings.push(...doc.record.problems);
        continue;
      }
      const facts = cache.factsOf(doc);
      if (facts.skip) {
        documentWarnings.push(skippedWarning(doc.rel, facts.skip));
      }
      inputs.push({ rel: doc.rel, namespace: doc.namespace, facts });
    }
    const graph = buildGraph(inputs);
    const artifact = buildArtifact(config, graph.nodes, graph.edges);
    const rebuild: RebuildInfo = { mode: cache.mode, ...(cache.reason ? { reason: cache.reason } : {}), ...cache.changes(inspection.documents.filter((d) => !d.record.unreadable)) };
    const warnings = [...documentWarnings, ...graph.warnings];
    let written = false;
    let onDisk: OnDisk | undefined;
    if (opts.artifact) {
      // An unsound graph leaves the artifact as it was: not even its text is made.
      const synced = graph.violations.length === 0 ? await syncArtifact(config, artifact, { write: true, hash: true }) : undefined;
      written = synced?.written ?? false;
      const partial = inspection.partial;
      cache.remember(partial ? null : stampArtifact(config, synced?.sha256, { node_count: graph.nodes.length, edge_count: graph.edges.length, first_id: graph.nodes[0]?.document_id ?? null, violations: graph.violations, warnings, advice: graph.advice }));
    } else if (opts.compare) {
      onDisk = (await syncArtifact(config, artifact, { write: false, hash: false })).onDisk;
    }
    await close();
    return {
      artifact,
      ...(onDisk ? { onDisk } : {}),
      nodes: graph.nodes,
      edges: graph.edges,
      node_count: graph.nodes.length,
      edge_count: graph.edges.length,
      first_id: graph.nodes[0]?.document_id ?? null,
      violations: graph.violations,
      warnings: [...cache.warnings, ...walkWarnings, ...warnings],
      advice: graph.advice,
      rebuild,
      partial: inspection.partial,
      written,
    };
  } finally {
    if (!closed) await cache.close(false);
  }
}
