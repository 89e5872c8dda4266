import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { gitWorkTreeTop } from '../fs/git-top.js';
import { relativePosix } from '../fs/paths.js';
import type { Advice, Issue } from '../issues.js';
import { addHooks, PRECOMMIT_FILE } from '../precommit/config-edit.js';
import { gitHookScript, gitLayout, hookRel, hookState } from '../precommit/git-hook.js';
import { docketHooks } from '../precommit/hooks.js';
import { DocketError } from '../../errors/docket-error.js';
import type { InstallPrecommitData } from '../../contract/data/authoring.js';
export type { InstallPrecommitData };

export interface InstallPrecommitResult {
  data: InstallPrecommitData;
  warnings: Issue[];
  advice: Advice[];
}

/**
 * pre-commit reads .pre-commit-config.yaml at the top of the git work tree and runs hooks
 * there: below the top (a package of a monorepo), the hooks go into the top's file, with
 * --root and `files` naming the package. Outside git, the root's file.
 */
async function installFramework(config: RepoConfig, dryRun: boolean): Promise<InstallPrecommitResult> {
  const top = gitWorkTreeTop(config.root) ?? config.root;
  const file = path.join(top, PRECOMMIT_FILE);
  const rel = relativePosix(config.root, file);
  const stat = await fs.lstat(file).catch(() => undefined);
  if (stat?.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', `${rel} is a symbolic link; docket does not write through it.`, { details: { path: rel } });
  const current = stat ? await fs.readFile(file, 'utf8') : undefined;
  const edit = addHooks(current, docketHooks(config, relativePosix(top, config.root) || '.'));
  if (edit.text !== undefined && !dryRun) await writeFileAtomic(top, file, edit.text, { overwrite: current !== undefined });
  return {
    data: {
      mode: 'pre-commit',
      hook_path: rel,
      installed: edit.text !== undefined && !dryRun,
      already_present: edit.added.length === 0,
      added_hooks: edit.added,
      dry_run: dryRun,
    },
    warnings: [],
    advice: dryRun ? [] : [{ code: 'NEXT_PRECOMMIT_INSTALL', message: 'Run `pre-commit install` once per clone so git runs these hooks.' }],
  };
}

/** The native hook of the git work tree holding the root; below its top, the hook passes --root. */
async function installGitHook(root: string, dryRun: boolean): Promise<InstallPrecommitResult> {
  const top = gitWorkTreeTop(root) ?? root;
  const layout = await gitLayout(top);
  const file = path.join(layout.hooksDir, 'pre-commit');
  const checks = relativePosix(top, root) || '.';
  const script = gitHookScript(checks);
  const { state, root: hookRoot } = await hookState(file, script);
  const rel = hookRel(root, file);
  if (state === 'foreign' || (hookRoot !== undefined && hookRoot !== checks)) {
    const other =
      state === 'foreign'
        ? 'was not written by docket'
        : `was written by docket for ${hookRoot === '.' ? 'the top of the work tree' : hookRoot}`;
    throw new DocketError('GIT_HOOK_EXISTS', `${rel} exists and ${other}; it was left untouched.`, {
      suggestion:
        'Add `docket check --staged` to the existing hook yourself, or use the pre-commit framework (install-precommit without --git-hook).',
      details: { path: rel },
    });
  }
  const write = state !== 'ours-current';
  if (write && !dryRun)
    await writeFileAtomic(root, file, script, {
      overwrite: state === 'ours-outdated',
      mode: 0o755,
      within: { area: 'git-hooks', dir: layout.hooksDir },
    });
  const warnings: Issue[] = layout.hooksPathSet
    ? [
        {
          code: 'GIT_HOOKS_PATH_SET',
          severity: 'warning',
          message: 'git is configured with core.hooksPath, so this hook will not run.',
          path: rel,
          suggestion: 'Call `docket check --staged` from the hook in the configured hooks path.',
        },
      ]
    : [];
  return {
    data: {
      mode: 'git-hook',
      hook_path: rel,
      installed: write && !dryRun,
      already_present: state === 'ours-current',
      added_hooks: write ? ['docket-check', 'docket-doctor'] : [],
      dry_run: dryRun,
    },
    warnings,
    advice: [],
  };
}

/** `install-precommit`: docket's hooks in .pre-commit-config.yaml, or a native .git/hooks/pre-commit. */
export async function installPrecommit(
  config: RepoConfig,
  opts: { gitHook: boolean; dryRun: boolean; cmd: (c: string) => string },
): Promise<InstallPrecommitResult> {
  const result = opts.gitHook ? await installGitHook(config.root, opts.dryRun) : await installFramework(config, opts.dryRun);
  if (opts.dryRun && result.data.added_hooks.length > 0) {
    result.advice.push({
      code: 'NEXT_APPLY',
      message: 'This was a dry run: run the command without --dry-run to install the hooks.',
      command: opts.cmd(`install-precommit${opts.gitHook ? ' --git-hook' : ''}`),
    });
  } else {
    result.advice.push({ code: 'NEXT_CHECK', message: "Run the hook's check once now.", command: opts.cmd('check') });
  }
  return result;
}
