import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import type { RepoConfig } from '../config/types.js';
import { isMarkdownName } from '../engine/documents/walk.js';
import { writeFileSet } from '../fs/file-set.js';
import { resolveInsideRoot } from '../fs/paths.js';
import type { Advice, Issue } from '../issues.js';
import { diffOf, planMoves, setOf } from '../move/plan.js';
import { DocketError } from '../../errors/docket-error.js';
import type { MoveData } from '../../contract/data/migrate.js';
export type { MoveData };

export interface MoveOptions {
  source: string;
  target: string;
  apply: boolean;
  signal?: AbortSignal;
  cmd(command: string): string;
  fallback?: ConfigFallback;
  ignoreFiles?: boolean;
}

export interface MoveResult {
  data: MoveData;
  warnings: Issue[];
  advice: Advice[];
}

function governed(config: RepoConfig, rel: string): boolean {
  const ns = namespaceFor(config, rel);
  return ns !== undefined && isMarkdownName(path.posix.basename(rel)) && !isExcluded(ns, rel, config.root);
}

function notGoverned(what: string, rel: string, why: string): DocketError {
  return new DocketError('NOT_GOVERNED', `The ${what} ${rel} ${why}.`, {
    suggestion: 'Move governed Markdown documents only, to a path inside a docs root that is not excluded.',
    details: { path: rel },
  });
}

/** The source and the target as repository paths, refused unless both are governed and the target is free. */
async function endpoints(config: RepoConfig, source: string, target: string): Promise<{ from: string; to: string }> {
  const root = config.root;
  const from = resolveInsideRoot(root, source, 'source').rel;
  const stat = await fs.lstat(path.join(root, from)).catch(() => undefined);
  if (!stat)
    throw new DocketError('FILE_NOT_FOUND', `There is no file ${from}.`, {
      suggestion: 'Name an existing governed document (a path relative to the repository root).',
      details: { path: from },
    });
  if (stat.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', `${from} is a symbolic link; docket does not move links.`, { details: { path: from } });
  if (!stat.isFile()) throw notGoverned('source', from, 'is not a file (mv moves one document)');
  if (!governed(config, from)) throw notGoverned('source', from, 'is not a governed document');
  let to = resolveInsideRoot(root, target, 'target').rel;
  const there = await fs.lstat(path.join(root, to)).catch(() => undefined);
  // A directory (existing, or written with a trailing slash) receives the file under its name.
  if (there?.isDirectory() || /[\\/]$/.test(target)) to = path.posix.join(to, path.posix.basename(from));
  if (!governed(config, to))
    throw notGoverned('target', to, 'would not be a governed document (outside every docs root, excluded, or not a .md file)');
  const taken = await fs.lstat(path.join(root, to)).catch(() => undefined);
  if (taken && to !== from && !(taken.ino === stat.ino && taken.dev === stat.dev)) {
    throw new DocketError('FILE_EXISTS', `${to} already exists; nothing was moved.`, {
      suggestion: 'Choose another target, or move or delete the existing file yourself first.',
      details: { path: to },
    });
  }
  return { from, to };
}

/**
 * `docket mv SOURCE TARGET`: moves a governed document and rewrites every relative link to
 * it (in every Markdown file of the repository) and its own relative links, as one set of
 * writes (all or nothing). A dry run unless `apply`: the changes come as one git patch.
 */
export async function runMove(root: string, opts: MoveOptions): Promise<MoveResult> {
  const { config, warnings: configWarnings } = await loadConfigOrDefaults(root, opts.fallback);
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  const { from, to } = await endpoints(config, opts.source, opts.target);
  const data: MoveData = { dry_run: !opts.apply, from, to, links_rewritten: 0, changes: [] };
  if (from === to) return { data, warnings: configWarnings, advice: [] };
  const { edits, warnings } = await planMoves(config, new Map([[from, to]]), opts.signal ? { signal: opts.signal } : {});
  // The document first: its diff carries the rename.
  edits.sort((a, b) => Number(b.rel === from) - Number(a.rel === from) || (a.rel < b.rel ? -1 : 1));
  data.changes = edits.map((e) => ({
    path: e.rel,
    action: e.to !== undefined ? 'move' : 'edit_links',
    ...(e.to !== undefined ? { to: e.to } : {}),
    links: e.links,
    diff: diffOf(e),
  }));
  data.links_rewritten = edits.reduce((n, e) => n + e.links, 0);
  if (opts.apply) {
    if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted before anything was written.');
    await writeFileSet(config.root, setOf(edits));
  }
  const advice: Advice[] = opts.apply
    ? []
    : [
        {
          code: 'NEXT_MV_APPLY',
          message: `Move ${from} and rewrite ${data.links_rewritten} link${data.links_rewritten === 1 ? '' : 's'}.`,
          command: opts.cmd(`mv ${quote(from)} ${quote(to)} --apply`),
        },
      ];
  return { data, warnings: [...configWarnings, ...warnings], advice };
}

/** A path as a shell word. */
function quote(p: string): string {
  return /^[\w./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}
