import type { RepoConfig } from '../config/types.js';
import { listGoverned, type WalkResult } from '../engine/documents/walk.js';
import type { Issue } from '../issues.js';
import { buildArtifact, stampArtifact, syncArtifact, type IndexArtifact } from './artifact.js';
import type { OnDisk } from '../fs/changed-file.js';
import { IndexCache, type AddedFile, type CacheMode, type IndexSummary } from '../cache/index-cache.js';
import { skippedWarning } from './facts.js';
import { buildGraph, type GraphInput, type IndexEdge, type IndexNode } from './graph.js';
import { factsSinceBuild, scanSinceBuild, type SinceBuild } from './current.js';
import { writeIdsFile } from '../cache/index-ids-file.js';
import type { RebuildInfo } from '../../contract/data/document-index.js';
export type { RebuildInfo };

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

/** An index cache opened, and possibly the docs roots walked and the changes since the last build found, by a caller that then needs the build (see loadIndex). */
export interface OpenedCache {
  cache: IndexCache;
  walk?: WalkResult;
  since?: SinceBuild;
}

/** Where a build's documents came from: read through the cache (inspectRepository), or the cache's facts with what changed since (see factsSinceBuild). */
interface Documents {
  inputs: GraphInput[];
  /** Why some documents are no nodes, or could not be read. */
  warnings: Issue[];
  /** The walk's own warnings (unreadable directories, its limit). */
  walkWarnings: Issue[];
  rebuild: RebuildInfo;
  partial: boolean;
  /** Set when built from the cache's facts: what the manifest then takes (see IndexCache.rebuiltFromFacts). */
  since?: { scan: SinceBuild['scan']; settled: SinceBuild['settled']; added: AddedFile[] };
}

/** The skipped-document warnings of these inputs, in their order. */
function skippedWarnings(inputs: readonly GraphInput[]): Issue[] {
  return inputs.flatMap((i) => (i.facts.skip ? [skippedWarning(i.rel, i.facts.skip)] : []));
}

/**
 * The documents from the cache's facts when the cache can say what changed since the last
 * build: files whose stat changed are read, new ones described, and nothing else is opened.
 */
async function documentsSinceBuild(
  config: RepoConfig,
  cache: IndexCache,
  walk: WalkResult,
  since: SinceBuild,
): Promise<Documents | undefined> {
  const now = await factsSinceBuild(config, cache, since, walk.files);
  if (!now) return undefined;
  const { changed } = since.settled;
  const [added, removed] = [now.added.length, since.scan.removed.length];
  return {
    inputs: now.inputs,
    warnings: skippedWarnings(now.inputs),
    walkWarnings: [],
    rebuild: { mode: 'incremental', added, changed, removed, unchanged: walk.files.length - changed - added },
    partial: false,
    since: { ...since, added: now.added },
  };
}

/** Every document read through the cache (check's inspectRepository, without its rules): unchanged files are described from it. */
async function inspectedDocuments(config: RepoConfig, cache: IndexCache, walk: WalkResult, opts: BuildOptions): Promise<Documents> {
  const { inspectRepository } = await import('../engine/inspect.js');
  const inspection = await inspectRepository(config, {
    rules: false,
    reuse: cache,
    walk,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const warnings: Issue[] = [];
  const inputs: GraphInput[] = [];
  for (const doc of inspection.documents) {
    if (doc.record.unreadable) {
      warnings.push(...doc.record.problems);
      continue;
    }
    const facts = cache.factsOf(doc);
    if (facts.skip) warnings.push(skippedWarning(doc.rel, facts.skip));
    inputs.push({ rel: doc.rel, namespace: doc.namespace, facts });
  }
  return {
    inputs,
    warnings,
    walkWarnings: inspection.repository.filter((f) => f.code === 'FILE_UNREADABLE' || f.code === 'WALK_LIMIT_REACHED'),
    rebuild: {
      mode: cache.mode,
      ...(cache.reason ? { reason: cache.reason } : {}),
      ...cache.changes(inspection.documents.filter((d) => !d.record.unreadable)),
    },
    partial: inspection.partial,
  };
}

/**
 * Builds the index: the graph from every document's facts, then the artifact's text, written
 * when its bytes change. When the cache can say what changed since the last build (a few
 * files changed, added or removed), the facts are the cached ones with those files read
 * again; otherwise every document is read through the cache (check's inspectRepository,
 * without its rules), which describes unchanged files from it. With `graph: false`, when
 * nothing the index says changed and the artifact is the one the last build left, the last
 * result is returned without building anything.
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
    // Undefined for a walk that is partial (an unreadable directory, its limit reached).
    const since = opts.opened?.since ?? (await scanSinceBuild(config, cache, walk));
    if (
      since &&
      opts.graph === false &&
      since.settled.edits.length + since.scan.added.length + since.scan.removed.length === 0 &&
      cache.reuseLast(since.settled.updates)
    ) {
      await close();
      const r = since.scan.result;
      const rebuild: RebuildInfo = {
        mode: 'incremental',
        added: 0,
        changed: since.settled.changed,
        removed: 0,
        unchanged: walk.files.length - since.settled.changed,
      };
      return {
        node_count: r.node_count,
        edge_count: r.edge_count,
        first_id: r.first_id,
        violations: r.violations,
        warnings: [...cache.warnings, ...r.warnings],
        advice: r.advice,
        rebuild,
        partial: false,
        written: false,
      };
    }
    const docs =
      (since && (await documentsSinceBuild(config, cache, walk, since))) ?? (await inspectedDocuments(config, cache, walk, opts));
    const graph = buildGraph(docs.inputs);
    const artifact = buildArtifact(config, graph.nodes, graph.edges);
    const warnings = [...docs.warnings, ...graph.warnings];
    let written = false;
    let onDisk: OnDisk | undefined;
    if (opts.artifact) {
      // An unsound graph leaves the artifact as it was: not even its text is made. It is
      // replaced atomically (a temporary file renamed over it) but not fsynced, as compilers
      // and formatters write their outputs: a build output that `index` writes again, and that
      // `index --check` compares byte for byte.
      const synced =
        graph.violations.length === 0 ? await syncArtifact(config, artifact, { write: true, hash: true, durable: false }) : undefined;
      written = synced?.written ?? false;
      const result = docs.partial
        ? null
        : stampArtifact(config, synced?.sha256, {
            node_count: graph.nodes.length,
            edge_count: graph.edges.length,
            first_id: graph.nodes[0]?.document_id ?? null,
            violations: graph.violations,
            warnings,
            advice: graph.advice,
          });
      // The IDs beside it, for lookups that need only those; an optimisation: without the file they read the artifact.
      if (result && opts.write)
        await writeIdsFile(
          config.root,
          result.artifact_sha256,
          graph.nodes.map((n) => n.document_id),
        ).catch(() => undefined);
      if (docs.since)
        cache.rebuiltFromFacts(docs.since.settled.updates, docs.since.settled.edits, result, docs.since.added, docs.since.scan.removed);
      else cache.remember(result);
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
      warnings: [...cache.warnings, ...docs.walkWarnings, ...warnings],
      advice: graph.advice,
      rebuild: docs.rebuild,
      partial: docs.partial,
      written,
    };
  } finally {
    if (!closed) await cache.close(false);
  }
}
