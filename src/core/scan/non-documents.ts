import path from 'node:path';

/**
 * Why a Markdown file is not a document to govern, whatever folder it is in: a folder's
 * README (GitHub shows it for the folder), an index page, a template (every record made from
 * a template with an ID would copy that ID). undefined: it may be a document.
 */
export function notADocument(rel: string): string | undefined {
  const name = path.posix.basename(rel).toLowerCase();
  if (name === 'readme.md') return 'a README: it stays where it is, ungoverned (GitHub shows it for its folder)';
  if (name === 'index.md' || name === '_index.md') return 'an index page: it stays where it is, ungoverned';
  if (/(^|[-_.])template\.md$/.test(name) || rel.toLowerCase().split('/').slice(0, -1).some((d) => d === 'templates' || d === '_templates')) {
    return 'a template: it stays where it is, ungoverned (records made from it would copy an ID)';
  }
  return undefined;
}
