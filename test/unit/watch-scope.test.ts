import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import type { Issue } from '../../src/core/issues.js';
import { WatchScope } from '../../src/core/watch/scope.js';
import { RepositoryWatch } from '../../src/core/watch/repository-watch.js';
import { TreeWatcher, type DirectoryWatcher, type WatchDirectory } from '../../src/core/watch/tree-watcher.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { copyFixture, writeTree } from '../helpers/fixtures.js';
import { git } from '../helpers/git.js';

/** The example handbook in a git work tree, with a .gitignore'd drafts directory and a generated tree. */
async function handbook(): Promise<WatchScope> {
  const root = realpathSync(copyFixture('handbook', { example: true }));
  git(root, 'init', '-q');
  writeTree(root, {
    '.gitignore': 'docs/drafts/\n',
    'docs/drafts/draft.md': '# draft\n',
    'docs/10-prd/WIP-notes/idea.md': '# idea\n',
    'node_modules/pkg/readme.md': '# pkg\n',
  });
  return new WatchScope((await loadConfig(root)).config);
}

/** Directory watches that record their listeners, so a test can fire events; `failAfter`: ENOSPC from then on. */
function fakeWatches(failAfter = Infinity) {
  const listeners = new Map<string, (name: string | null) => void>();
  const closed: string[] = [];
  let started = 0;
  const watch: WatchDirectory = (abs, listener) => {
    if (started >= failAfter)
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
    started++;
    listeners.set(abs, listener);
    const watcher: DirectoryWatcher = {
      close: () => {
        closed.push(abs);
        // A newer watch of the same directory (the watch reshaped) keeps its listener.
        if (listeners.get(abs) === listener) listeners.delete(abs);
      },
      on: () => watcher,
    };
    return watcher;
  };
  return { watch, listeners, closed };
}

describe('WatchScope: what counts as a change for check', () => {
  it('counts governed documents, their directories, the config, the schema and the .gitignore files that decide what is governed', async () => {
    const scope = await handbook();
    for (const rel of [
      'docops.config.yaml',
      'docs/00-governance/metadata.schema.json',
      'docs/10-prd/prd-009-new.md',
      'docs/10-prd/deleted-long-ago.MD',
      '.gitignore',
      'docs/10-prd/.gitignore',
    ])
      expect(scope.counts(rel, false), rel).toBe(true);
    expect(scope.counts('docs/10-prd/new-area', true)).toBe(true);
  });

  it("leaves out docket's own writes, temporary and swap files, ignored and excluded paths, and what is outside the docs root", async () => {
    const scope = await handbook();
    for (const rel of [
      '.docket/cache/check.ndjson',
      '.docket/cache/x.md',
      '.docket/.gitignore',
      'docs/01-indices/docket.index.json',
      'docs/10-prd/.prd-001.md.1234.abcdef.tmp',
      'docs/10-prd/.prd-001.md.swp',
      'docs/10-prd/prd-001.md~',
      'docs/drafts/draft.md',
      'docs/drafts/.gitignore',
      'docs/10-prd/WIP-notes/idea.md',
      'docs/30-design/WIP-routing-notes.md',
      'docs/00-governance/templates/prd.template.md',
      'node_modules/pkg/readme.md',
      'node_modules/pkg/.gitignore',
      'README.md',
    ])
      expect(scope.counts(rel, false), rel).toBe(false);
    for (const dir of ['docs/drafts', 'docs/10-prd/WIP-notes', '.docket', 'node_modules']) expect(scope.counts(dir, true), dir).toBe(false);
  });

  it('reshapes the watch on the config and on .gitignore files, not on documents', async () => {
    const scope = await handbook();
    expect(scope.reshapes('docops.config.yaml')).toBe(true);
    expect(scope.reshapes('.gitignore')).toBe(true);
    expect(scope.reshapes('docs/.gitignore')).toBe(true);
    expect(scope.reshapes('docs/10-prd/prd-001.md')).toBe(false);
    expect(scope.reshapes('.docket/.gitignore')).toBe(false);
  });

  it('watches the docs root as a tree and the config directory for its own entries', async () => {
    const scope = await handbook();
    expect(scope.roots()).toEqual([
      { dir: 'docs', tree: true },
      { dir: '', tree: false },
    ]);
  });
});

