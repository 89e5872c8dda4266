import type { Advice, Issue } from '../issues.js';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import type { Splice } from './artifact-file.js';
import type { AddedFile, Linkers, RemovedFile, StoredResult } from './cache.js';
import type { DocFacts } from './facts.js';

// The types the patch modules share, apart from the modules themselves (no import cycles).

/** A document whose facts changed since the last build: its position in the cache, its new facts, and the hash of its old ones. */
export interface FactsEdit {
  index: number;
  file: GovernedFile;
  facts: DocFacts;
  previousFactsHash: string;
}

/** A new file to patch in; `governed`: its path was a governed file at the last build (a document that becomes a node, or keeps its path under another ID). */
export type NewFile = Pick<AddedFile, 'file' | 'facts'> & { governed?: boolean };

export interface PatchOptions extends Partial<PatchFiles> {
  /** The cached node documents that link to these paths (see IndexCache.linkersOf; undefined: unknown). */
  linkers?: (paths: readonly string[], governed: boolean) => Linkers | undefined;
  /** Where a run the one pass cannot take writes its intermediate artifacts (see patchInStages); none: such a run builds in full. */
  stage?: string;
}

/** Where a patch reads the artifact and writes the new one (both the artifact's path unless staged; see patch-stages.ts). */
export interface PatchFiles {
  from: string;
  to: string;
  /** Write even when nothing changes: a stage's file becomes the artifact. */
  always: boolean;
}

export interface Patched {
  result: StoredResult;
  written: boolean;
}

/** What the result becomes without some documents, and the splices that take them out of the artifact. */
export interface Removal {
  splices: Splice[];
  warnings: Issue[];
  advice: Advice[];
  node_count: number;
  edge_count: number;
  first_id: string | null;
}

/** patchIndex's signature: patch-stages gets the function passed in, as patch.ts loads it. */
export type PatchIndex = (
  config: RepoConfig,
  stored: StoredResult,
  edits: readonly FactsEdit[],
  added?: readonly NewFile[],
  removed?: readonly RemovedFile[],
  opts?: PatchOptions,
) => Promise<Patched | undefined>;
