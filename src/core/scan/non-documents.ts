import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { isInside, relativePosix } from '../fs/paths.js';

/**
 * Why a Markdown file is not a document to govern, whatever folder it is in: a folder's
 * README (GitHub shows it for the folder), an index page, a template (every record made from
 * a template with an ID would copy that ID). undefined: it may be a document.
 */
export function notADocument(rel: string): string | undefined {
  const name = path.posix.basename(rel).toLowerCase();
  if (name === 'readme.md') return 'a README: it stays where it is, ungoverned (GitHub shows it for its folder)';
  if (name === 'index.md' || name === '_index.md') return 'an index page: it stays where it is, ungoverned';
  if (
    /(^|[-_.])template\.md$/.test(name) ||
    rel
      .toLowerCase()
      .split('/')
      .slice(0, -1)
      .some((d) => d === 'templates' || d === '_templates')
  ) {
    return 'a template: it stays where it is, ungoverned (records made from it would copy an ID)';
  }
  return undefined;
}

/**
 * Markdown symbolic links in the governed tree that point at a file inside the root which is
 * not a document (`README.md -> index.md`), with why: excluding them along with their targets
 * keeps `check` from warning about a link nobody needs checked (SYMLINK_SKIPPED).
 */
export async function nonDocumentLinks(config: RepoConfig, symlinks: readonly string[]): Promise<{ path: string; reason: string }[]> {
  const out: { path: string; reason: string }[] = [];
  for (const rel of symlinks) {
    if (!rel.toLowerCase().endsWith('.md')) continue;
    const ns = namespaceFor(config, rel);
    if (!ns || isExcluded(ns, rel, config.root)) continue;
    const real = await fs.realpath(path.join(config.root, rel)).catch(() => undefined);
    if (
      !real ||
      !isInside(config.root, real) ||
      !(await fs.stat(real).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      continue;
    const target = relativePosix(config.root, real);
    if (notADocument(rel) || notADocument(target))
      out.push({ path: rel, reason: `a symbolic link to ${target}, which is not a document: it stays where it is, ungoverned` });
  }
  return out;
}
