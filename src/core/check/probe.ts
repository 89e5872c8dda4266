import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, readBytes } from '../documents/read.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { isInside } from '../fs/paths.js';
import { outlineMarkdown } from '../markdown/outline.js';
import { closest } from '../text/suggest.js';
import type { InspectedDocument } from './model.js';

type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

export type Lookup =
  | { kind: 'file' | 'dir' }
  /** `near` is the closest existing name in the parent directory (letter case first). */
  | { kind: 'missing'; near?: string; caseOnly?: boolean }
  | { kind: 'outside' };

/**
 * Cached, read-only questions about the repository's files for link checks: does a path
 * exist with exactly this letter case (so results do not depend on the file system's case
 * sensitivity), does it leave the root through a symbolic link, what anchors does it have.
 */
export class FsProbe {
  private readonly dirs = new Map<string, Promise<Map<string, EntryKind> | undefined>>();
  private readonly anchorCache = new Map<string, Promise<string[] | undefined>>();
  private readonly nearCache = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly root: string,
    private readonly documents: ReadonlyMap<string, InspectedDocument>,
  ) {}

  /** Directory entries of a repo-relative directory ('.' for the root). */
  list(dir: string): Promise<Map<string, EntryKind> | undefined> {
    let cached = this.dirs.get(dir);
    if (!cached) {
      cached = fs.readdir(path.join(this.root, dir), { withFileTypes: true }).then(
        (entries) => new Map(entries.map((e) => [e.name, e.isSymbolicLink() ? 'symlink' : e.isDirectory() ? 'dir' : e.isFile() ? 'file' : 'other'] as const)),
        () => undefined,
      );
      this.dirs.set(dir, cached);
    }
    return cached;
  }

  private readonly lookups = new Map<string, Promise<Lookup>>();

  /** Whether a repo-relative path exists with exactly this letter case (cached per path). */
  lookup(rel: string): Promise<Lookup> {
    let cached = this.lookups.get(rel);
    if (!cached) {
      cached = this.resolve(rel);
      this.lookups.set(rel, cached);
    }
    return cached;
  }

  private async resolve(rel: string): Promise<Lookup> {
    if (rel === '.' || rel === '') return { kind: 'dir' };
    const parts = rel.split('/');
    let current = '.';
    let viaLink = false;
    let kind: EntryKind = 'dir';
    for (const part of parts) {
      const entries = await this.list(current);
      const found = entries?.get(part);
      if (!found) {
        const names = entries ? [...entries.keys()] : [];
        const sameCase = names.find((n) => n.toLowerCase() === part.toLowerCase());
        return sameCase ? { kind: 'missing', near: sameCase, caseOnly: true } : { kind: 'missing' };
      }
      kind = found;
      if (found === 'symlink') viaLink = true;
      current = current === '.' ? part : `${current}/${part}`;
    }
    if (viaLink) {
      try {
        const real = await fs.realpath(path.join(this.root, rel));
        if (!isInside(this.root, real)) return { kind: 'outside' };
        const stat = await fs.stat(real);
        return { kind: stat.isDirectory() ? 'dir' : 'file' };
      } catch {
        return { kind: 'missing' };
      }
    }
    return { kind: kind === 'dir' ? 'dir' : 'file' };
  }

  /** The existing name in the target's directory closest to a missing one (cached: many links share targets). */
  nearestName(rel: string): Promise<string | undefined> {
    let cached = this.nearCache.get(rel);
    if (!cached) {
      cached = this.list(path.posix.dirname(rel)).then((entries) => closest(path.posix.basename(rel), entries ? [...entries.keys()] : [], 1)[0]);
      this.nearCache.set(rel, cached);
    }
    return cached;
  }

  /** Anchors of a Markdown file: from the loaded model when governed, else read once (bounded). */
  anchors(rel: string): Promise<string[] | undefined> {
    const doc = this.documents.get(rel);
    if (doc) return Promise.resolve(doc.record.split || doc.record.text !== undefined ? doc.anchors : undefined);
    let cached = this.anchorCache.get(rel);
    if (!cached) {
      cached = this.readAnchors(rel);
      this.anchorCache.set(rel, cached);
    }
    return cached;
  }

  private async readAnchors(rel: string): Promise<string[] | undefined> {
    try {
      const { bytes } = await readBytes(path.join(this.root, rel), MAX_DOCUMENT_BYTES);
      if (!bytes || bytes.subarray(0, 8192).includes(0)) return undefined;
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
      const split = splitFrontmatter(text);
      const body = split.kind === 'ok' ? text.slice(split.bodyOffset) : text;
      return outlineMarkdown(body, 1).anchors;
    } catch {
      return undefined;
    }
  }
}
