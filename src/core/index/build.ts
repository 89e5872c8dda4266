import { inspectRepository } from '../check/inspect.js';
import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { buildArtifact, serializeArtifact, type IndexArtifact } from './artifact.js';
import { IndexCache, type CacheMode, type RebuildReason } from './cache.js';
import { buildGraph, type IndexEdge, type IndexNode } from './graph.js';

export interface RebuildInfo {
  mode: 'full' | 'incremental';
  /** Why the build was full (absent when incremental). */
  reason?: RebuildReason;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

export interface BuiltIndex {
  artifact: IndexArtifact;
  bytes: Buffer;
  nodes: IndexNode[];
  edges: IndexEdge[];
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
  rebuild: RebuildInfo;
  partial: boolean;
}

/**
 * Builds the index from one read of the governed documents (check's inspectRepository,
 * without its rules), reusing cached descriptions of unchanged files. `write: false` only
 * reads the cache (for commands that must not write).
 */
export async function buildIndex(config: RepoConfig, opts: { cache: CacheMode; write: boolean; signal?: AbortSignal; onProgress?(done: number, total: number): unknown }): Promise<BuiltIndex> {
  const cache = await IndexCache.open(config, opts.cache, { write: opts.write });
  let ok = false;
  try {
    const inspection = await inspectRepository(config, { rules: false, reuse: cache, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
    const warnings: Issue[] = [...cache.warnings, ...inspection.repository.filter((f) => f.code === 'FILE_UNREADABLE')];
    const inputs = [];
    for (const doc of inspection.documents) {
      if (doc.record.unreadable) {
        warnings.push(...doc.record.problems);
        continue;
      }
      const facts = cache.factsOf(doc);
      if (facts.skip) {
        warnings.push({ code: 'INDEX_DOCUMENT_SKIPPED', severity: 'warning', message: `Not indexed (${facts.skip.code}): ${facts.skip.message.charAt(0).toLowerCase()}${facts.skip.message.slice(1)}`, path: doc.rel, suggestion: 'Run `docket check` on the file for details; `docket fix` repairs what is mechanical.' });
      }
      inputs.push({ rel: doc.rel, namespace: doc.namespace, facts });
    }
    const graph = buildGraph(inputs);
    const artifact = buildArtifact(config, graph.nodes, graph.edges);
    const rebuild: RebuildInfo = { mode: cache.mode, ...(cache.reason ? { reason: cache.reason } : {}), ...cache.changes(inspection.documents.filter((d) => !d.record.unreadable)) };
    ok = true;
    return {
      artifact,
      bytes: serializeArtifact(artifact),
      nodes: graph.nodes,
      edges: graph.edges,
      violations: graph.violations,
      warnings: [...warnings, ...graph.warnings],
      advice: graph.advice,
      rebuild,
      partial: inspection.partial,
    };
  } finally {
    await cache.close(ok);
  }
}