describe('TreeWatcher: one watch per directory', () => {
  it('watches the directories check walks, adds new ones with what they hold, and drops the ones that go', async () => {
    const scope = await handbook();
    const root = scope.config.root;
    const changes: [string, boolean][] = [];
    const fake = fakeWatches();
    const tree = new TreeWatcher(scope, { change: (rel, dir) => changes.push([rel, dir]), problem: () => undefined }, fake.watch);
    const count = tree.start();
    const watched = [...fake.listeners.keys()].map((abs) => path.relative(root, abs)).sort();
    expect(count).toBe(watched.length);
    expect(watched).toContain('');
    expect(watched).toContain('docs/10-prd');
    expect(watched).not.toContain('docs/drafts');
    expect(watched).not.toContain('docs/10-prd/WIP-notes');
    expect(watched).not.toContain('node_modules');
    expect(watched.filter((d) => d.startsWith('docs/00-governance/templates'))).toEqual([]);

    // A directory made with a subdirectory: both watched, reported once as a directory.
    mkdirSync(path.join(root, 'docs/10-prd/area/deeper'), { recursive: true });
    fake.listeners.get(path.join(root, 'docs/10-prd'))!('area');
    expect(changes).toEqual([['docs/10-prd/area', true]]);
    expect(fake.listeners.has(path.join(root, 'docs/10-prd/area/deeper'))).toBe(true);

    // A file event is reported by path; the scope decides whether it counts.
    fake.listeners.get(path.join(root, 'docs/10-prd/area/deeper'))!('prd-009.md');
    expect(changes[1]).toEqual(['docs/10-prd/area/deeper/prd-009.md', false]);

    // The directory goes: its watches and its subtree's are closed.
    rmSync(path.join(root, 'docs/10-prd/area'), { recursive: true });
    fake.listeners.get(path.join(root, 'docs/10-prd'))!('area');
    expect(changes[2]).toEqual(['docs/10-prd/area', true]);
    expect(fake.closed.map((abs) => path.relative(root, abs)).sort()).toEqual(['docs/10-prd/area', 'docs/10-prd/area/deeper']);
    tree.close();
    expect(fake.listeners.size).toBe(0);
  });

  it("reports the system's watch limit once (WATCH_INCOMPLETE) and keeps the watches it has", async () => {
    const scope = await handbook();
    const problems: Issue[] = [];
    const fake = fakeWatches(3);
    const tree = new TreeWatcher(scope, { change: () => undefined, problem: (issue) => problems.push(issue) }, fake.watch);
    expect(tree.start()).toBe(3);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'WATCH_INCOMPLETE', severity: 'warning' });
    expect(problems[0]!.message).toContain('fs.inotify.max_user_watches');
    tree.close();
  });

  it('stops at its own limit on directories, with the same warning', async () => {
    const scope = await handbook();
    const problems: Issue[] = [];
    const tree = new TreeWatcher(scope, { change: () => undefined, problem: (issue) => problems.push(issue) }, fakeWatches().watch, 2);
    expect(tree.start()).toBe(2);
    expect(problems.map((p) => p.code)).toEqual(['WATCH_INCOMPLETE']);
    expect(problems[0]!.message).toContain('more than 2 directories');
    tree.close();
  });
});

describe('RepositoryWatch: batches of the changes that count', () => {
  const timing = { quietMs: 100, maxWaitMs: 1000 };

  it('hands over the changes that count, and watches anew when a .gitignore changes what is governed', async () => {
    const root = (await handbook()).config.root;
    const fake = fakeWatches();
    const clock = new FakeClock();
    const watch = await RepositoryWatch.start(root, { problem: () => undefined, watch: fake.watch, timers: clock, timing });
    const fire = (dir: string, name: string) => fake.listeners.get(path.join(root, dir))?.(name);
    let batch = watch.next();
    fire('docs/10-prd', 'prd-001-real-time-shipment-tracking.md');
    fire('docs/10-prd', '.prd-001.md.swp');
    fire('docs/01-indices', 'docket.index.json');
    fire('', 'README.md');
    clock.advance(100);
    expect(await batch).toEqual(['docs/10-prd/prd-001-real-time-shipment-tracking.md']);

    // The PRDs become ignored: the next batch reshapes the watch, and their changes no longer count.
    writeFileSync(path.join(root, '.gitignore'), 'docs/drafts/\ndocs/10-prd/\n');
    batch = watch.next();
    fire('', '.gitignore');
    clock.advance(100);
    expect(await batch).toEqual(['.gitignore']);
    expect(fake.listeners.has(path.join(root, 'docs/10-prd'))).toBe(false);
    expect(fake.listeners.has(path.join(root, 'docs/20-specs'))).toBe(true);
    batch = watch.next();
    fire('docs/20-specs', 'spec-001-tracking-events-api.md');
    clock.advance(100);
    expect(await batch).toEqual(['docs/20-specs/spec-001-tracking-events-api.md']);
    watch.close();
    expect(fake.listeners.size).toBe(0);
    expect(await watch.next()).toBeUndefined();
  });

  it('yields the first run at once, then one per batch, and ends when the signal aborts', async () => {
    const root = (await handbook()).config.root;
    const fake = fakeWatches();
    const clock = new FakeClock();
    const watch = await RepositoryWatch.start(root, { problem: () => undefined, watch: fake.watch, timers: clock, timing });
    const controller = new AbortController();
    const triggers = watch.triggers(controller.signal);
    expect((await triggers.next()).value).toEqual({ run: 1, changed: [] });
    const second = triggers.next();
    fake.listeners.get(path.join(root, 'docs/20-specs'))!('spec-009.md');
    clock.advance(100);
    expect((await second).value).toEqual({ run: 2, changed: ['docs/20-specs/spec-009.md'] });
    const third = triggers.next();
    controller.abort();
    expect((await third).done).toBe(true);
    watch.close();
  });

  it('WATCH_UNAVAILABLE when not one directory can be watched', async () => {
    const root = (await handbook()).config.root;
    await expect(RepositoryWatch.start(root, { problem: () => undefined, watch: fakeWatches(0).watch })).rejects.toMatchObject({
      code: 'WATCH_UNAVAILABLE',
    });
  });
});
