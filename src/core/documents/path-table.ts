import type { NamespaceConfig } from '../config/types.js';
import { slotCount, stringHash } from '../text/string-hash.js';
import { grown } from '../text/typed-arrays.js';
import type { FileList, GovernedFile } from './governed-file.js';

/**
 * The walk's governed files, sorted, packed for a check that keeps them until its last
 * document is read: each directory once, every file name in one string, and per file the end
 * of its name, its directory, its namespace and its path's hash in typed columns, and a hash
 * table of positions. As an array of `{ rel, namespace }` a file cost about 145 bytes at 100k
 * documents (a path string of 88, an object of 40, two array slots), all of it heap that V8
 * let grow by as much again before collecting; here it costs its name's length plus 22 bytes.
 * The walk fills it one file at a time (PathTableBuilder), so no list of every path is ever
 * built. `at` builds a file's object again when asked.
 */
export class PathTable implements FileList, PathIndex {
  readonly length: number;
  /** Each directory with its trailing slash ('' for files at the root), in order of first use. */
  private readonly dirs: readonly string[];
  private readonly dirOf: Int32Array;
  /** Every file name, joined (one byte a character while they are all Latin-1). */
  private readonly names: string;
  /** Where each file's name ends in `names` (it starts where the previous one ends). */
  private readonly nameEnds: Int32Array;
  private readonly namespaces: readonly NamespaceConfig[];
  private readonly nsOf: Uint16Array;
  private readonly hashes: Int32Array;
  /**
   * Open addressing (linear probing) from a path's hash to its position + 1 (0: free): every
   * link asks for its target's position. (A binary search of each directory's names, with a
   * new string for each name compared, made a 100k check about 0.4 s slower.)
   */
  private readonly slots: Int32Array;

  /** Built by PathTableBuilder.finish. */
  constructor(parts: { length: number; dirs: readonly string[]; dirOf: Int32Array; names: string; nameEnds: Int32Array; namespaces: readonly NamespaceConfig[]; nsOf: Uint16Array; hashes: Int32Array }) {
    this.length = parts.length;
    this.dirs = parts.dirs;
    this.dirOf = parts.dirOf;
    this.names = parts.names;
    this.nameEnds = parts.nameEnds;
    this.namespaces = parts.namespaces;
    this.nsOf = parts.nsOf;
    this.hashes = parts.hashes;
    const size = slotCount(this.length);
    this.slots = new Int32Array(size);
    for (let i = 0; i < this.length; i++) {
      let s = this.hashes[i]! & (size - 1);
      while (this.slots[s] !== 0) s = (s + 1) & (size - 1);
      this.slots[s] = i + 1;
    }
  }

  /** The file at position i, as a new object (undefined: past the end). */
  at(i: number): GovernedFile | undefined {
    return i >= 0 && i < this.length ? { rel: this.pathAt(i), namespace: this.namespaces[this.nsOf[i]!]! } : undefined;
  }

  /** The path at position i. */
  pathAt(i: number): string {
    return this.dirs[this.dirOf[i]!]! + this.nameAt(i);
  }

  /** Whether the path at position i is `rel`. */
  is(i: number, rel: string): boolean {
    if (i < 0 || i >= this.length) return false;
    const dir = this.dirs[this.dirOf[i]!]!;
    const start = i === 0 ? 0 : this.nameEnds[i - 1]!;
    return rel.length === dir.length + this.nameEnds[i]! - start && rel.startsWith(dir) && this.names.startsWith(rel.slice(dir.length), start);
  }

  /** The file name at position i (the path after its last slash). */
  nameAt(i: number): string {
    return this.names.slice(i === 0 ? 0 : this.nameEnds[i - 1]!, this.nameEnds[i]);
  }

  /** The position of `rel` (undefined: not one of the files). */
  position(rel: string): number | undefined {
    const mask = this.slots.length - 1;
    const hash = stringHash(rel) | 0;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const at = this.slots[s]! - 1;
      if (at < 0) return undefined;
      if (this.hashes[at] === hash && this.is(at, rel)) return at;
    }
  }
}

/** Fills a PathTable one file at a time, in sorted order (see walk.ts). */
export class PathTableBuilder {
  private count = 0;
  private last: string | undefined;
  /** False once a file came out of order (or namespaces overflow their column): finish() then gives nothing. */
  private packable = true;
  private readonly dirs: string[] = [];
  private readonly dirIndex = new Map<string, number>();
  private lastDir = -1;
  private dirOf = new Int32Array(1024);
  private nameEnds = new Int32Array(1024);
  private nsOf = new Uint16Array(1024);
  private hashes = new Int32Array(1024);
  private readonly namespaces: NamespaceConfig[] = [];
  /**
   * Every name so far, as UTF-8, made one string by finish. Names kept as strings until then
   * (joined 4,096 at a time) outlived the scavenges of a 100k walk: 5-6 MB of survivors, which
   * made V8 double the young generation, 16 MB more RSS for the rest of the run (SPEC-006
   * §2.24). Bytes outside the heap survive nothing.
   */
  private readonly full: Buffer[] = [];
  private page: Buffer = Buffer.allocUnsafe(NAME_PAGE);
  private used = 0;
  /** Every name is ASCII: finish makes them a one-byte string (past 1 MB, Node keeps it outside the heap). */
  private ascii = true;
  private end = 0;

