import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, readBytesSync } from './documents/read.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { isInside } from '../fs/paths.js';
import { outlineMarkdown } from '../markdown/outline.js';
import { closest } from '../text/suggest.js';
import { AnchorStore } from './anchor-store.js';
import { overlaidEntries, type EntryKind, type Overlay } from './overlay.js';
import { anchorsOf, type InspectedDocument } from './model.js';

export type { EntryKind } from './overlay.js';

export type Lookup =
  | { kind: 'file' | 'dir' }
  /** `near` is the closest existing name in the parent directory (letter case first). */
  | { kind: 'missing'; near?: string; caseOnly?: boolean }
  | { kind: 'outside' };

const FILE: Lookup = { kind: 'file' };

/** States of a governed position in FsProbe.loaded (HASHED and above: HASHED + the AnchorStore key). */
const NOT_LOADED = 0;
const UNREADABLE = 1;
const LISTED = 2;
const HASHED = 3;

/**
 * Cached, read-only questions about the repository's files for link checks: does a path
 * exist with exactly this letter case (so results do not depend on the file system's case
 * sensitivity), does it leave the root through a symbolic link, what anchors does it have.
 * Synchronous: the answers come from a few cached directory listings.
 */
export class FsProbe {
  private readonly dirs = new Map<string, Map<string, EntryKind> | undefined>();
  private readonly anchorCache = new Map<string, readonly string[] | undefined>();
  private readonly nearCache = new Map<string, string | undefined>();
  private readonly lookups = new Map<string, Lookup>();

  /** The governed paths by position (null: none were given). */
  private readonly paths: readonly string[] | null;
  /**
   * Their positions. A map, not a binary search of the sorted paths: every link asks for its
   * target, and each search compared a dozen paths that share long prefixes.
   */
  private readonly byPath = new Map<string, number>();
  /**
   * What is known of the anchors of the document at each position in `paths` (not the
   * document: the probe keeps no model alive): NOT_LOADED, UNREADABLE, LISTED (the list is
   * in `listed`), or HASHED plus the key of its anchors in the AnchorStore.
   */
  private readonly loaded: Int32Array;
  private readonly listed = new Map<number, readonly string[]>();
  /** Loaded documents at other paths (all of them when no paths were given). */
  private readonly others = new Map<string, InspectedDocument>();
  /** The last path searched and its position: a link asks lookup, isDocument, isLoaded and hasAnchor in turn. */
  private lastRel: string | undefined;
  private lastAt: number | undefined;

  /** Where compact models built against this probe keep their anchors (the main thread's probe only). */
  readonly anchorStore: AnchorStore | undefined;

  /**
   * `paths`: the paths the walk found as regular files under the docs roots (never through a
   * symbolic link inside them), which therefore exist with exactly this case. `hashAnchors`:
   * compact models keep their anchors in this probe's AnchorStore.
   */
  constructor(
    private readonly root: string,
    paths: readonly string[] | null = null,
    hashAnchors = false,
    /** A dry run's predicted changes: directory listings show them (see Overlay). */
    private readonly overlay?: Overlay,
  ) {
    this.anchorStore = hashAnchors ? new AnchorStore() : undefined;
    this.paths = paths;
    if (paths) for (let i = 0; i < paths.length; i++) this.byPath.set(paths[i]!, i);
    this.loaded = new Int32Array(paths?.length ?? 0);
  }

  /** Position of a governed path in `paths` (undefined: not governed, or no paths were given). */
  private indexOf(rel: string): number | undefined {
    if (!this.paths) return undefined;
    if (rel === this.lastRel) return this.lastAt;
    this.lastRel = rel;
    return (this.lastAt = this.byPath.get(rel));
  }

  /** Position of a governed path in the paths the probe was given (undefined: not one of them); `at`: where the caller expects it. */
  position(rel: string, at?: number): number | undefined {
    return at !== undefined && this.paths?.[at] === rel ? at : this.indexOf(rel);
  }

  /** The governed path at a position of the paths the probe was given. */
  pathAt(i: number): string {
    return this.paths![i]!;
  }

  /** Its file name (the path after the last slash). */
  nameAt(i: number): string {
    const rel = this.paths![i]!;
    return rel.slice(rel.lastIndexOf('/') + 1);
  }

  /** Records a loaded document: its anchors now answer links to it. */
  remember(doc: InspectedDocument, at?: number): void {
    const i = this.position(doc.rel, at);
    if (i === undefined) this.others.set(doc.rel, doc);
    else if (!doc.readable) this.loaded[i] = UNREADABLE;
    else if (doc.anchorKey !== undefined) this.loaded[i] = HASHED + doc.anchorKey;
    else {
      this.loaded[i] = LISTED;
      this.listed.set(i, anchorsOf(doc));
    }
  }

