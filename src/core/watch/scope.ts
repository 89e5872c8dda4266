import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { ignoreFilesOf, isMarkdownName } from '../engine/documents/walk.js';
import type { IgnoreFiles } from '../fs/ignore-files.js';

/** Directories check's walk never enters, and docket's own cache (.docket/: check writes it on every run). */
const NEVER_ENTERED = new Set(['.git', 'node_modules', '.docket']);

/** A watched directory: `tree` ones are watched with every directory below them, the others for their own entries only. */
export interface WatchedRoot {
  dir: string;
  tree: boolean;
}

/**
 * What check --watch looks at, from the config: which directories are watched, and which
 * changes call for a run. Only what can change check's result counts: a governed document
 * (a Markdown file under a docs root that is neither excluded nor ignored by git), a
 * directory of such files appearing or going (a whole tree moved or deleted), the config,
 * the schemas, and the .gitignore files that decide what is governed. Everything else is
 * left alone: docket's own writes (.docket/, the index under docs/01-indices, temporary
 * files), editors' swap files, ignored trees; otherwise each run's own writes would start
 * the next one.
 */
export class WatchScope {
  private readonly schemas: ReadonlySet<string>;
  private readonly ignores: IgnoreFiles | undefined;

  constructor(readonly config: RepoConfig) {
    this.schemas = new Set(config.namespaces.map((ns) => ns.schema_path));
    this.ignores = ignoreFilesOf(config);
  }

  /** The docs roots (trees), then the directories holding the config and the schemas (their own entries). */
  roots(): WatchedRoot[] {
    const trees = [...new Set(this.config.namespaces.map((ns) => norm(ns.docs_root)))].sort();
    const files = [this.config.config_path, ...this.schemas].map((f) => norm(path.posix.dirname(f)));
    const single = [...new Set(files)].filter((d) => !trees.some((t) => isUnder(d, t) && this.entersDirectory(d))).sort();
    return [...trees.map((dir) => ({ dir, tree: true })), ...single.map((dir) => ({ dir, tree: false }))];
  }

  /** Whether the watch goes into `dir` (repo-relative), as check's walk would: a directory that can hold governed documents. */
  entersDirectory(dir: string): boolean {
    if (dir === '') return this.config.namespaces.some((ns) => norm(ns.docs_root) === '');
    if (dir.split('/').some((segment) => NEVER_ENTERED.has(segment))) return false;
    const ns = namespaceFor(this.config, dir);
    if (!ns) return false;
    if (isExcluded(ns, dir)) return false;
    return !this.ignores?.ignores(dir, true);
  }

  /** Whether a change at `rel` (repo-relative) can change check's result; `directory`: it is (or was) a watched directory. */
  counts(rel: string, directory: boolean): boolean {
    if (rel === this.config.config_path || this.schemas.has(rel)) return true;
    const name = path.posix.basename(rel);
    if (name === '.gitignore') return this.reshapes(rel);
    if (directory) return this.entersDirectory(rel);
    const parent = norm(path.posix.dirname(rel));
    if (!isMarkdownName(name) || !this.entersDirectory(parent)) return false;
    const ns = namespaceFor(this.config, rel);
    // With the root, an index directory's generated views are recognised by their content (isExcluded).
    if (!ns || isExcluded(ns, rel, this.config.root)) return false;
    return !this.ignores?.ignores(rel, false);
  }

  /** Whether a change at `rel` changes what is watched and what counts: the config, or a .gitignore that decides what is governed. */
  reshapes(rel: string): boolean {
    if (rel === this.config.config_path) return true;
    if (path.posix.basename(rel) !== '.gitignore' || this.config.ignoreFiles === false) return false;
    const parent = norm(path.posix.dirname(rel));
    // The root's own .gitignore, or one in (or above) a docs root.
    return parent === '' || this.entersDirectory(parent) || this.roots().some((r) => r.tree && isUnder(r.dir, parent));
  }
}

/** '.' (the root) as '' so that paths join with a plain slash. */
function norm(dir: string): string {
  return dir === '.' ? '' : dir;
}

function isUnder(rel: string, dir: string): boolean {
  return dir === '' || rel === dir || rel.startsWith(`${dir}/`);
}
