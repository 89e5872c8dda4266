import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { GovernedFiles } from '../../config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../../config/types.js';
import { IgnoreFiles } from '../../fs/ignore-files.js';
import { isInside } from '../../fs/paths.js';
import { DocketError } from '../../../errors/docket-error.js';
import type { Issue } from '../../issues.js';
import type { GovernedFile } from './governed-file.js';

export type { GovernedFile } from './governed-file.js';

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
 * How many Markdown files a walk lists before it stops: the first ones in path order are kept,
 * a WALK_LIMIT_REACHED warning says where it stopped, and the run is partial. Bounds the time
 * of scan, check and index on a tree far larger than any repository (DOCKET_WALK_LIMIT
 * overrides it, for tests and for larger repositories).
 */
const WALK_LIMIT = 100_000;
const MAX_WALK_LIMIT = 1_000_000_000;

/** WALK_LIMIT, or DOCKET_WALK_LIMIT when set: a whole number of files from 1 to 10^9, else INVALID_WALK_LIMIT. */
function walkLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DOCKET_WALK_LIMIT?.trim();
  if (!raw) return WALK_LIMIT;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= MAX_WALK_LIMIT)) {
    throw new DocketError(
      'INVALID_WALK_LIMIT',
      `DOCKET_WALK_LIMIT "${raw.slice(0, 32)}" is not a number of files from 1 to ${MAX_WALK_LIMIT}.`,
      {
        suggestion: `Unset DOCKET_WALK_LIMIT or set it to a whole number of files, such as ${WALK_LIMIT * 2}.`,
        details: { value: raw.slice(0, 32), max: MAX_WALK_LIMIT },
      },
    );
  }
  return value;
}

/** Files a walk may still list; shared by the walks of one listing (several docs roots). */
interface WalkBudget {
  readonly limit: number;
  left: number;
}

/** Thrown inside a walk when the budget is spent, to unwind it. */
class WalkLimitReached extends Error {}

function budgetOf(limit: number): WalkBudget {
  return { limit, left: limit };
}

/** Counts one listed file; the one past the limit ends the walk, with the warning saying where. */
function take(budget: WalkBudget, rel: string, unreadable: Issue[]): void {
  if (budget.left === 0) {
    unreadable.push(limitWarning(budget, rel));
    throw new WalkLimitReached();
  }
  budget.left--;
}

function limitWarning(budget: WalkBudget, firstLeftOut: string): Issue {
  return {
    code: 'WALK_LIMIT_REACHED',
    severity: 'warning',
    message: `The walk stopped after ${budget.limit} Markdown files: ${firstLeftOut} and the files after it (in path order) were not read, so the result is partial.`,
    path: firstLeftOut,
    suggestion: 'Pass the repository itself as --root, exclude generated trees (excluded_paths), or raise DOCKET_WALK_LIMIT.',
  };
}

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
export async function listMarkdown(root: string, start: string, signal?: AbortSignal, ignores?: IgnoreFiles): Promise<TreeListing> {
  return listMarkdownSync(root, start, signal, walkLimit(), ignores);
}

/** What git ignores under `config`'s root, unless the run says not to (--no-ignore). */
export function ignoreFilesOf(config: Pick<RepoConfig, 'root' | 'ignoreFiles'>): IgnoreFiles | undefined {
  return config.ignoreFiles === false ? undefined : new IgnoreFiles(config.root);
}

export function listMarkdownSync(
  root: string,
  start: string,
  signal?: AbortSignal,
  limit = walkLimit(),
  ignores?: IgnoreFiles,
): TreeListing {
  const markdown: string[] = [];
  const symlinks: string[] = [];
  const unreadable: Issue[] = [];
  const budget = budgetOf(limit);
  visitMarkdown(
    root,
    start,
    signal,
    (rel) => {
      take(budget, rel, unreadable);
      markdown.push(rel);
    },
    symlinks,
    unreadable,
    budget,
    ignores,
  );
  // Already in this order (see visitMarkdown); the default sort checks it without a call back into JavaScript.
  return {
    markdown: markdown.sort(),
    symlinks: symlinks.sort(byPath),
    unreadable: unreadable.sort((a, b) => byPath(a.path ?? '', b.path ?? '')),
  };
}

