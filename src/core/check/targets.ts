import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { ignoreFilesOf, listMarkdown } from '../documents/walk.js';
import type { IgnoreFiles } from '../fs/ignore-files.js';
import { globToRegExp, isGlob, staticBase } from '../fs/glob.js';
import { resolveInsideRoot, toPosix } from '../fs/paths.js';
import { patternRunner } from '../schema/pattern/engine.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Issue } from '../issues.js';

export interface Targets {
  /** Governed documents the paths select. */
  governed: Set<string>;
  /** Markdown files named (or matched by a glob) outside every docs root. */
  outside: string[];
  /** Files the paths select that are not governed: excluded, not Markdown, symbolic links, or outside every docs root when found by expanding a directory. */
  ignored: string[];
  /** Paths and globs that match nothing. */
  missing: string[];
  /** Named paths that exist but are neither a file, a directory nor a link (a FIFO, a socket, a device). */
  notRegular: string[];
  /** The symbolic links the paths select (named, or found in a named directory or by a glob): the only ones reported. */
  links: Set<string>;
  unreadable: Issue[];
}

/** A pattern relative to the root; refuses patterns that leave it (exit 77). */
function relativePattern(root: string, input: string): string {
  const base = staticBase(input.replace(/\\/g, '/'));
  resolveInsideRoot(root, base === '' ? '.' : base, 'path');
  const abs = path.isAbsolute(input);
  const rel = abs ? toPosix(path.relative(root, input)) : input.replace(/\\/g, '/');
  const normal = path.posix.normalize(rel).replace(/^\.\//, '');
  if (normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal)) {
    throw new DocketError('PATH_OUTSIDE_ROOT', `The path "${input}" is outside the repository root.`, { suggestion: 'Pass a path inside the repository root, or change --root.', details: { path: input } });
  }
  return normal;
}

/** Whether git ignores the file or one of the directories on its way. */
function isIgnoredOnTheWay(ignores: IgnoreFiles, rel: string): boolean {
  const segments = rel.split('/');
  for (let k = 1; k < segments.length; k++) if (ignores.ignores(segments.slice(0, k).join('/'), true)) return true;
  return ignores.ignores(rel, false);
}

/**
 * Resolves check's PATHS (files, directories, globs; relative to the root or absolute) to
 * the documents they select. A path outside the root is refused with PATH_OUTSIDE_ROOT.
 */
export async function resolveTargets(config: RepoConfig, inputs: readonly string[], signal?: AbortSignal): Promise<Targets> {
  const root = config.root;
  const t: Targets = { governed: new Set(), outside: [], ignored: [], missing: [], notRegular: [], links: new Set(), unreadable: [] };
  const classify = (rel: string, fromDirectory: boolean) => {
    const ns = namespaceFor(config, rel);
    if (!ns) (fromDirectory ? t.ignored : t.outside).push(rel);
    else if (isExcluded(ns, rel, root)) t.ignored.push(rel);
    else t.governed.add(rel);
  };
  const ignores = ignoreFilesOf(config);
  for (const input of inputs) {
    if (isGlob(input)) {
      const pattern = relativePattern(root, input);
      const base = staticBase(pattern) || '.';
      // A caller's glob (an MCP agent's too): run in linear time, as schema patterns are.
      // `*a*a*a…*b` on a 60-character name ran for minutes on the backtracking engine.
      const runner = patternRunner(globToRegExp(pattern).source);
      if (!runner.ok) {
        throw new DocketError('INVALID_FLAG_VALUE', `The glob "${input}" cannot be used: ${runner.reason}.`, { suggestion: 'Use `*`, `**`, `?`, `[...]` and `{a,b}` only, with plain characters inside brackets.', details: { path: input } });
      }
      const re = runner;
      const listing = await listMarkdown(root, base, signal, ignores);
      t.unreadable.push(...listing.unreadable);
      const selects = (rel: string) => {
        if (re.test(rel)) return true;
        for (let dir = path.posix.dirname(rel); dir !== '.' && dir.length >= base.length; dir = path.posix.dirname(dir)) if (re.test(dir)) return true;
        return false;
      };
      const matched = listing.markdown.filter(selects);
      if (matched.length === 0) t.missing.push(pattern);
      for (const rel of matched) classify(rel, false);
      for (const link of listing.symlinks) if (selects(link)) t.links.add(link);
      continue;
    }
    const { abs, rel } = resolveInsideRoot(root, input, 'path');
    const stat = await fs.lstat(abs).catch(() => undefined);
    if (!stat) t.missing.push(rel || '.');
    else if (stat.isSymbolicLink()) {
      t.ignored.push(rel);
      t.links.add(rel);
    } else if (stat.isDirectory()) {
      const listing = await listMarkdown(root, rel || '.', signal, ignores);
      t.unreadable.push(...listing.unreadable);
      for (const md of listing.markdown) classify(md, true);
      t.ignored.push(...listing.symlinks.filter((s) => s.toLowerCase().endsWith('.md')));
      for (const link of listing.symlinks) t.links.add(link);
    } else if (!stat.isFile()) t.notRegular.push(rel);
    else if (!rel.toLowerCase().endsWith('.md')) t.ignored.push(rel);
    // Named, but ignored by git: said so in ignored_paths, never checked.
    else if (ignores && isIgnoredOnTheWay(ignores, rel)) t.ignored.push(rel);
    else classify(rel, false);
  }
  const sorted = (a: string[]) => [...new Set(a)].sort();
  return { governed: t.governed, outside: sorted(t.outside), ignored: sorted(t.ignored), missing: sorted(t.missing), notRegular: sorted(t.notRegular), links: t.links, unreadable: t.unreadable };
}
