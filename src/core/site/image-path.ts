import path from 'node:path';

// Imported by the site's Markdown renderer in its worker threads: nothing here but path arithmetic.

/** The image types a site shows, by extension (lower case): what every browser draws in an `<img>`. */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'avif']);

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function percentDecoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The repository file an image destination of the document at `docRel` names, when it could be
 * one the site shows: a relative path (or one from the repository's top, `/...`) that stays in
 * the repository, with an image extension. Remote and `data:` images, and anything with a
 * scheme, are not: the pages load nothing from elsewhere. Query and fragment are dropped,
 * percent-escapes decoded. One function for the build, which copies, and the renderer, which
 * points at the copy.
 */
export function imagePath(docRel: string, destination: string): string | undefined {
  const raw = destination.trim();
  if (raw === '' || raw.startsWith('//') || raw.startsWith('#') || SCHEME.test(raw)) return undefined;
  const decoded = percentDecoded(raw.replace(/[?#].*$/s, ''));
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const rel = path.posix.normalize(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(docRel), decoded));
  if (rel === '.' || rel === '..' || rel.startsWith('../') || rel.startsWith('/')) return undefined;
  const ext = path.posix.extname(rel).slice(1).toLowerCase();
  return IMAGE_EXTENSIONS.has(ext) ? rel : undefined;
}
