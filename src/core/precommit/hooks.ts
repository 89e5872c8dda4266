import { CONFIG_FILE } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { escapeRegExp } from '../text/regexp.js';

export interface HookSpec {
  id: string;
  name: string;
  entry: string;
  files: string;
  /** Substring of an `entry` that counts as this hook already being installed. */
  command: string;
}

/** docket's two hooks: `check` on document or config changes, `doctor --strict` on config changes. */
export function docketHooks(config: RepoConfig): HookSpec[] {
  const roots = [...new Set(config.namespaces.map((ns) => ns.docs_root))].sort();
  const docs = roots.includes('.') ? ['.*\\.md$'] : roots.map((r) => `${escapeRegExp(r)}/`);
  const schemas = [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort().map(escapeRegExp);
  return [
    { id: 'docket-check', name: 'docket check', entry: 'docket check', command: 'docket check', files: `^(${escapeRegExp(CONFIG_FILE)}$|${docs.join('|')})` },
    { id: 'docket-doctor', name: 'docket doctor --strict', entry: 'docket doctor --strict', command: 'docket doctor', files: `^(${[escapeRegExp(CONFIG_FILE), ...schemas].join('|')})$` },
  ];
}

/** One hook as YAML lines, indented under a `hooks:` key at `indent` spaces. */
function hookYaml(hook: HookSpec, indent: number): string {
  const pad = ' '.repeat(indent);
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return [
    `${pad}- id: ${hook.id}`,
    `${pad}  name: ${quote(hook.name)}`,
    `${pad}  entry: ${hook.entry}`,
    `${pad}  language: system`,
    `${pad}  pass_filenames: false`,
    `${pad}  files: ${quote(hook.files)}`,
  ].join('\n');
}

/** A `- repo: local` item with the given hooks, its dash at column `indent`. */
export function localRepoYaml(hooks: readonly HookSpec[], indent: number): string {
  const pad = ' '.repeat(indent);
  return [`${pad}- repo: local`, `${pad}  hooks:`, ...hooks.map((h) => hookYaml(h, indent + 4))].join('\n');
}
