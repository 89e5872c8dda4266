import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

/** Whether `dir/.git` is a directory or a `gitdir:` file (worktrees, submodules). */
function hasGitEntry(dir: string): boolean {
  const dotGit = path.join(dir, '.git');
  try {
    const stat = statSync(dotGit);
    if (stat.isDirectory()) return true;
    if (!stat.isFile()) return false;
    const fd = openSync(dotGit, 'r');
    try {
      const head = Buffer.alloc(8);
      return head.toString('utf8', 0, readSync(fd, head, 0, 8, 0)) === 'gitdir: ';
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * The top of the git work tree that holds `dir` (an absolute path), found by looking for
 * `.git` upward, as `git rev-parse --show-toplevel` would, without starting a git process.
 * Undefined outside a work tree, and inside a git directory itself (`.git/...`).
 */
export function gitWorkTreeTop(dir: string): string | undefined {
  if (dir.split(path.sep).includes('.git')) return undefined;
  for (let at = dir; ; at = path.dirname(at)) {
    if (hasGitEntry(at)) return at;
    if (path.dirname(at) === at) return undefined;
  }
}