  /** `name`: the path after its last slash, when the caller has it as a string already. */
  add(rel: string, namespace: NamespaceConfig, name?: string): void {
    if (this.last !== undefined && !(this.last < rel)) this.packable = false;
    this.last = rel;
    const i = this.count++;
    if (i === this.dirOf.length) this.grow();
    const cut = rel.lastIndexOf('/') + 1;
    const known = this.lastDir >= 0 ? this.dirs[this.lastDir]! : undefined;
    if (known === undefined || known.length !== cut || !rel.startsWith(known)) {
      const dir = rel.slice(0, cut);
      let d = this.dirIndex.get(dir);
      if (d === undefined) this.dirIndex.set(dir, (d = this.dirs.push(dir) - 1));
      this.lastDir = d;
    }
    let ns = this.namespaces.indexOf(namespace);
    if (ns < 0) ns = this.namespaces.push(namespace) - 1;
    if (ns > 0xffff) this.packable = false;
    this.dirOf[i] = this.lastDir;
    this.hashes[i] = stringHash(rel) | 0;
    this.nsOf[i] = ns;
    this.end += rel.length - cut;
    this.nameEnds[i] = this.end;
    name ??= rel.slice(cut);
    if (this.used + 3 * name.length > this.page.length) {
      this.full.push(this.page.subarray(0, this.used));
      this.page = Buffer.allocUnsafe(Math.max(NAME_PAGE, 3 * name.length));
      this.used = 0;
    }
    const written = this.page.write(name, this.used, 'utf8');
    if (written !== name.length) this.ascii = false;
    this.used += written;
  }

  /** The table; undefined when the files came out of order (or with too many namespaces). */
  finish(): PathTable | undefined {
    if (!this.packable) return undefined;
    const n = this.count;
    this.full.push(this.page.subarray(0, this.used));
    const names = Buffer.concat(this.full).toString(this.ascii ? 'latin1' : 'utf8');
    // Exact-size copies: the growing columns may be twice as long.
    return new PathTable({ length: n, dirs: this.dirs, dirOf: this.dirOf.slice(0, n), names, nameEnds: this.nameEnds.slice(0, n), namespaces: this.namespaces, nsOf: this.nsOf.slice(0, n), hashes: this.hashes.slice(0, n) });
  }

  private grow(): void {
    const size = this.dirOf.length * 2;
    this.dirOf = grown(this.dirOf, size);
    this.nameEnds = grown(this.nameEnds, size);
    this.hashes = grown(this.hashes, size);
    this.nsOf = grown(this.nsOf, size);
  }
}

/**
 * Bytes of names a page holds. Fixed pages, not a buffer doubled to grow: once the walk's
 * buffers outlive a scavenge, only a full collection frees them, which a check may not run
 * again before its end; each doubling's old buffer stayed in RSS (about 7 MB at 100k).
 */
const NAME_PAGE = 64 * 1024;

/** Governed paths by position, in the walk's order: a list of strings (ListedPaths) or a PathTable. */
export interface PathIndex {
  readonly length: number;
  pathAt(i: number): string;
  /** The file name at position i (after the last slash). */
  nameAt(i: number): string;
  /** Whether the path at position i is `rel`. */
  is(i: number, rel: string): boolean;
  position(rel: string): number | undefined;
}

/**
 * Paths given as strings, found by a map. A binary search over the walk's sorted paths saved
 * the map's 36 bytes a document, but each link's lookups compared ~14 paths sharing long
 * prefixes: about 4% of a cold 10k check (SPEC-006 §2.23). Larger sets are a PathTable.
 */
export class ListedPaths implements PathIndex {
  private readonly byPath = new Map<string, number>();

  constructor(private readonly paths: readonly string[]) {
    for (let i = 0; i < paths.length; i++) this.byPath.set(paths[i]!, i);
  }

  get length(): number {
    return this.paths.length;
  }

  pathAt(i: number): string {
    return this.paths[i]!;
  }

  nameAt(i: number): string {
    const rel = this.paths[i]!;
    return rel.slice(rel.lastIndexOf('/') + 1);
  }

  is(i: number, rel: string): boolean {
    return this.paths[i] === rel;
  }

  position(rel: string): number | undefined {
    return this.byPath.get(rel);
  }
}
