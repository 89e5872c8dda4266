import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { gitWorkTreeTop } from '../fs/git-top.js';
import type { Advice, Issue } from '../issues.js';
import { addHooks, PRECOMMIT_FILE } from '../precommit/config-edit.js';
import { GIT_HOOK_SCRIPT, gitLayout, hookRel, hookState, hookWriteRoot } from '../precommit/git-hook.js';
import { docketHooks } from '../precommit/hooks.js';
import { DocketError } from '../../errors/docket-error.js';

export interface InstallPrecommitData {
  mode: 'pre-commit' | 'git-hook';
  /** Repository-relative path of the file that holds the hooks. */
  hook_path: string;
  /** True when this run wrote the file. */
  installed: boolean;
  /** True when every docket hook was already there before this run. */
  already_present: boolean;
  /** Hooks this run added (or, in a dry run, would add). */
  added_hooks: string[];
  dry_run: boolean;
}

export interface InstallPrecommitResult {
  data: InstallPrecommitData;
  warnings: Issue[];
  advice: Advice[];
}

async function installFramework(config: RepoConfig, dryRun: boolean): Promise<InstallPrecommitResult> {
  const root = config.root;
  const file = path.join(root, PRECOMMIT_FILE);
  const stat = await fs.lstat(file).catch(() => undefined);
  if (stat?.isSymbolicLink()) throw new DocketError('SYMLINK_REFUSED', `${PRECOMMIT_FILE} is a symbolic link; docket does not write through it.`, { details: { path: PRECOMMIT_FILE } });
  const current = stat ? await fs.readFile(file, 'utf8') : undefined;
  const edit = addHooks(current, docketHooks(config));
  if (edit.text !== undefined && !dryRun) await writeFileAtomic(root, file, edit.text, { overwrite: current !== undefined });
  const warnings: Issue[] = [];
  const top = gitWorkTreeTop(root);
  if (top && top !== root) {
    warnings.push({ code: 'PRECOMMIT_NOT_AT_GIT_ROOT', severity: 'warning', message: `pre-commit reads the config at the top of the git repository (${path.relative(root, top) || '.'}), not at the docket root.`, path: PRECOMMIT_FILE, suggestion: 'Merge these hooks into the top-level .pre-commit-config.yaml with `entry: docket check --root <subdir>`.' });
  }
  return {
    data: { mode: 'pre-commit', hook_path: PRECOMMIT_FILE, installed: edit.text !== undefined && !dryRun, already_present: edit.added.length === 0, added_hooks: edit.added, dry_run: dryRun },
    warnings,
    advice: dryRun ? [] : [{ code: 'NEXT_PRECOMMIT_INSTALL', message: 'Run `pre-commit install` once per clone so git runs these hooks.' }],
  };
}

async function installGitHook(root: string, dryRun: boolean): Promise<InstallPrecommitResult> {
  const layout = await gitLayout(root);
  const file = path.join(layout.hooksDir, 'pre-commit');
  const state = await hookState(file);
  const rel = hookRel(root, file);
  if (state === 'foreign') {
    throw new DocketError('GIT_HOOK_EXISTS', `${rel} exists and was not written by docket; it was left untouched.`, {
      suggestion: 'Add `docket check` to the existing hook yourself, or use the pre-commit framework (install-precommit without --git-hook).',
      details: { path: rel },
    });
  }
  const write = state !== 'ours-current';
  if (write && !dryRun) {
    await writeFileAtomic(hookWriteRoot(root, layout.hooksDir), file, GIT_HOOK_SCRIPT, { overwrite: state === 'ours-outdated', mode: 0o755 });
  }
  const warnings: Issue[] = layout.hooksPathSet
    ? [{ code: 'GIT_HOOKS_PATH_SET', severity: 'warning', message: 'git is configured with core.hooksPath, so this hook will not run.', path: rel, suggestion: 'Call `docket check` from the hook in the configured hooks path.' }]
    : [];
  return {
    data: { mode: 'git-hook', hook_path: rel, installed: write && !dryRun, already_present: state === 'ours-current', added_hooks: write ? ['docket-check', 'docket-doctor'] : [], dry_run: dryRun },
    warnings,
    advice: [],
  };
}

/** `install-precommit`: docket's hooks in .pre-commit-config.yaml, or a native .git/hooks/pre-commit. */
export async function installPrecommit(config: RepoConfig, opts: { gitHook: boolean; dryRun: boolean; cmd: (c: string) => string }): Promise<InstallPrecommitResult> {
  const result = opts.gitHook ? await installGitHook(config.root, opts.dryRun) : await installFramework(config, opts.dryRun);
  if (opts.dryRun && result.data.added_hooks.length > 0) {
    result.advice.push({ code: 'NEXT_APPLY', message: 'This was a dry run: run the command without --dry-run to install the hooks.', command: opts.cmd(`install-precommit${opts.gitHook ? ' --git-hook' : ''}`) });
  } else {
    result.advice.push({ code: 'NEXT_CHECK', message: 'Run the hook\'s check once now.', command: opts.cmd('check') });
  }
  return result;
}
