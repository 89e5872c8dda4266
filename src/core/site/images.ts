import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { isInside, realpathOfExistingAncestor } from '../fs/paths.js';
import { outlineMarkdown } from '../markdown/outline.js';
import { imagePath } from './image-path.js';

/** A bigger file stays a placeholder: a site copies repository input, which is untrusted, so each copy is bounded. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Where the site keeps the copies: named by content, so two documents' image.png never collide and an unchanged one is never rewritten. */
const IMAGE_DIR = 'assets/img';

/** The images a site shows: each repository file by its repository-relative path, and the site file it is copied to. */
export interface SiteImages {
  root: string;
  /** Repository-relative POSIX path of an image to its site file (POSIX, below the site's directory). */
  byPath: ReadonlyMap<string, string>;
  /** Each site file to the absolute path of the repository file it copies. */
  sources: ReadonlyMap<string, string>;
}

/**
 * The destinations in a body that may be images: those of inline images, and of reference
 * definitions (a `![alt][ref]` takes its destination from one), as CommonMark reads them
 * (nothing in code). A body without `![` has none, and is not parsed.
 */
function imageDestinations(body: string): string[] {
  if (!body.includes('![')) return [];
  return outlineMarkdown(body, 1, false)
    .links.filter((l) => l.kind === 'image' || l.kind === 'definition')
    .map((l) => l.target);
}

const contentName = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** A file's bytes when it is a regular file inside the root reached through no link leaving it, and not over the cap. */
function readImage(root: string, abs: string): Buffer | undefined {
  if (!isInside(root, abs) || !isInside(root, realpathOfExistingAncestor(path.dirname(abs)))) return undefined;
  let fd: number;
  try {
    // No link followed at the file itself; a FIFO cannot hang the build.
    fd = openSync(abs, SAFE_READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_IMAGE_BYTES) return undefined;
    const bytes = readFileSync(fd);
    return bytes.length > MAX_IMAGE_BYTES ? undefined : bytes;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The images the documents show, each read once to name its copy by its content (SHA-256):
 * a missing file, a link, a file outside the root or through a link leaving it, and one over
 * MAX_IMAGE_BYTES are left out, so their pages keep the placeholder.
 */
export function findSiteImages(root: string, documents: readonly { rel: string; body: string | undefined }[]): SiteImages {
  const wanted = new Set<string>();
  for (const d of documents) {
    if (d.body === undefined) continue;
    for (const destination of imageDestinations(d.body)) {
      const rel = imagePath(d.rel, destination);
      if (rel !== undefined) wanted.add(rel);
    }
  }
  const byPath = new Map<string, string>();
  const sources = new Map<string, string>();
  for (const rel of [...wanted].sort()) {
    const abs = path.join(root, ...rel.split('/'));
    const bytes = readImage(root, abs);
    if (bytes === undefined) continue;
    const name = `${IMAGE_DIR}/${contentName(bytes)}.${path.posix.extname(rel).slice(1).toLowerCase()}`;
    byPath.set(rel, name);
    if (!sources.has(name)) sources.set(name, abs);
  }
  return { root, byPath, sources };
}

/**
 * The bytes of a site image, read again when it is written (the images are never all held at
 * once): still the bytes its name was made from, else FILE_CHANGED (run the build again).
 */
export function imageBytes(images: SiteImages, name: string): Buffer {
  const abs = images.sources.get(name)!;
  const bytes = readImage(images.root, abs);
  if (bytes === undefined || !name.includes(`/${contentName(bytes)}.`)) {
    const rel = path.relative(images.root, abs).split(path.sep).join('/');
    throw new DocketError('FILE_CHANGED', `${rel} changed while the site was built.`, {
      suggestion: 'Run docket site again: the pages written so far are whole, and the next build completes the site.',
      details: { path: rel },
    });
  }
  return bytes;
}
