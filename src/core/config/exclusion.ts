import type { NamespaceConfig, RepoConfig } from './types.js';

function under(rel: string, dir: string): boolean {
  return dir === '.' || dir === '' || rel === dir || rel.startsWith(`${dir}/`);
}

function depth(dir: string): number {
  return dir === '.' || dir === '' ? 0 : dir.split('/').length;
}

/** The namespace owning a repo-relative path: the one with the deepest docs root containing it. */
export function namespaceFor(config: RepoConfig, rel: string): NamespaceConfig | undefined {
  let best: NamespaceConfig | undefined;
  for (const ns of config.namespaces) {
    if (!under(rel, ns.docs_root)) continue;
    if (!best || depth(ns.docs_root) > depth(best.docs_root)) best = ns;
  }
  return best;
}

/** Whether a repo-relative path is excluded from governance in namespace `ns`. */
export function isExcluded(ns: NamespaceConfig, rel: string): boolean {
  if (under(rel, ns.templates_dir)) return true;
  if (ns.excluded_files.includes(rel)) return true;
  if (ns.excluded_paths.some((p) => under(rel, p))) return true;
  for (const t of Object.values(ns.document_types)) if (t.template === rel) return true;
  const inside = ns.docs_root === '.' ? rel : rel.slice(ns.docs_root.length + 1);
  const parts = inside.split('/').map((s) => s.toLowerCase());
  return ns.excluded_filename_prefixes.some((prefix) => parts.some((part) => part.startsWith(prefix.toLowerCase())));
}
