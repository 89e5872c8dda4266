import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { MAX_DOCUMENT_BYTES, type RawRead } from './documents/read-bytes.js';
import { readBlobs, stagedEntries, type StagedEntry } from '../git/staged.js';
import type { Overlay } from './overlay.js';
import type { Targets } from './targets.js';

const REGULAR = new Set(['100644', '100755']);

/** What `check --staged` checks: the staged documents, and their bytes as the index holds them. */
export interface Staged {
  targets: Targets;
  overlay: Overlay;
}

/**
 * The governed documents staged for commit under the root, with their staged bytes as an
 * overlay: checked as they will be committed, as lint-staged does, whatever the working tree
 * holds now; every other document is read from the working tree (IDs, links, anchors).
 * Staged Markdown files that are not governed (outside the docs roots, excluded, symbolic
 * links) are listed as ignored. `within`: check's PATHS, resolved on the working tree, narrow
 * the staged set to the files they select; what they select that is not staged is left out.
 */
export async function stagedDocuments(config: RepoConfig, within: Targets | undefined, signal?: AbortSignal): Promise<Staged> {
  const governed: StagedEntry[] = [];
  const ignored: StagedEntry[] = [];
  const selected = within && new Set([...within.governed, ...within.ignored, ...within.outside]);
  for (const entry of await stagedEntries(config.root, signal)) {
    const rel = entry.rel;
    if (!rel.toLowerCase().endsWith('.md')) continue;
    if (selected && !selected.has(rel)) continue;
    const ns = namespaceFor(config, rel);
    const isGoverned = REGULAR.has(entry.mode) && ns !== undefined && !isExcluded(ns, rel) && (!within || within.governed.has(rel));
    (isGoverned ? governed : ignored).push(entry);
  }
  const blobs = await readBlobs(
    config.root,
    governed.map((g) => g.oid),
    MAX_DOCUMENT_BYTES,
    signal,
  );
  const files = new Map<string, Buffer | RawRead>(
    governed.map((g, i) => {
      const blob = blobs[i]!;
      return [g.rel, typeof blob === 'number' ? { kind: 'too-large' as const, size: blob, mtimeMs: Number.NaN } : blob];
    }),
  );
  return {
    overlay: { files, gone: new Set() },
    targets: {
      governed: new Set(files.keys()),
      outside: [],
      ignored: ignored.map((e) => e.rel),
      missing: within?.missing ?? [],
      notRegular: within?.notRegular ?? [],
      links: new Set(),
      unreadable: within?.unreadable ?? [],
    },
  };
}
