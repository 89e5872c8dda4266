import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file URI of a repository path (POSIX, relative to `root`, an absolute path). */
export function uriOf(root: string, rel: string): string {
  return pathToFileURL(path.join(root, ...rel.split('/'))).href;
}

/** `abs` relative to `root` as a POSIX path, or undefined when it is not inside it. */
function inside(root: string, abs: string): string | undefined {
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

/**
 * The repository path of a file URI, or undefined when the URI is not a file inside `root`
 * (another scheme, another folder). `root` is a realpath; a client may name the same file
 * through a symbolic link above it (macOS's /tmp), so the file's directory is resolved too.
 */
export function relOf(root: string, uri: string): string | undefined {
  let abs: string;
  try {
    if (!uri.startsWith('file:')) return undefined;
    abs = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const direct = inside(root, abs);
  if (direct !== undefined) return direct;
  try {
    return inside(root, path.join(realpathSync(path.dirname(abs)), path.basename(abs)));
  } catch {
    return undefined;
  }
}
