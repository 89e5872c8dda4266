import type { Issue } from '../issues.js';
import { CONFIG_FILE, PREFIX_PATTERN } from './defaults.js';
import type { RepoConfig } from './types.js';

/** Namespace-level problems: invalid or duplicate prefixes and names. */
export function validateNamespaces(config: RepoConfig): Issue[] {
  const issues: Issue[] = [];
  const byPrefix = new Map<string, string[]>();
  const byName = new Map<string, number>();
  for (const ns of config.namespaces) {
    if (!PREFIX_PATTERN.test(ns.repo_prefix)) {
      issues.push({
        code: 'NAMESPACE_PREFIX_INVALID',
        severity: 'error',
        message: `Namespace "${ns.name}" has prefix "${ns.repo_prefix}", which is not 3 to 10 letters A-Z.`,
        path: CONFIG_FILE,
        suggestion: 'Set repo_prefix to 3 to 10 uppercase letters, for example ACME.',
      });
    }
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
      issues.push({ code: 'NAMESPACE_NAME_DUPLICATE', severity: 'error', message: `${count} namespaces are named "${name}".`, path: CONFIG_FILE, suggestion: 'Give each namespace its own name.' });
    }
  }
  return issues;
}
