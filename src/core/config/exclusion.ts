import { readSync } from 'node:fs';
import { withRegularFile } from '../engine/documents/read-bytes.js';
import path from 'node:path';
import { splitFrontmatter } from '../frontmatter/split.js';
import { indexDirOf } from './defaults.js';
import type { NamespaceConfig, RepoConfig } from './types.js';

/** Whether `rel` is `dir` or inside it (without building `${dir}/`: see Exclusions). */
function isUnder(rel: string, dir: string): boolean {
  return dir === '.' || dir === '' || (rel.startsWith(dir) && (rel.length === dir.length || rel.charCodeAt(dir.length) === 0x2f));
}

function depth(dir: string): number {
  return dir === '.' || dir === '' ? 0 : dir.split('/').length;
}

/** Docs roots with their depth, deepest first (ties in config order), computed once per config. */
const roots = new WeakMap<RepoConfig, { ns: NamespaceConfig; prefix: string; all: boolean }[]>();

function rootsOf(config: RepoConfig): { ns: NamespaceConfig; prefix: string; all: boolean }[] {
  let list = roots.get(config);
  if (!list) {
    // A stable sort by depth keeps the config order among equally deep roots (the first one wins, as before).
    list = config.namespaces
      .map((ns, i) => ({ ns, i, d: depth(ns.docs_root), prefix: `${ns.docs_root}/`, all: ns.docs_root === '.' || ns.docs_root === '' }))
      .sort((a, b) => b.d - a.d || a.i - b.i)
      .map(({ ns, prefix, all }) => ({ ns, prefix, all }));
    roots.set(config, list);
  }
  return list;
}

/** The namespace owning a repo-relative path: the one with the deepest docs root containing it. */
export function namespaceFor(config: RepoConfig, rel: string): NamespaceConfig | undefined {
  for (const r of rootsOf(config)) if (r.all || rel.startsWith(r.prefix) || rel === r.ns.docs_root) return r.ns;
  return undefined;
}

/**
 * A namespace's exclusions in the form the per-file test needs, computed once per namespace.
 * The walk asks about every file, mostly before V8 has optimised anything, so the test
 * allocates nothing and calls no closures: building `${dir}/` strings and running `some`
 * callbacks for each file showed in a large walk's profile.
 */
interface Exclusions {
  files: ReadonlySet<string>;
  templates: ReadonlySet<string>;
  /** Where the path inside the docs root starts (what the filename prefixes are matched against). */
  inside: number;
  /** Lower-cased filename prefixes; one with a slash never matches a path segment, so it is left out. */
  prefixes: readonly string[];
  /** The same prefixes after a slash: a segment further down. */
  slashed: readonly string[];
  /** The index directory, where the Python DocOps CLI writes its views (see isGeneratedView). */
  views: string;
}
const compiled = new WeakMap<NamespaceConfig, Exclusions>();

function exclusionsOf(ns: NamespaceConfig): Exclusions {
  let e = compiled.get(ns);
  if (!e) {
    const prefixes = ns.excluded_filename_prefixes.map((p) => p.toLowerCase()).filter((p) => !p.includes('/'));
    e = {
      files: new Set(ns.excluded_files),
      templates: new Set(Object.values(ns.document_types).flatMap((t) => (t.template === undefined ? [] : [t.template]))),
      inside: ns.docs_root === '.' ? 0 : ns.docs_root.length + 1,
      prefixes,
      slashed: prefixes.map((p) => `/${p}`),
      views: indexDirOf(ns.docs_root),
    };
    compiled.set(ns, e);
  }
  return e;
}

/** Whether a lower-cased path inside a docs root has a segment starting with an excluded prefix. */
function hasExcludedSegment(e: Exclusions, inside: string): boolean {
  for (let i = 0; i < e.prefixes.length; i++) if (inside.startsWith(e.prefixes[i]!) || inside.includes(e.slashed[i]!)) return true;
  return false;
}

const VIEW_MARKER = /^<!-- MEMINIT_GENERATED: (?:catalog|kanban) -->$/;
/** Generated views carry the marker right after a small frontmatter: their head is enough. */
const VIEW_HEAD_BYTES = 8192;

/**
 * Whether a file is a view the Python DocOps CLI generated under any name: its first non-empty
 * body line (after the frontmatter, if any) is `<!-- MEMINIT_GENERATED: catalog -->` or
 * `... kanban -->` (reference §7.3). Reads the first 8 KiB, never through a symbolic link;
 * asked only about Markdown files directly in an index directory, where that tool writes them.
 */
function isGeneratedView(root: string, rel: string): boolean {
  let text: string;
  try {
    // Never through a link, never blocking (a FIFO), regular files only.
    text = withRegularFile(path.join(root, rel), (fd) => {
      const head = Buffer.alloc(VIEW_HEAD_BYTES);
      return head.toString('utf8', 0, readSync(fd, head, 0, VIEW_HEAD_BYTES, 0)).replace(/^\uFEFF/, '');
    });
  } catch {
    return false; // unreadable or not a file: reading it as a document reports why
  }
  const split = splitFrontmatter(text);
  const body = split.kind === 'ok' ? text.slice(split.bodyOffset) : text;
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') return VIEW_MARKER.test(trimmed);
  }
  return false;
}

