import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { writeFailed } from '../fs/atomic-write.js';
import { checkpoint } from '../interrupt.js';
import { assertWritable, isInside, realpathOfExistingAncestor, toPosix, type WriteArea } from '../fs/paths.js';

/** The file that says a directory is a site docket built, and which files it wrote there. */
const SITE_MARKER = '.docket-site.json';
const GENERATOR = 'docket site';
const PROTECTED_SEGMENTS = new Set(['.git', 'node_modules', '.docket']);
/** What a file name in a marker may look like: docket's own names, never a way out of the directory. */
const SITE_FILE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** A site's files: every name first (the marker lists them before any is written), each made when it is written, so the pages are never all held at once. */
export interface SiteFiles {
  /** POSIX paths below the site's directory, sorted. */
  names: readonly string[];
  content(name: string): string | Uint8Array | Promise<string | Uint8Array>;
  /** Releases what making them held (worker threads), written or not. */
  close(): void;
}

export interface SiteWriteResult {
  /** Files whose bytes changed or that are new. */
  written: number;
  unchanged: number;
  /** Files an earlier build wrote that this one does not (removed). */
  removed: number;
}

/** Temporary files are named after the page, the process and a count: unique without a random name per page. */
let temporaries = 0;

const refuse = (
  code: 'PATH_OUTSIDE_ROOT' | 'FILE_EXISTS' | 'SYMLINK_REFUSED' | 'SITE_DIR_NOT_OURS',
  message: string,
  rel: string,
  suggestion: string,
) => new DocketError(code, message, { suggestion, details: { path: rel } });

/** The files a marker lists, when `text` is one docket wrote; undefined otherwise. */
function markerFiles(text: string): string[] | undefined {
  try {
    const parsed = JSON.parse(text) as { generator?: unknown; files?: unknown };
    if (parsed?.generator !== GENERATOR || !Array.isArray(parsed.files)) return undefined;
    return parsed.files.filter((f): f is string => typeof f === 'string' && SITE_FILE.test(f));
  } catch {
    return undefined;
  }
}

const markerText = (files: readonly string[]) => `${JSON.stringify({ generator: GENERATOR, files: [...files].sort() }, null, 1)}\n`;

/**
 * A site's output directory, checked before anything is written: never the repository root or
 * one of its parents, never inside .git, node_modules or .docket, never reached through a symbolic link
 * that crosses the repository's edge; an existing directory only when a marker says docket
 * built it, or it is empty, or `force` (then same-named files are replaced, nothing else
 * touched). Every write stays inside it (its realpath): a link inside it leading elsewhere is
 * refused.
 */
export class SiteOutput {
  private readonly area: WriteArea;
  private readonly previous: readonly string[];

  private constructor(
    private readonly root: string,
    readonly dir: string,
    /** The directory as the envelope names it: repository-relative inside the root, else absolute. */
    readonly shown: string,
    previous: readonly string[],
  ) {
    this.area = { area: 'site', dir };
    this.previous = previous;
  }

  static open(root: string, dir: string, force: boolean): SiteOutput {
    const abs = path.resolve(root, dir);
    const inside = isInside(root, abs);
    const shown = inside ? toPosix(path.relative(root, abs)) : toPosix(abs);
    if (isInside(abs, root))
      throw refuse(
        'PATH_OUTSIDE_ROOT',
        `Refusing to build a site in ${shown || '.'}: it holds the repository.`,
        shown || '.',
        'Name a directory of its own, such as docs-site/.',
      );
    if (inside && shown.split('/').some((s) => PROTECTED_SEGMENTS.has(s)))
      throw refuse(
        'PATH_OUTSIDE_ROOT',
        `Refusing to build a site in ${shown}: it is inside a directory docket or git keeps.`,
        shown,
        'Name a directory of its own, such as docs-site/.',
      );
    if (inside !== isInside(root, realpathOfExistingAncestor(abs))) {
      throw refuse(
        'PATH_OUTSIDE_ROOT',
        `Refusing to build a site in ${shown}: a symbolic link on its way ${inside ? 'leaves' : 'leads into'} the repository.`,
        shown,
        'Name a directory reached without symbolic links.',
      );
    }
    const stat = lstat(abs);
    if (stat?.isSymbolicLink())
      throw refuse(
        'SYMLINK_REFUSED',
        `Refusing to build a site in ${shown}: it is a symbolic link.`,
        shown,
        'Name a real directory, or remove the link.',
      );
    if (stat && !stat.isDirectory())
      throw refuse(
        'FILE_EXISTS',
        `${shown} exists and is not a directory; nothing was written.`,
        shown,
        'Name another directory with --out.',
      );
    let previous: string[] = [];
    if (stat) {
      const marker = lstat(path.join(abs, SITE_MARKER));
      const listed = marker?.isFile() ? markerFiles(readSame(path.join(abs, SITE_MARKER))?.toString('utf8') ?? '') : undefined;
      if (listed) previous = listed;
      else if (!force && readdirSync(abs).length > 0) {
        throw refuse(
          'SITE_DIR_NOT_OURS',
          `${shown} exists and docket did not build it (it has no ${SITE_MARKER}); nothing was written.`,
          shown,
          "Name another directory with --out, empty this one, or pass --force to write docket's files into it (files docket did not write are never removed).",
        );
      }
    }
    return new SiteOutput(root, abs, shown, previous);
  }

