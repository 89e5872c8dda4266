import { CONFIG_FILE } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { escapeRegExp } from '../text/regexp.js';
import { shellWord } from '../text/shell-word.js';

export interface HookSpec {
  id: string;
  name: string;
  entry: string;
  files: string;
  /** Substring of an `entry` that counts as this hook already being installed. */
  command: string;
  /** The docket root the hook runs on, relative to the top of the git work tree ('.': the top). */
  root: string;
}

/**
 * docket's two hooks: `check --staged` on document or config changes, `doctor --strict` on
 * config changes. pre-commit runs hooks at the top of the git work tree and reads the config
 * there: `root` is the docket root relative to it, passed as --root, and the `files` patterns
 * are prefixed with it, so a package of a monorepo gets hooks for its own documents only.
 */
export function docketHooks(config: RepoConfig, root = '.'): HookSpec[] {
  const roots = [...new Set(config.namespaces.map((ns) => ns.docs_root))].sort();
  const docs = roots.includes('.') ? ['.*\\.md$'] : roots.map((r) => `${escapeRegExp(r)}/`);
  const schemas = [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort().map(escapeRegExp);
  const at = root === '.' ? '' : escapeRegExp(`${root}/`);
  const rootFlag = root === '.' ? '' : ` --root ${shellWord(root)}`;
  const where = root === '.' ? '' : ` (${root})`;
  return [
    {
      id: 'docket-check',
      name: `docket check${where}`,
      entry: `docket check --staged${rootFlag}`,
      command: 'docket check',
      root,
      files: `^${at}(${escapeRegExp(CONFIG_FILE)}$|${docs.join('|')})`,
    },
    {
      id: 'docket-doctor',
      name: `docket doctor --strict${where}`,
      entry: `docket doctor --strict${rootFlag}`,
      command: 'docket doctor',
      root,
      files: `^${at}(${[escapeRegExp(CONFIG_FILE), ...schemas].join('|')})$`,
    },
  ];
}

/** One hook as YAML lines, indented under a `hooks:` key at `indent` spaces. */
function hookYaml(hook: HookSpec, indent: number): string {
  const pad = ' '.repeat(indent);
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return [
    `${pad}- id: ${hook.id}`,
    `${pad}  name: ${quote(hook.name)}`,
    `${pad}  entry: ${/^[\w ./@%+=:,-]+$/.test(hook.entry) ? hook.entry : quote(hook.entry)}`,
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
