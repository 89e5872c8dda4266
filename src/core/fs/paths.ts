import { lstatSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** True when `target` is `root` itself or below it (both absolute, already normalised). */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Repository-relative POSIX path of an absolute path inside the root ('' for the root). */
export function relativePosix(root: string, target: string): string {
  return toPosix(path.relative(root, target));
}

/** realpath of the deepest existing ancestor of `target`, with the missing tail re-appended. */
export function realpathOfExistingAncestor(target: string): string {
  let current = target;
  const tail: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(current), ...tail.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      tail.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * The only places docket may write outside the repository root, each chosen by the user or by
 * git, never by the repository's content. A write names its area; everything else must stay
 * inside the root. (DOCKET-SPEC-002 lists them for PATH_OUTSIDE_ROOT.)
 */
export const OUTSIDE_ROOT_AREAS = {
  output: 'the --output file the user names',
  'git-hooks': 'the git hooks directory git reports',
  profiles: "the user's data directory for org profiles",
  site: "a site's --out directory (docket site)",
} as const;

/** An area outside the root a write may go to, and the directory (or file) it is. */
export interface WriteArea {
  area: keyof typeof OUTSIDE_ROOT_AREAS;
  dir: string;
}

/**
 * The one containment check of every write, directory creation and rename: `target` must lie
 * inside `root` (a realpath), or inside `within` when the write goes to one of
 * OUTSIDE_ROOT_AREAS, both as written and through symbolic links (the realpath of its nearest
 * existing ancestor). Else PATH_OUTSIDE_ROOT, with the path relative to the root.
 */
export function assertWritable(root: string, target: string, within?: WriteArea): void {
  const base = within ? path.resolve(within.dir) : root;
  const realBase = within ? realpathOfExistingAncestor(base) : root;
  const abs = path.resolve(target);
  // The directory's realpath: a target that is itself a symbolic link is the writer's SYMLINK_REFUSED.
  if (isInside(base, abs) && isInside(realBase, realpathOfExistingAncestor(path.dirname(abs)))) return;
  const rel = toPosix(path.relative(root, abs));
  throw new DocketError(
    'PATH_OUTSIDE_ROOT',
    `Refusing to write ${rel}: it ${within ? `is outside ${OUTSIDE_ROOT_AREAS[within.area]}` : 'is outside the repository root, as written or through a symbolic link'}.`,
    {
      suggestion: within
        ? 'Check the path and the directory it should be in, then run again.'
        : 'Check docops.config.yaml and the symbolic links in the repository: docket writes only inside --root.',
      details: { path: rel, ...(within ? { area: within.area } : {}) },
    },
  );
}

export interface ResolvedPath {
  /** Absolute path as given (lexically normalised). */
  abs: string;
  /** Repository-relative POSIX path. */
  rel: string;
}

/**
 * Resolves a user-supplied path (absolute, or relative to the root) and refuses it when it
 * leaves the root lexically or through a symbolic link. `root` must already be a realpath.
 */
export function resolveInsideRoot(root: string, input: string, what = 'path'): ResolvedPath {
  const abs = path.resolve(root, input);
  const real = realpathOfExistingAncestor(abs);
  if (!isInside(root, abs) || !isInside(root, real)) {
    throw new DocketError('PATH_OUTSIDE_ROOT', `The ${what} "${input}" is outside the repository root.`, {
      suggestion: 'Pass a path inside the repository root, or change --root.',
      details: { path: input },
    });
  }
  return { abs, rel: relativePosix(root, abs) };
}

/** A repo-relative config path is safe when it is relative and stays inside the root. */
export function isSafeRelative(root: string, value: string): boolean {
  if (value.trim() === '' || path.isAbsolute(value) || /^[a-zA-Z]:[\\/]/.test(value)) return false;
  const abs = path.resolve(root, value);
  return isInside(root, abs);
}

/** Cleans a relative config path: POSIX separators, no leading './', no trailing '/'. */
export function cleanRelative(value: string): string {
  const posix = value.trim().replace(/\\/g, '/');
  const normal = path.posix.normalize(posix).replace(/\/+$/, '');
  return normal === '.' ? '.' : normal.replace(/^\.\//, '');
}

/** lstat that answers undefined instead of throwing (missing, unreadable, a parent not a directory). */
export function lstatOrNone(abs: string): Stats | undefined {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}
