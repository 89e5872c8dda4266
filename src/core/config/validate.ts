import type { Issue } from '../issues.js';
import { CONFIG_FILE } from './defaults.js';
import type { RepoConfig } from './types.js';

/** Namespace-level problems: duplicate prefixes and names (an invalid prefix is CONFIG_INVALID when the config loads: config/keys.ts). */
export function validateNamespaces(config: RepoConfig): Issue[] {
  const issues: Issue[] = [];
  const byPrefix = new Map<string, string[]>();
  const byName = new Map<string, number>();
  for (const ns of config.namespaces) {
    byPrefix.set(ns.repo_prefix, [...(byPrefix.get(ns.repo_prefix) ?? []), ns.name]);
    byName.set(ns.name.toLowerCase(), (byName.get(ns.name.toLowerCase()) ?? 0) + 1);
  }
  for (const [prefix, names] of byPrefix) {
    if (names.length > 1) {
      issues.push({
        code: 'NAMESPACE_PREFIX_DUPLICATE',
        severity: 'error',
        message: `Namespaces ${names.map((n) => `"${n}"`).join(', ')} share the prefix ${prefix}.`,
        path: CONFIG_FILE,
        suggestion: 'Give each namespace its own repo_prefix.',
      });
    }
  }
  for (const [name, count] of byName) {
    if (count > 1) {
      issues.push({
        code: 'NAMESPACE_NAME_DUPLICATE',
        severity: 'error',
        message: `${count} namespaces are named "${name}".`,
        path: CONFIG_FILE,
        suggestion: 'Give each namespace its own name.',
      });
    }
  }
  return issues;
}