/** Whether `rel` is a Markdown file directly in the index directory `views`. */
function inViewsDir(views: string, rel: string): boolean {
  return (
    rel.length > views.length + 1 &&
    rel.charCodeAt(views.length) === 0x2f &&
    rel.startsWith(views) &&
    rel.indexOf('/', views.length + 1) === -1 &&
    isMarkdownPath(rel)
  );
}

function isMarkdownPath(rel: string): boolean {
  return rel.slice(-3).toLowerCase() === '.md';
}

/**
 * Whether a repo-relative path is excluded from governance in namespace `ns`. With `root`,
 * also a generated view found by its content (isGeneratedView); without it, by path alone.
 */
export function isExcluded(ns: NamespaceConfig, rel: string, root?: string): boolean {
  if (excludedByPath(ns, rel)) return true;
  return root !== undefined && inViewsDir(exclusionsOf(ns).views, rel) && isGeneratedView(root, rel);
}

function excludedByPath(ns: NamespaceConfig, rel: string): boolean {
  const e = exclusionsOf(ns);
  if (isUnder(rel, ns.templates_dir) || e.files.has(rel) || e.templates.has(rel)) return true;
  for (let i = 0; i < ns.excluded_paths.length; i++) if (isUnder(rel, ns.excluded_paths[i]!)) return true;
  if (e.prefixes.length === 0) return false;
  // A path segment starting with the prefix: at the start, or right after a slash.
  const inside = rel.slice(e.inside).toLowerCase();
  return hasExcludedSegment(e, inside);
}

/**
 * The namespace governing each of many files (undefined when none owns it or it is excluded):
 * what `namespaceFor` and `isExcluded` answer, with the part that depends only on a file's
 * directory computed once per directory. The walk asks about every file, in path order, so
 * consecutive files share their directory; asking per file lower-cased every path whole and
 * searched the namespaces for each. A file `dir/name` is under a path X
 * when `dir` is (or X is the file itself), and a segment inside the docs root starts with an
 * excluded prefix when one of `dir`'s does or `name` does: lower-casing a path is lower-casing
 * its segments, since `/` is neither a letter nor ignored by the final-sigma rule.
 */
export class GovernedFiles {
  private dir: string | undefined;
  private ns: NamespaceConfig | undefined;
  private dirExcluded = false;
  /** Whether the directory is the namespace's index directory: its files are asked about their content too. */
  private dirIsViews = false;
  /** Docs roots as written: a file that is one is asked about in full. */
  private readonly rootPaths: ReadonlySet<string>;

  constructor(private readonly config: RepoConfig) {
    this.rootPaths = new Set(config.namespaces.map((ns) => ns.docs_root));
  }

  namespaceOf(rel: string): NamespaceConfig | undefined {
    const slash = rel.lastIndexOf('/');
    // A file at the top, or one that is itself a docs root: asked in full.
    if (slash <= 0 || this.rootPaths.has(rel)) return governedIn(namespaceFor(this.config, rel), rel, this.config.root);
    if (this.dir === undefined || slash !== this.dir.length || !rel.startsWith(this.dir)) {
      const dir = rel.slice(0, slash);
      this.dir = dir;
      this.ns = undefined;
      for (const r of rootsOf(this.config)) {
        if (r.all || rel.startsWith(r.prefix)) {
          this.ns = r.ns;
          break;
        }
      }
      this.dirExcluded = this.ns !== undefined && directoryExcluded(this.ns, dir);
      this.dirIsViews = this.ns !== undefined && dir === exclusionsOf(this.ns).views;
    }
    const ns = this.ns;
    if (ns === undefined || this.dirExcluded) return undefined;
    const e = exclusionsOf(ns);
    if (e.inside > slash + 1) return governedIn(ns, rel, this.config.root); // cannot happen for the owning namespace: asked in full
    if (rel === ns.templates_dir || e.files.has(rel) || e.templates.has(rel) || ns.excluded_paths.includes(rel)) return undefined;
    if (e.prefixes.length > 0) {
      const name = rel.slice(slash + 1).toLowerCase();
      for (let i = 0; i < e.prefixes.length; i++) if (name.startsWith(e.prefixes[i]!)) return undefined;
    }
    // The rare branch: a file of the index directory is read to see whether it is a generated view.
    if (this.dirIsViews && isMarkdownPath(rel) && isGeneratedView(this.config.root, rel)) return undefined;
    return ns;
  }
}

function governedIn(ns: NamespaceConfig | undefined, rel: string, root: string): NamespaceConfig | undefined {
  return ns && !isExcluded(ns, rel, root) ? ns : undefined;
}

/** Whether every file directly in `dir` is excluded by what `dir` alone decides (see GovernedFiles). */
function directoryExcluded(ns: NamespaceConfig, dir: string): boolean {
  if (isUnder(dir, ns.templates_dir)) return true;
  for (let i = 0; i < ns.excluded_paths.length; i++) if (isUnder(dir, ns.excluded_paths[i]!)) return true;
  const e = exclusionsOf(ns);
  if (e.prefixes.length === 0 || e.inside > dir.length + 1) return false;
  // The directory's segments inside the docs root, each followed by its slash.
  const inside = `${dir}/`.slice(e.inside).toLowerCase();
  if (inside === '') return false;
  return hasExcludedSegment(e, inside);
}
