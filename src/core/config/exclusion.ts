import type { NamespaceConfig, RepoConfig } from './types.js';

function under(rel: string, dir: string): boolean {
  return dir === '.' || dir === '' || rel === dir || rel.startsWith(`${dir}/`);
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

/** A namespace's exclusions in the form the per-file test needs, computed once per namespace. */
interface Exclusions {
  files: ReadonlySet<string>;
  templates: ReadonlySet<string>;
  /** Lower-cased filename prefixes. */
  prefixes: readonly string[];
}
const compiled = new WeakMap<NamespaceConfig, Exclusions>();

function exclusionsOf(ns: NamespaceConfig): Exclusions {
  let e = compiled.get(ns);
  if (!e) {
    e = {
      files: new Set(ns.excluded_files),
      templates: new Set(Object.values(ns.document_types).flatMap((t) => (t.template === undefined ? [] : [t.template]))),
      prefixes: ns.excluded_filename_prefixes.map((p) => p.toLowerCase()),
    };
    compiled.set(ns, e);
  }
  return e;
}

/** Whether a repo-relative path is excluded from governance in namespace `ns`. */
export function isExcluded(ns: NamespaceConfig, rel: string): boolean {
  const e = exclusionsOf(ns);
  if (under(rel, ns.templates_dir)) return true;
  if (e.files.has(rel)) return true;
  if (ns.excluded_paths.some((p) => under(rel, p))) return true;
  if (e.templates.has(rel)) return true;
  if (e.prefixes.length === 0) return false;
  const inside = (ns.docs_root === '.' ? rel : rel.slice(ns.docs_root.length + 1)).toLowerCase();
  // A path segment starting with the prefix: at the start, or right after a slash.
  return e.prefixes.some((prefix) => (prefix.includes('/') ? inside.split('/').some((part) => part.startsWith(prefix)) : inside.startsWith(prefix) || inside.includes(`/${prefix}`)));
}
