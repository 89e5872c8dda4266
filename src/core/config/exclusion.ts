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

/** The namespace owning a repo-relative path: the one with the deepest docs root containing it. */
export function namespaceFor(config: RepoConfig, rel: string): NamespaceConfig | undefined {
  let list = roots.get(config);
  if (!list) {
    // A stable sort by depth keeps the config order among equally deep roots (the first one wins, as before).
    list = config.namespaces
      .map((ns, i) => ({ ns, i, d: depth(ns.docs_root), prefix: `${ns.docs_root}/`, all: ns.docs_root === '.' || ns.docs_root === '' }))
      .sort((a, b) => b.d - a.d || a.i - b.i)
      .map(({ ns, prefix, all }) => ({ ns, prefix, all }));
    roots.set(config, list);
  }
  for (const r of list) if (r.all || rel.startsWith(r.prefix) || rel === r.ns.docs_root) return r.ns;
  return undefined;
}

/**
 * A namespace's exclusions in the form the per-file test needs, computed once per namespace.
 * The walk asks about every file (10,000 at a time), mostly before V8 has optimised anything,
 * so the test allocates nothing and calls no closures: this cost 45 ms per 10,000 files when
 * it built `${dir}/` strings and ran `some` callbacks for each.
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
    };
    compiled.set(ns, e);
  }
  return e;
}

/** Whether a repo-relative path is excluded from governance in namespace `ns`. */
export function isExcluded(ns: NamespaceConfig, rel: string): boolean {
  const e = exclusionsOf(ns);
  if (isUnder(rel, ns.templates_dir) || e.files.has(rel) || e.templates.has(rel)) return true;
  for (let i = 0; i < ns.excluded_paths.length; i++) if (isUnder(rel, ns.excluded_paths[i]!)) return true;
  if (e.prefixes.length === 0) return false;
  // A path segment starting with the prefix: at the start, or right after a slash.
  const inside = rel.slice(e.inside).toLowerCase();
  for (let i = 0; i < e.prefixes.length; i++) if (inside.startsWith(e.prefixes[i]!) || inside.includes(e.slashed[i]!)) return true;
  return false;
}
