import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InitializeParams } from 'vscode-languageserver/lib/common/api.js';
import { CONFIG_FILE } from '../../core/config/defaults.js';
import { findConfigDirectory, present } from '../../core/config/discover.js';

function folderPath(uri: string | null | undefined): string | undefined {
  if (!uri?.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** A directory's realpath, or the directory when it cannot be resolved (it does not exist: refused later). */
function real(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * The repository the server serves: --root when given; else the first workspace folder (or the
 * client's root URI) holding docops.config.yaml at or above it, as `docket` finds it from a
 * working directory; else that folder itself; else the server's working directory.
 */
export function serverRoot(params: InitializeParams, given: string | undefined, cwd: string): string {
  if (given !== undefined) return given;
  const folders = [
    ...(params.workspaceFolders ?? []).map((f) => folderPath(f.uri)),
    folderPath(params.rootUri),
    params.rootPath ?? undefined,
  ].filter((f): f is string => f !== undefined && f !== '');
  for (const folder of folders) {
    const found = findConfigDirectory(real(folder));
    if (found !== undefined) return found;
  }
  return real(folders[0] ?? findConfigDirectory(cwd) ?? cwd);
}

/** Why the server cannot serve `root` (shown to the user), or undefined when it can. */
export function refusalOf(root: string): string | undefined {
  const config = present(path.join(root, CONFIG_FILE));
  if (config) return undefined;
  if (!existsSync(path.join(root, 'docs')))
    return `docket lsp: ${root} has no ${CONFIG_FILE} and no docs/ directory, so it is not a docket repository. Open the repository's folder (or start the server with --root DIR); \`docket init\` sets a repository up.`;
  return `docket lsp: ${root} has a docs/ directory but no ${CONFIG_FILE}. Run \`docket init\` there first (or start the server with --root DIR for another repository).`;
}
