import type { Node } from 'yaml';
import { DocketError } from '../../errors/docket-error.js';
import { appendTopLevelItem, parseForEdit, topLevel } from '../yaml/append-item.js';
import { yamlLib } from '../yaml/lib.js';
import { localRepoYaml, type HookSpec } from './hooks.js';

export const PRECOMMIT_FILE = '.pre-commit-config.yaml';

export interface HookEdit {
  /** The new file text; undefined when nothing needs to change. */
  text: string | undefined;
  added: string[];
  present: string[];
}

function invalid(message: string, line?: number): DocketError {
  return new DocketError('PRECOMMIT_CONFIG_INVALID', `${PRECOMMIT_FILE}${line ? `:${line}` : ''}: ${message}`, {
    suggestion: `Fix ${PRECOMMIT_FILE}${line ? ` at line ${line}` : ''}, then run the command again.`,
    details: { path: PRECOMMIT_FILE, ...(line ? { line } : {}) },
  });
}

function str(map: unknown, key: string): string | undefined {
  const { isMap, isScalar } = yamlLib();
  if (!isMap(map)) return undefined;
  const v = map.get(key, true);
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined;
}

/** The --root a hook passes (in `entry` or `args`), as a path relative to the top; '.' without one. */
function hookRoot(item: unknown): string {
  const { isMap, isSeq, isScalar } = yamlLib();
  const args = isMap(item) ? item.get('args', true) : undefined;
  const words = isSeq(args) ? args.items.map((a) => (isScalar(a) ? String(a.value) : '')) : [];
  // args are words already (a root with spaces is one word); entry is a command line.
  const at = words.findIndex((w) => w === '--root' || w.startsWith('--root='));
  const m = /(?:^|\s)--root(?:=|\s+)(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(str(item, 'entry') ?? '');
  const given = at !== -1 ? (words[at] === '--root' ? words[at + 1] : words[at]!.slice('--root='.length)) : (m?.[1] ?? m?.[2] ?? m?.[3]);
  const root = (given ?? '.').replace(/\/+$/, '').replace(/^(\.\/)+/, '');
  return root === '' ? '.' : root;
}

/** IDs of docket hooks already configured for the hooks' root (matched by id, or by the command in `entry`). */
function installedHooks(repos: Node | null | undefined, hooks: readonly HookSpec[]): Set<string> {
  const { isMap, isSeq } = yamlLib();
  const found = new Set<string>();
  if (!isSeq(repos)) return found;
  for (const repo of repos.items) {
    const list = isMap(repo) ? repo.get('hooks', true) : undefined;
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      const id = str(item, 'id');
      const entry = str(item, 'entry') ?? '';
      // A monorepo's packages each have their own hooks: another package's do not count.
      for (const h of hooks) if ((id === h.id || entry.includes(h.command)) && hookRoot(item) === h.root) found.add(h.id);
    }
  }
  return found;
}

const FRESH_HEADER =
  '# pre-commit hooks (https://pre-commit.com). docket check --staged checks the staged documents,\n# docket doctor --strict runs on configuration changes; both need `docket` on PATH.\n';

/**
 * Adds the missing docket hooks to a .pre-commit-config.yaml as a new `- repo: local` item,
 * editing the text so comments and formatting stay exactly as they were. The result is
 * parsed again to prove it is valid and complete.
 */
export function addHooks(text: string | undefined, hooks: readonly HookSpec[]): HookEdit {
  if (text === undefined || text.trim() === '') {
    return { text: `${FRESH_HEADER}repos:\n${localRepoYaml(hooks, 2)}\n`, added: hooks.map((h) => h.id), present: [] };
  }
  const parsed = parseForEdit(text);
  if (!parsed.ok) throw invalid(parsed.message, parsed.line);
  const { isMap, isScalar, isSeq } = yamlLib();
  const contents = parsed.value.doc.contents;
  if (contents !== null && !isMap(contents)) throw invalid('the file must be a mapping with a `repos` list.');
  const repos = topLevel(parsed.value, 'repos');
  if (repos !== undefined && repos !== null && !isSeq(repos) && !(isScalar(repos) && repos.value === null)) {
    throw invalid('`repos` must be a list.', repos.range ? parsed.value.lines.linePos(repos.range[0]).line : undefined);
  }
  const present = installedHooks(repos, hooks);
  const missing = hooks.filter((h) => !present.has(h.id));
  const result = { added: missing.map((h) => h.id), present: [...present].sort() };
  if (missing.length === 0) return { text: undefined, ...result };
  const next = appendTopLevelItem(text, parsed.value, 'repos', (indent) => localRepoYaml(missing, indent));
  const check = next === undefined ? undefined : parseForEdit(next);
  if (!check?.ok || installedHooks(topLevel(check.value, 'repos'), hooks).size !== hooks.length) {
    throw invalid('docket cannot add its hooks without reformatting the file; add them by hand (see README, install-precommit).');
  }
  return { text: next, ...result };
}
