import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packagePath } from '../../../core/package-root.js';

/** What the CI renderers need beyond the envelope. */
export interface CiContext {
  /** docket's version (SARIF `tool.driver.semanticVersion`, JUnit properties). */
  version: string;
  /** Prefix that turns a root-relative path into a path relative to the source root ('' or 'sub/dir/'). */
  prefix: string;
  /** The source root as a file URI with a trailing slash (SARIF `originalUriBaseIds`). */
  sourceRootUri: string;
}

let cachedVersion: string | undefined;

/** docket's own version, from its package.json (read once). */
function docketVersion(): string {
  if (cachedVersion === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version?: unknown };
      cachedVersion = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      cachedVersion = '0.0.0';
    }
  }
  return cachedVersion;
}

/**
 * The directory CI tools resolve paths against: the git work tree that contains the root (its
 * nearest ancestor with a `.git` entry), else the root itself. GitHub code scanning and workflow
 * annotations read paths relative to the repository's top, so with `--root packages/handbook`
 * a finding in `docs/a.md` must be reported as `packages/handbook/docs/a.md`.
 */
export function sourceRootOf(root: string): string {
  for (let dir = root; ;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return root;
    dir = parent;
  }
}

export function ciContext(root: string, version = docketVersion()): CiContext {
  const top = sourceRootOf(root);
  const rel = path.relative(top, root).split(path.sep).join('/');
  const href = pathToFileURL(top).href;
  return { version, prefix: rel === '' ? '' : `${rel}/`, sourceRootUri: href.endsWith('/') ? href : `${href}/` };
}
