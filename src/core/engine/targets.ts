import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { ignoreFilesOf, listMarkdown } from './documents/walk.js';
import type { IgnoreFiles } from '../fs/ignore-files.js';
import { compileGlob, isGlob, splitNegation, staticBase, type GlobMatcher } from '../fs/glob.js';
import { resolveInsideRoot, toPosix } from '../fs/paths.js';
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

/** On Windows a backslash separates; elsewhere it escapes, as in picomatch. */
const separators = (input: string) => (path.sep === '\\' ? input.replace(/\\/g, '/') : input);

/** A pattern relative to the root; refuses patterns that leave it (exit 77). */
function relativePattern(root: string, input: string): string {
  const base = staticBase(separators(input));
  resolveInsideRoot(root, base === '' ? '.' : base, 'path');
  const abs = path.isAbsolute(input);
  const rel = abs ? toPosix(path.relative(root, input)) : separators(input);
  const normal = path.posix.normalize(rel).replace(/^\.\//, '');
  if (normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal)) {
    throw new DocketError('PATH_OUTSIDE_ROOT', `The path "${input}" is outside the repository root.`, {
      suggestion: 'Pass a path inside the repository root, or change --root.',
      details: { path: input },
    });
  }
  return normal;
}

/** The glob's matcher; a glob that cannot run in linear time is refused. */
function globMatcher(input: string, pattern: string): GlobMatcher {
  const compiled = compileGlob(pattern);
  if (!compiled.ok) {
    throw new DocketError('INVALID_FLAG_VALUE', `The glob "${input}" cannot be used: ${compiled.reason}.`, {
      suggestion:
        'Use globs as picomatch and fast-glob take them (`*`, `**`, `?`, `[...]`, `{a,b}`, `@(a|b)`, `\\*` for a literal star), and `!pattern` to leave paths out.',
      details: { path: input },
    });
  }
  return compiled;
}

/** Whether the glob matches the path or one of its directories down to `base` (a matched directory selects what it holds). */
function selects(glob: GlobMatcher, rel: string, base = ''): boolean {
  if (glob.test(rel)) return true;
  for (let dir = path.posix.dirname(rel); dir !== '.' && dir.length >= base.length; dir = path.posix.dirname(dir))
    if (glob.test(dir)) return true;
  return false;
}

/** Whether git ignores the file or one of the directories on its way. */
function isIgnoredOnTheWay(ignores: IgnoreFiles, rel: string): boolean {
  const segments = rel.split('/');
  for (let k = 1; k < segments.length; k++) if (ignores.ignores(segments.slice(0, k).join('/'), true)) return true;
  return ignores.ignores(rel, false);
}

/**
 * Resolves check's PATHS (files, directories, globs; relative to the root or absolute) to
 * the documents they select. `!pattern` leaves out what the others select (with only
 * exclusions, they apply to every docs root), as fast-glob's negative patterns do. A path
 * outside the root is refused with PATH_OUTSIDE_ROOT.
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
  const exclusions: GlobMatcher[] = [];
  const positives: string[] = [];
  for (const input of inputs) {
    const { negated, pattern } = splitNegation(input);
    if (negated) exclusions.push(globMatcher(input, relativePattern(root, pattern)));
    else positives.push(input);
  }
  if (positives.length === 0) positives.push(...config.namespaces.map((ns) => ns.docs_root));
  for (const input of positives) {
    if (isGlob(input)) {
      const pattern = relativePattern(root, input);
      const base = staticBase(pattern) || '.';
      // A caller's glob (an MCP agent's too) runs in linear time, as schema patterns do.
      const glob = globMatcher(input, pattern);
      const listing = await listMarkdown(root, base, signal, ignores);
      t.unreadable.push(...listing.unreadable);
      const matched = listing.markdown.filter((rel) => selects(glob, rel, base));
      if (matched.length === 0) t.missing.push(pattern);
      for (const rel of matched) classify(rel, false);
      for (const link of listing.symlinks) if (selects(glob, link, base)) t.links.add(link);
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
  const kept = (rel: string) => !exclusions.some((glob) => selects(glob, rel));
  const sorted = (a: string[]) => [...new Set(a)].filter(kept).sort();
  return {
    governed: new Set([...t.governed].filter(kept)),
    outside: sorted(t.outside),
    ignored: sorted(t.ignored),
    missing: [...new Set(t.missing)].sort(),
    notRegular: sorted(t.notRegular),
    links: new Set([...t.links].filter(kept)),
    unreadable: t.unreadable,
  };
}
