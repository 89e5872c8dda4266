import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Issue } from '../issues.js';

export interface GovernedFile {
  rel: string;
  namespace: NamespaceConfig;
}

export interface WalkResult {
  /** Governed Markdown files, sorted by path, each with its owning namespace. */
  files: GovernedFile[];
  /** Symbolic links met under the docs roots (never followed), sorted. */
  symlinks: string[];
  /** Directories that could not be listed (warnings; the run is partial). */
  unreadable: Issue[];
}

const SKIP_DIRS = new Set(['.git', 'node_modules']);

/**
 * Enumerates the governed set: every `*.md` under each namespace's docs root that the
 * namespace owns (deepest docs root wins), minus exclusions. Symbolic links are never
 * followed, so link loops and escapes cannot occur. Order is independent of the file system.
 */
export async function listGoverned(config: RepoConfig, signal?: AbortSignal): Promise<WalkResult> {
  const files = new Map<string, GovernedFile>();
  const symlinks = new Set<string>();
  const unreadable: Issue[] = [];
  const root = config.root;

  async function walk(dir: string): Promise<void> {
    if (signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while listing documents.');
    let entries;
    try {
      entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      unreadable.push({ code: 'FILE_UNREADABLE', severity: 'warning', message: `The directory could not be listed (${code}) and was skipped.`, path: dir, suggestion: 'Check the directory\'s permissions, then run again.' });
      return;
    }
    const subdirs: string[] = [];
    for (const entry of entries) {
      const rel = dir === '.' || dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        symlinks.add(rel);
      } else if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) subdirs.push(rel);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
        const ns = namespaceFor(config, rel);
        if (ns && !isExcluded(ns, rel)) files.set(rel, { rel, namespace: ns });
      }
    }
    await Promise.all(subdirs.map(walk));
  }

  const all = [...new Set(config.namespaces.map((ns) => ns.docs_root))].sort();
  // A nested docs root is reached from its parent's walk: walk only the outermost roots.
  const outermost = all.filter((r) => !all.some((o) => o !== r && (o === '.' || r.startsWith(`${o}/`))));
  for (const docsRoot of outermost) await walk(docsRoot);
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    files: [...files.values()].sort((a, b) => byPath(a.rel, b.rel)),
    symlinks: [...symlinks].sort(byPath),
    unreadable: unreadable.sort((a, b) => byPath(a.path ?? '', b.path ?? '')),
  };
}