  /**
   * Writes the site's files (POSIX paths relative to the directory): each atomically (a
   * temporary file renamed over it), and only when its bytes change, so a rebuild leaves
   * unchanged pages as they were. Not fsynced one by one: a site is made again from the
   * repository at any time, and a fsync per page was most of a large build. The marker lists
   * every file before the pages are written (so an interrupted build still owns them) and
   * only this build's afterwards; files an earlier build wrote and this one does not are then
   * removed (regular files only, never a link), and nothing docket did not write.
   */
  async write(files: SiteFiles, signal?: AbortSignal): Promise<SiteWriteResult> {
    const names = [...files.names].sort();
    for (const name of names) if (!SITE_FILE.test(name) || name === SITE_MARKER) throw new Error(`not a site file name: ${name}`);
    const fresh = new Set(names);
    this.mkdir('.');
    this.put(SITE_MARKER, markerText([...new Set([...this.previous, ...names])]));
    const made = new Set<string>(['.']);
    let written = 0;
    for (const [step, name] of names.entries()) {
      // An interrupted build stops between two files: each is whole, the marker still owns them.
      const wait = checkpoint(
        step,
        signal,
        'Interrupted while writing the site; the pages written so far are whole, and the next build completes it.',
      );
      if (wait) await wait;
      const dir = path.posix.dirname(name);
      if (!made.has(dir)) {
        this.mkdir(dir);
        made.add(dir);
      }
      if (this.put(name, await files.content(name))) written++;
    }
    this.put(SITE_MARKER, markerText(names));
    let removed = 0;
    for (const name of this.previous) {
      if (fresh.has(name)) continue;
      const abs = path.join(this.dir, name);
      if (!lstat(abs)?.isFile() || !isInside(this.dir, realpathOfExistingAncestor(path.dirname(abs)))) continue;
      try {
        unlinkSync(abs);
        removed++;
      } catch (error) {
        throw writeFailed(this.root, abs, error);
      }
    }
    return { written, unchanged: names.length - written, removed };
  }

  /** Makes a directory of the site, checked once (inside the site's directory, through no link leaving it) for every file written in it. */
  private mkdir(dir: string): void {
    const abs = path.join(this.dir, dir);
    assertWritable(this.root, path.join(abs, SITE_MARKER), this.area);
    try {
      mkdirSync(abs, { recursive: true });
    } catch (error) {
      throw writeFailed(this.root, abs, error);
    }
  }

  /** Writes one file (its directory already checked, see mkdir) unless it already holds `content`; true when written. */
  private put(name: string, content: string | Uint8Array): boolean {
    const abs = path.join(this.dir, name);
    const stat = lstat(abs);
    if (stat?.isSymbolicLink())
      throw refuse(
        'SYMLINK_REFUSED',
        `Refusing to write through the symbolic link ${name} in ${this.shown}.`,
        name,
        'Remove the link; docket writes only regular files into a site.',
      );
    if (stat && !stat.isFile())
      throw refuse(
        'FILE_EXISTS',
        `${name} in ${this.shown} exists and is not a regular file; nothing more was written.`,
        name,
        'Remove it, or name another directory with --out.',
      );
    const mode = stat ? stat.mode & 0o7777 : 0o644;
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const existing = stat ? readSame(abs) : undefined;
    if (existing !== undefined && Buffer.compare(existing, bytes) === 0) return false;
    const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.${++temporaries}.tmp`);
    try {
      const fd = openSync(tmp, 'wx', mode);
      try {
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, abs);
    } catch (error) {
      try {
        unlinkSync(tmp);
      } catch {
        // Not made, or already renamed.
      }
      throw writeFailed(this.root, abs, error);
    }
    return true;
  }
}

function lstat(abs: string) {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}

/** A file's bytes, never through a symbolic link; undefined when it cannot be read. */
function readSame(abs: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
