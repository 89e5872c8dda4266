import { lstatSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from './defaults.js';

/** Whether anything (a file, a directory, a link, even a dangling one) is at `file`. */
export function present(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The nearest directory at or above `start` that holds docops.config.yaml, as ESLint, Vale and
 * git find theirs: the search stops after the git work tree's top (a directory holding `.git`)
 * or at the file-system root, so a config above the repository never governs it. Undefined
 * when there is none. `start` is absolute.
 */
export function findConfigDirectory(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (present(path.join(dir, CONFIG_FILE))) return dir;
    if (present(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}
