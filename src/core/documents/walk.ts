import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { GovernedFiles } from '../config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { isInside } from '../fs/paths.js';
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
  /** Docs roots that are symbolic links leading out of the repository: not walked. */
  refusedRoots: string[];
}

export interface TreeListing {
  /** Every `*.md` regular file, sorted. */
  markdown: string[];
  symlinks: string[];
  unreadable: Issue[];
}

const SKIP_DIRS = new Set(['.git', 'node_modules']);

/**
 * `name.toLowerCase().endsWith('.md')` without lower-casing every name: only `.`, `m`/`M` and
 * `d`/`D` lower-case to those characters (no other mapping, one or several characters long,
 * ends in them).
 */
export function isMarkdownName(name: string): boolean {
  const n = name.length;
  if (n < 3 || name.charCodeAt(n - 3) !== 0x2e) return false;
  const m = name.charCodeAt(n - 2);
  const d = name.charCodeAt(n - 1);
  return (m === 0x6d || m === 0x4d) && (d === 0x64 || d === 0x44);
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Lists `*.md` files under `start` (repo-relative), never following symbolic links, so link
 * loops and escapes cannot occur. A missing start directory lists nothing. Synchronous
 * readdir: one system call per directory, no promise per entry.
 */
export async function listMarkdown(root: string, start: string, signal?: AbortSignal): Promise<TreeListing> {
  return listMarkdownSync(root, start, signal);
}

/** `onFound`: told how many files were listed so far, after each directory (a reading thread can start early). */
export function listMarkdownSync(root: string, start: string, signal?: AbortSignal, onFound?: (count: number) => void): TreeListing {
  const markdown: string[] = [];
  const symlinks: string[] = [];
  const unreadable: Issue[] = [];
  function walk(dir: string): void {
    if (signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while listing documents.');
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      unreadable.push({ code: 'FILE_UNREADABLE', severity: 'warning', message: `The directory could not be listed (${code}) and was skipped.`, path: dir, suggestion: 'Check the directory\'s permissions, then run again.' });
      return;
    }
    const subdirs: string[] = [];
    for (const entry of entries) {
      const rel = dir === '.' || dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isSymbolicLink()) symlinks.push(rel);
      else if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) subdirs.push(rel);
      } else if (entry.isFile() && isMarkdownName(entry.name)) markdown.push(rel);
    }
    onFound?.(markdown.length);
    for (const sub of subdirs) walk(sub);
  }
  walk(start);
  // The default order is byPath's (UTF-16 code units) without a call back into JavaScript per comparison.
  return { markdown: markdown.sort(), symlinks: symlinks.sort(byPath), unreadable: unreadable.sort((a, b) => byPath(a.path ?? '', b.path ?? '')) };
}

/** Whether a docs root (possibly reached through symbolic links) stays inside the root. */
function rootStaysInside(root: string, docsRoot: string): boolean {
  try {
    return isInside(root, realpathSync(path.join(root, docsRoot)));
  } catch {
    return true; // missing: nothing to walk, reported as REPO_STRUCTURE elsewhere
  }
}

/**
 * Enumerates the governed set: every `*.md` under each namespace's docs root that the
 * namespace owns (deepest docs root wins), minus exclusions. Order is independent of the
 * file system.
 */
export async function listGoverned(config: RepoConfig, signal?: AbortSignal, onFound?: (count: number) => void): Promise<WalkResult> {
  const root = config.root;
  const all = [...new Set(config.namespaces.map((ns) => ns.docs_root))].sort();
  const refusedRoots = all.filter((r) => !rootStaysInside(root, r));
  const usable = all.filter((r) => !refusedRoots.includes(r));
  // A nested docs root is reached from its parent's walk: walk only the outermost roots.
  const outermost = usable.filter((r) => !usable.some((o) => o !== r && (o === '.' || r.startsWith(`${o}/`))));
  const files: GovernedFile[] = [];
  const symlinks: string[] = [];
  const unreadable: Issue[] = [];
  const governed = new GovernedFiles(config);
  for (const docsRoot of outermost) {
    const before = files.length;
    const listing = listMarkdownSync(root, docsRoot, signal, onFound && ((count) => onFound(before + count)));
    for (const rel of listing.markdown) {
      const ns = governed.namespaceOf(rel);
      if (ns && !refusedRoots.includes(ns.docs_root)) files.push({ rel, namespace: ns });
    }
    symlinks.push(...listing.symlinks);
    unreadable.push(...listing.unreadable);
  }
  return {
    files: files.sort((a, b) => byPath(a.rel, b.rel)),
    symlinks: [...new Set(symlinks)].sort(byPath),
    unreadable: unreadable.sort((a, b) => byPath(a.path ?? '', b.path ?? '')),
    refusedRoots,
  };
}
