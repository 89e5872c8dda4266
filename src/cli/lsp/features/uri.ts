import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file URI of a repository-relative POSIX path (what an editor opens). */
export function fileUri(root: string, rel: string): string {
  return pathToFileURL(path.join(root, ...rel.split('/'))).href;
}
