import { loadConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { ChangeQueue, type QueueTiming, type Timers } from './queue.js';
import { WatchScope } from './scope.js';
import { TreeWatcher, type WatchDirectory } from './tree-watcher.js';

export interface RepositoryWatchOptions {
  /** false: files .gitignore ignores count too (--no-ignore), as they do in the runs. */
  ignoreFiles?: boolean;
  /** Some directories are not watched (WATCH_INCOMPLETE): changes there are missed. */
  problem(issue: Issue): void;
  /** Test seams: the directory watch, the clock, the debounce, the limit on directories. */
  watch?: WatchDirectory;
  timers?: Timers;
  timing?: QueueTiming;
  maxDirectories?: number;
}

/** Why the next run is due: its number (the first is 1) and the paths that changed, sorted (none for the first). */
export interface Trigger {
  run: number;
  changed: readonly string[];
}

/**
 * check --watch's source of runs: the governed documents, the config and the schemas of one
 * repository, watched (see WatchScope and TreeWatcher), their changes gathered into batches
 * (ChangeQueue). A change to the config or to a .gitignore reloads what is watched before the
 * next run; a config that no longer loads leaves the watch as it was (the run reports why).
 */
export class RepositoryWatch {
  private readonly queue: ChangeQueue;
  private scope: WatchScope;
  private tree: TreeWatcher;

  private constructor(
    private readonly root: string,
    private readonly opts: RepositoryWatchOptions,
    config: RepoConfig,
  ) {
    this.queue = new ChangeQueue(opts.timing, opts.timers);
    this.scope = new WatchScope(config);
    this.tree = this.watchScope(this.scope);
  }

  /** Starts watching; WATCH_UNAVAILABLE when not even one directory can be watched. */
  static async start(root: string, opts: RepositoryWatchOptions): Promise<RepositoryWatch> {
    const watch = new RepositoryWatch(root, opts, await RepositoryWatch.config(root, opts));
    if (watch.tree.directories === 0) {
      watch.close();
      throw new DocketError('WATCH_UNAVAILABLE', 'No directory of the repository could be watched for changes.', {
        suggestion:
          'Check that the docs root exists and that the system allows file watches (fs.inotify.max_user_watches), or run check without --watch.',
      });
    }
    return watch;
  }

  private static async config(root: string, opts: RepositoryWatchOptions): Promise<RepoConfig> {
    const { config } = await loadConfig(root);
    if (opts.ignoreFiles === false) config.ignoreFiles = false;
    return config;
  }

  private watchScope(scope: WatchScope): TreeWatcher {
    const tree = new TreeWatcher(
      scope,
      {
        // Asked of the scope in force when the change arrives.
        change: (rel, directory) => {
          let counts = true;
          try {
            counts = this.scope.counts(rel, directory);
          } catch {
            // A path the scope cannot judge counts: a run too many is better than a change missed.
          }
          if (counts) this.queue.add(rel);
        },
        problem: (issue) => this.opts.problem(issue),
      },
      this.opts.watch,
      this.opts.maxDirectories,
    );
    tree.start();
    return tree;
  }

  /** How many directories are watched. */
  get directories(): number {
    return this.tree.directories;
  }

  /** The next batch of changes that count, once they settled; undefined once `signal` aborted or the watch closed. */
  async next(signal?: AbortSignal): Promise<string[] | undefined> {
    const batch = await this.queue.next(signal);
    if (batch?.some((rel) => this.scope.reshapes(rel))) await this.reshape();
    return batch;
  }

  /** The first run at once, then one per batch; the caller's run ends before it asks for the next, so runs never overlap. */
  async *triggers(signal?: AbortSignal): AsyncGenerator<Trigger> {
    yield { run: 1, changed: [] };
    for (let run = 2; ; run++) {
      const changed = await this.next(signal);
      if (!changed) return;
      yield { run, changed };
    }
  }

  /** The config or a .gitignore changed: watch what the repository now governs (the new watch starts before the old one stops). */
  private async reshape(): Promise<void> {
    let config: RepoConfig;
    try {
      config = await RepositoryWatch.config(this.root, this.opts);
    } catch {
      return;
    }
    const old = this.tree;
    this.scope = new WatchScope(config);
    this.tree = this.watchScope(this.scope);
    old.close();
  }

  close(): void {
    this.queue.close();
    this.tree.close();
  }
}
