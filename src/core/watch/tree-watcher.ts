import { watch as fsWatch, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Issue } from '../issues.js';
import type { WatchScope } from './scope.js';

/** A started watcher of one directory's entries (fs.FSWatcher's part this module uses). */
export interface DirectoryWatcher {
  close(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Starts watching one directory's entries; `listener` gets each entry's name (null when the platform does not say). */
export type WatchDirectory = (abs: string, listener: (name: string | null) => void) => DirectoryWatcher;

const watchDirectory: WatchDirectory = (abs, listener) =>
  fsWatch(abs, { persistent: true }, (_event, name) => listener(typeof name === 'string' ? name : null));

/**
 * More directories than this are not watched (WATCH_INCOMPLETE): each costs a kernel watch,
 * a limited resource shared by every process of the user (fs.inotify.max_user_watches).
 */
const MAX_WATCHED_DIRECTORIES = 20_000;

export interface TreeEvents {
  /** Something changed at `rel` (repo-relative); `directory`: a watched directory appeared or went. */
  change(rel: string, directory: boolean): void;
  /** Some directories are not watched: changes there are missed (reported once per cause). */
  problem(issue: Issue): void;
}

interface Watched {
  watcher: DirectoryWatcher;
  tree: boolean;
}

/**
 * Watches the scope's directories one by one (fs.watch on each directory, never recursive).
 * Node 20's `fs.watch(dir, { recursive: true })` on Linux watches every file and directory
 * separately and loses a file replaced by a rename (how editors save): edits after the first
 * save, and its deletion, are never reported. A directory's watch reports its entries by name
 * whatever their inode, so renames, new files and deletions are all seen, with one kernel watch
 * per directory instead of one per file. New directories are watched (with what they hold)
 * as they appear; a directory that goes takes its subtree's watches with it.
 */
export class TreeWatcher {
  private readonly watched = new Map<string, Watched>();
  private limitReported = false;

  constructor(
    private readonly scope: WatchScope,
    private readonly events: TreeEvents,
    private readonly watch: WatchDirectory = watchDirectory,
    private readonly max = MAX_WATCHED_DIRECTORIES,
  ) {}

  /** Watches the scope's roots; returns how many directories are watched. */
  start(): number {
    for (const root of this.scope.roots()) {
      if (root.tree) this.addTree(root.dir);
      else this.addOne(root.dir, false);
    }
    return this.watched.size;
  }

  get directories(): number {
    return this.watched.size;
  }

  close(): void {
    for (const w of this.watched.values()) w.watcher.close();
    this.watched.clear();
  }

  private abs(rel: string): string {
    return rel === '' ? this.scope.config.root : path.join(this.scope.config.root, rel);
  }

  /** Watches `dir` and every directory below it that the scope enters; a missing one is skipped (it may come later). */
  private addTree(dir: string): void {
    const stack = [dir];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (!this.addOne(current, true)) continue;
      let entries;
      try {
        entries = readdirSync(this.abs(current), { withFileTypes: true });
      } catch {
        continue; // gone, or unreadable: check reports an unreadable directory itself
      }
      for (const entry of entries) {
        // Never through a symbolic link (check's walk does not follow them either).
        if (!entry.isDirectory()) continue;
        const rel = current === '' ? entry.name : `${current}/${entry.name}`;
        if (!this.watched.has(rel) && this.scope.entersDirectory(rel)) stack.push(rel);
      }
    }
  }

  /** Starts one directory's watch; false when it is not watched (missing, or the limit reached). */
  private addOne(dir: string, tree: boolean): boolean {
    const known = this.watched.get(dir);
    if (known) {
      known.tree ||= tree;
      return true;
    }
    if (this.watched.size >= this.max) {
      this.limit(dir, `more than ${this.max} directories`);
      return false;
    }
    let watcher: DirectoryWatcher;
    try {
      watcher = this.watch(this.abs(dir), (name) => {
        try {
          this.onEvent(dir, name);
        } catch {
          // An event this watcher cannot make sense of still counts: the directory as a whole changed.
          this.events.change(dir, true);
        }
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      if (code === 'ENOSPC') this.limit(dir, "the system's limit on file watches (fs.inotify.max_user_watches)");
      else this.unwatchable(dir, error as Error);
      return false;
    }
    // A watch that fails later (its directory removed on some platforms): treated as the directory going.
    watcher.on('error', () => this.gone(dir));
    this.watched.set(dir, { watcher, tree });
    return true;
  }

  private onEvent(dir: string, name: string | null): void {
    const entry = this.watched.get(dir);
    if (!entry) return; // closed meanwhile
    if (name === null) {
      // The platform did not name the entry: the directory as a whole changed.
      this.events.change(dir, true);
      return;
    }
    if (!exists(this.abs(dir))) {
      this.gone(dir);
      return;
    }
    const rel = dir === '' ? name : `${dir}/${name}`;
    const stat = lstatOrUndefined(this.abs(rel));
    if (stat?.isDirectory()) {
      // A new directory in a watched tree, or a docs root that did not exist when the watch started.
      const inTree = entry.tree || this.scope.roots().some((r) => r.tree && r.dir === rel);
      if (inTree && !this.watched.has(rel) && this.scope.entersDirectory(rel)) {
        this.addTree(rel);
        this.events.change(rel, true);
        return;
      }
      this.events.change(rel, this.watched.has(rel));
      return;
    }
    if (!stat && this.hasSubtree(rel)) {
      this.gone(rel);
      return;
    }
    this.events.change(rel, false);
  }

  /** A watched directory went: its watches and those below it are closed, and it counts as a change. */
  private gone(dir: string): void {
    if (!this.hasSubtree(dir)) return;
    for (const [rel, w] of this.watched) {
      if (rel === dir || (dir === '' ? true : rel.startsWith(`${dir}/`))) {
        w.watcher.close();
        this.watched.delete(rel);
      }
    }
    this.events.change(dir, true);
  }

  private hasSubtree(dir: string): boolean {
    if (this.watched.has(dir)) return true;
    const prefix = `${dir}/`;
    for (const rel of this.watched.keys()) if (rel.startsWith(prefix)) return true;
    return false;
  }

  private limit(dir: string, what: string): void {
    if (this.limitReported) return;
    this.limitReported = true;
    this.events.problem({
      code: 'WATCH_INCOMPLETE',
      severity: 'warning',
      message: `Watching stopped at ${what}: changes in ${dir || '.'} and in the directories not yet watched are not seen.`,
      path: dir || '.',
      suggestion:
        'Raise the limit (sudo sysctl fs.inotify.max_user_watches=524288), leave generated trees out (excluded_paths, .gitignore), or run check without --watch.',
    });
  }

  private unwatchable(dir: string, error: Error): void {
    this.events.problem({
      code: 'WATCH_INCOMPLETE',
      severity: 'warning',
      message: `${dir || '.'} cannot be watched (${(error as NodeJS.ErrnoException).code ?? error.message}): changes in it are not seen.`,
      path: dir || '.',
      suggestion: 'Fix its permissions, or run check without --watch.',
    });
  }
}

function lstatOrUndefined(abs: string) {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}

function exists(abs: string): boolean {
  return lstatOrUndefined(abs)?.isDirectory() === true;
}