  /** Directory entries of a repo-relative directory ('.' for the root). */
  list(dir: string): Map<string, EntryKind> | undefined {
    if (this.dirs.has(dir)) return this.dirs.get(dir);
    let entries: Map<string, EntryKind> | undefined;
    try {
      entries = new Map(
        readdirSync(path.join(this.root, dir), { withFileTypes: true }).map(
          (e) => [e.name, e.isSymbolicLink() ? 'symlink' : e.isDirectory() ? 'dir' : e.isFile() ? 'file' : 'other'] as const,
        ),
      );
    } catch {
      entries = undefined;
    }
    if (this.overlay) entries = overlaidEntries(dir, entries, this.overlay);
    this.dirs.set(dir, entries);
    return entries;
  }

  /** Whether a repo-relative path exists with exactly this letter case (cached per path). */
  lookup(rel: string): Lookup {
    if (this.indexOf(rel) !== undefined || this.others.has(rel)) return FILE;
    let cached = this.lookups.get(rel);
    if (!cached) {
      cached = this.resolve(rel);
      this.lookups.set(rel, cached);
    }
    return cached;
  }

  private resolve(rel: string): Lookup {
    if (rel === '.' || rel === '') return { kind: 'dir' };
    const parts = rel.split('/');
    let current = '.';
    let viaLink = false;
    let kind: EntryKind = 'dir';
    for (const part of parts) {
      const entries = this.list(current);
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
        const real = realpathSync(path.join(this.root, rel));
        if (!isInside(this.root, real)) return { kind: 'outside' };
        return { kind: statSync(real).isDirectory() ? 'dir' : 'file' };
      } catch {
        return { kind: 'missing' };
      }
    }
    return { kind: kind === 'dir' ? 'dir' : 'file' };
  }

  /** The existing name in the target's directory closest to a missing one (cached: many links share targets). */
  nearestName(rel: string): string | undefined {
    if (!this.nearCache.has(rel)) {
      const entries = this.list(path.posix.dirname(rel));
      this.nearCache.set(rel, closest(path.posix.basename(rel), entries ? [...entries.keys()] : [], 1)[0]);
    }
    return this.nearCache.get(rel);
  }

  /** Whether anchors of `rel` come from a loaded document (known only once every document is loaded). */
  isDocument(rel: string): boolean {
    return this.paths ? this.indexOf(rel) !== undefined : this.others.has(rel);
  }

  /** Whether the document at `rel` is loaded already (its anchors are known now). */
  isLoaded(rel: string): boolean {
    const i = this.indexOf(rel);
    return i !== undefined ? this.loaded[i] !== NOT_LOADED : this.others.has(rel);
  }

  /**
   * Whether a Markdown file has an anchor (letter case ignored); undefined when its anchors
   * are unknown (it could not be read as text).
   */
  hasAnchor(rel: string, fragment: string): boolean | undefined {
    const i = this.indexOf(rel);
    const doc = i === undefined ? this.others.get(rel) : undefined;
    const state = i !== undefined ? this.loaded[i]! : doc?.readable && doc.anchorKey !== undefined ? HASHED + doc.anchorKey : NOT_LOADED;
    if (state >= HASHED) return this.anchorStore!.has(state - HASHED, fragment);
    const anchors = this.anchors(rel);
    return anchors === undefined ? undefined : includesAnchor(anchors, fragment);
  }

  /**
   * Anchors of a Markdown file: from the loaded model when governed, else read once (bounded),
   * as they are for a loaded model that keeps only their hashes.
   */
  anchors(rel: string): readonly string[] | undefined {
    const i = this.indexOf(rel);
    if (i !== undefined && this.loaded[i] === UNREADABLE) return undefined;
    if (i !== undefined && this.loaded[i] === LISTED) return this.listed.get(i);
    const doc = i === undefined ? this.others.get(rel) : undefined;
    if (doc && !doc.readable) return undefined;
    if (doc && doc.anchorKey === undefined) return anchorsOf(doc);
    if (!this.anchorCache.has(rel)) this.anchorCache.set(rel, this.readAnchors(rel));
    return this.anchorCache.get(rel);
  }

  /** A document's anchors after its text changed (see live.ts): what the hints of links to it name from now on. */
  setAnchors(rel: string, anchors: readonly string[]): void {
    this.anchorCache.set(rel, anchors);
  }

  private readAnchors(rel: string): string[] | undefined {
    try {
      // A dry run's or an editor's bytes for the file, when it has them.
      const planned = this.overlay?.files.get(rel);
      const bytes =
        planned === undefined
          ? readBytesSync(path.join(this.root, rel), MAX_DOCUMENT_BYTES).bytes
          : Buffer.isBuffer(planned)
            ? planned
            : planned.kind === 'bytes'
              ? planned.bytes
              : undefined;
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

/** Lower-cased anchors per anchor list: a document's list is looked up by every link to it. */
const lowered = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether `anchors` include `fragment`, letter case ignored. */
export function includesAnchor(anchors: readonly string[], fragment: string): boolean {
  const wanted = fragment.toLowerCase();
  // Short lists (most documents have a handful of headings) are scanned; long ones get a set.
  if (anchors.length <= 16) return anchors.some((a) => a.toLowerCase() === wanted);
  let set = lowered.get(anchors);
  if (!set) {
    set = new Set(anchors.map((a) => a.toLowerCase()));
    lowered.set(anchors, set);
  }
  return set.has(wanted);
}