/**
 * Calls `onFile` for every `*.md` regular file under `start`, in the order of their paths
 * (UTF-16 code units, the order of `<`), until `onFile` spends the budget (see take): each directory's entries are visited sorted, a
 * directory's name with a slash after it, so a depth-first walk meets the paths in the order
 * a sort of all of them would give, and the list needs no sort afterwards.
 */
function visitMarkdown(
  root: string,
  start: string,
  signal: AbortSignal | undefined,
  onFile: (rel: string) => void,
  symlinks: string[],
  unreadable: Issue[],
  budget: WalkBudget,
  ignores: IgnoreFiles | undefined,
): void {
  function walk(dir: string): void {
    if (signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while listing documents.');
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      unreadable.push({
        code: 'FILE_UNREADABLE',
        severity: 'warning',
        message: `The directory could not be listed (${code}) and was skipped.`,
        path: dir,
        suggestion: "Check the directory's permissions, then run again.",
      });
      return;
    }
    const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
    // Asked only in a directory that some .gitignore rules apply to.
    const ignoring = ignores?.hasRulesFor(prefix.slice(0, -1)) ? ignores : undefined;
    // Names with a slash after directories' names: a name never holds a slash, so the key says which.
    const keys: string[] = [];
    for (const entry of entries) {
      // What git ignores is not the repository's: never walked, listed or reported.
      if (ignoring?.ignores(prefix + entry.name, entry.isDirectory())) continue;
      if (entry.isSymbolicLink()) symlinks.push(prefix + entry.name);
      else if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) keys.push(`${entry.name}/`);
      } else if (entry.isFile() && isMarkdownName(entry.name)) keys.push(entry.name);
    }
    keys.sort();
    for (const key of keys) {
      if (key.charCodeAt(key.length - 1) === 0x2f) walk(prefix + key.slice(0, -1));
      else onFile(prefix + key);
    }
  }
  if (budget.left < 0) return; // spent by an earlier docs root
  try {
    walk(start);
  } catch (error) {
    if (!(error instanceof WalkLimitReached)) throw error;
    budget.left = -1;
  }
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
export async function listGoverned(config: RepoConfig, signal?: AbortSignal, limit = walkLimit()): Promise<WalkResult> {
  const files: GovernedFile[] = [];
  const rest = visitGoverned(config, signal, (rel, namespace) => files.push({ rel, namespace }), limit);
  return { files: inPathOrder(files), ...rest };
}

/** The walk gives files in path order (see visitMarkdown); sorts them if they are not, all the same. */
function inPathOrder(files: GovernedFile[]): GovernedFile[] {
  for (let i = 1; i < files.length; i++) if (!(files[i - 1]!.rel < files[i]!.rel)) return files.sort((a, b) => byPath(a.rel, b.rel));
  return files;
}

/** Calls `onFile` for each governed file, in path order; returns what else the walk met. */
function visitGoverned(
  config: RepoConfig,
  signal: AbortSignal | undefined,
  onFile: (rel: string, namespace: NamespaceConfig) => void,
  limit: number,
): Omit<WalkResult, 'files'> {
  const root = config.root;
  const all = [...new Set(config.namespaces.map((ns) => ns.docs_root))].sort();
  const refusedRoots = all.filter((r) => !rootStaysInside(root, r));
  const usable = all.filter((r) => !refusedRoots.includes(r));
  // A nested docs root is reached from its parent's walk: walk only the outermost roots, in
  // the order of their files' paths (with a slash after each, as visitMarkdown sorts).
  const outermost = usable
    .filter((r) => !usable.some((o) => o !== r && (o === '.' || r.startsWith(`${o}/`))))
    .sort((a, b) => byPath(`${a}/`, `${b}/`));
  const symlinks: string[] = [];
  const unreadable: Issue[] = [];
  const governed = new GovernedFiles(config);
  const budget = budgetOf(limit);
  const ignores = ignoreFilesOf(config);
  for (const docsRoot of outermost) {
    visitMarkdown(
      root,
      docsRoot,
      signal,
      (rel) => {
        const ns = governed.namespaceOf(rel);
        if (ns && !refusedRoots.includes(ns.docs_root)) {
          take(budget, rel, unreadable);
          onFile(rel, ns);
        }
      },
      symlinks,
      unreadable,
      budget,
      ignores,
    );
  }
  return {
    symlinks: [...new Set(symlinks)].sort(byPath),
    unreadable: unreadable.sort((a, b) => byPath(a.path ?? '', b.path ?? '')),
    refusedRoots,
  };
}
