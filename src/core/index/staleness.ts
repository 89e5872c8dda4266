import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import type { OnDisk } from '../fs/changed-file.js';
import { gitWorkTreeTop } from '../fs/git-top.js';
import type { Issue } from '../issues.js';
import { buildArtifact, syncArtifact } from './artifact.js';
import type { DocFacts } from './facts.js';
import { buildGraph, type GraphInput } from './graph.js';

/**
 * Whether git tracks the index artifact (a committed index, which CI can hold against the
 * documents). Asks git only inside a work tree where the artifact exists; git's fsmonitor hook
 * (a command the repository's config could name) is switched off: repository input is untrusted.
 */
export function indexTracked(config: RepoConfig): boolean {
  const abs = path.join(config.root, config.index_path);
  if (!existsSync(abs) || gitWorkTreeTop(config.root) === undefined) return false;
  const r = spawnSync('git', ['-c', 'core.fsmonitor=false', 'ls-files', '--error-unmatch', '--', config.index_path], {
    cwd: config.root,
    timeout: 10_000,
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  return r.status === 0;
}

/**
 * Collects each document's facts while check reads it, so the committed index can be compared
 * without reading the documents again. A document check's cache remembered has no facts here:
 * then `complete` is false and the index builder (with its own cache) answers instead.
 */
export class FactsCollector {
  private readonly facts: (DocFacts | null | undefined)[];

  constructor(private readonly files: readonly GovernedFile[]) {
    this.facts = new Array<DocFacts | null | undefined>(files.length);
  }

  /** A document's facts (undefined: not described), or null for a file that could not be read (no node, as in the index). */
  set(i: number, facts: DocFacts | null | undefined): void {
    this.facts[i] = facts;
  }

  /** The graph's inputs, when every document was described. */
  inputs(): GraphInput[] | undefined {
    const out: GraphInput[] = [];
    for (const [i, file] of this.files.entries()) {
      const facts = this.facts[i];
      if (facts === undefined) return undefined;
      if (facts !== null) out.push({ rel: file.rel, namespace: file.namespace, facts });
    }
    return out;
  }
}

/**
 * How the artifact at index_path compares with what `docket index` would write now: from the
 * facts given, else built through the index cache (read-only: nothing is written). Undefined
 * when it cannot be told (an unreadable document or directory, an unsound graph, which
 * `index` would not write either).
 */
export async function indexOnDisk(config: RepoConfig, inputs: GraphInput[] | undefined, signal?: AbortSignal): Promise<OnDisk | undefined> {
  if (inputs) {
    const graph = buildGraph(inputs);
    if (graph.violations.length > 0) return undefined;
    return (await syncArtifact(config, buildArtifact(config, graph.nodes, graph.edges), { write: false, hash: false })).onDisk;
  }
  const { buildIndex } = await import('./build.js');
  const built = await buildIndex(config, { cache: 'use', write: false, compare: true, ...(signal ? { signal } : {}) });
  if (
    built.partial ||
    built.violations.length > 0 ||
    built.warnings.some((w) => w.code === 'FILE_UNREADABLE' || w.code === 'WALK_LIMIT_REACHED')
  )
    return undefined;
  return built.onDisk;
}

/** check's warning for a committed index that is not what `docket index` would write now. */
export function staleIndexWarning(config: RepoConfig, onDisk: OnDisk): Issue {
  return {
    code: 'INDEX_STALE',
    severity: 'warning',
    message:
      onDisk === 'missing'
        ? `${config.index_path} is tracked by git but missing, so it no longer matches the documents.`
        : `${config.index_path} is tracked by git and no longer matches the documents: \`docket index\` would write it differently.`,
    path: config.index_path,
    suggestion: 'Run `docket index` and commit the result; `docket index --check` tells CI whether it is current.',
  };
}
