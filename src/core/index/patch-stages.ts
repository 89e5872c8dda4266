import { rmSync } from 'node:fs';
import type { RepoConfig } from '../config/types.js';
import type { RemovedFile, StoredResult } from './cache.js';
import type { FactsEdit, NewFile, PatchFiles, Patched, PatchIndex, PatchOptions } from './patch-types.js';

/** patchIndex, passed in: this module is loaded by it. */
type Patch = PatchIndex;

interface Change {
  edits: readonly FactsEdit[];
  added: readonly NewFile[];
  removed: readonly RemovedFile[];
}

/**
 * A run that one pass of patchIndex cannot take, as three passes, each from one state of the
 * repository to the next, each checked as any patch is: the edits first (a document that drops
 * its link to a removed one no longer points to it), then the removals (with the old nodes of
 * documents whose ID changed), then the new files (with those documents under their new IDs).
 * Each pass's result is what a full build of its state gives, so the last one's is the full
 * build's. The passes before the last write to files of their own (`stage`, in the cache
 * directory), so the artifact is written once, and not at all when a pass cannot be made:
 * undefined, and the caller builds in full.
 */
export async function patchInStages(patch: Patch, config: RepoConfig, stored: StoredResult, change: Change, io: PatchFiles & { stage: string; linkers?: PatchOptions['linkers'] }): Promise<Patched | undefined> {
  // The documents that link to some paths, as the first pass leaves them: the cache's, but
  // those this run removes, and those it edits with their new links (an edit that links to a
  // new file makes its reference in the last pass, when that file is a node).
  const changed = new Set([...change.edits.map((e) => e.file.rel), ...change.removed.map((r) => r.rel)]);
  const linkers: PatchOptions['linkers'] = io.linkers && ((paths, governed) => {
    const found = io.linkers!(paths, governed);
    if (!found) return undefined;
    for (const [id, { rel }] of found) if (changed.has(rel)) found.delete(id);
    const wanted = new Set(paths);
    for (const e of change.edits) if (e.facts.node && e.facts.links.some((l) => wanted.has(l))) found.set(e.facts.node.document_id, { rel: e.file.rel, links: e.facts.links });
    return found;
  });
  const steps: Change[] = [
    { edits: change.edits, added: [], removed: [] },
    { edits: [], added: [], removed: change.removed },
    { edits: [], added: change.added, removed: [] },
  ].filter((s) => s.edits.length + s.added.length + s.removed.length > 0);
  let [current, from] = [stored, io.from];
  const made: string[] = [];
  try {
    for (const [i, step] of steps.entries()) {
      const last = i === steps.length - 1;
      const to = last ? io.to : `${io.stage}.${i}`;
      if (!last) made.push(to);
      // The last pass writes the artifact even with nothing to change when a pass before wrote.
      const next = await patch(config, current, step.edits, step.added, step.removed, { from, to, always: last && (io.always || from !== io.from), linkers });
      if (!next) return undefined;
      current = next.result;
      if (next.written) from = to;
    }
  } finally {
    for (const file of made) rmSync(file, { force: true });
  }
  return { result: current, written: io.always || current.artifact_sha256 !== stored.artifact_sha256 };
}
