import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { CONFIG_FILE } from '../config/defaults.js';
import { isInside, realpathOfExistingAncestor, relativePosix } from '../fs/paths.js';
import { shellWord } from '../text/shell-word.js';

const HOOK_MARKER = '# docket-managed-hook';

/**
 * The native hook: `docket check --staged` (the staged documents, as they will be committed),
 * and `docket doctor --strict` when the config is staged. git runs it at the top of the work
 * tree: `root` is the docket root relative to that top ('.': the top itself).
 */
export function gitHookScript(root: string): string {
  const rootFlag = root === '.' ? '' : ` --root ${shellWord(root)}`;
  const config = root === '.' ? CONFIG_FILE : `${root}/${CONFIG_FILE}`;
  return `#!/bin/sh
${HOOK_MARKER}: written by \`docket install-precommit --git-hook\`; docket may update this file.
# Checks the staged governed documents before each commit, as they will be committed, and the
# setup when ${CONFIG_FILE} changes.
if command -v docket >/dev/null 2>&1; then
  set -- docket
else
  set -- npx --no-install docket
fi
"$@" check --staged${rootFlag} || exit $?
if git -c core.quotePath=false diff --cached --name-only | grep -qxF ${shellWord(config)}; then
  "$@" doctor --strict${rootFlag} || exit $?
fi
`;
}

/** The root a hook docket wrote checks ('.' for the top, and for hooks written before --staged). */
function scriptRoot(text: string): string {
  const m = /^"\$@" check(?: --staged)?(?: --root ('(?:[^']|'\\'')*'|\S+))? \|\|/m.exec(text);
  const word = m?.[1];
  if (!word) return '.';
  return word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word;
}

export interface GitLayout {
  /** Absolute hooks directory. */
  hooksDir: string;
  /** Whether the repository config sets core.hooksPath (then .git/hooks is ignored by git). */
  hooksPathSet: boolean;
}

async function readText(file: string): Promise<string | undefined> {
  return fs.readFile(file, 'utf8').catch(() => undefined);
}

/**
 * Finds the git directory of `root`: a `.git` directory, or a `.git` file pointing to one
 * (worktrees, submodules). The hooks directory must lie inside the root.
 */
export async function gitLayout(root: string): Promise<GitLayout> {
  const dotGit = path.join(root, '.git');
  const stat = await fs.lstat(dotGit).catch(() => undefined);
  let gitDir: string | undefined;
  if (stat?.isDirectory()) gitDir = dotGit;
  else if (stat?.isFile()) {
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec((await readText(dotGit)) ?? '')?.[1];
    if (pointer) gitDir = path.resolve(root, pointer);
  }
  if (!gitDir) {
    throw new DocketError('NOT_A_GIT_REPOSITORY', `${root} is not a git repository (no .git), so there is no hook to install.`, {
      suggestion: 'Run `git init`, pass the repository top as --root, or install the pre-commit framework hooks without --git-hook.',
      details: { root },
    });
  }
  const common = (await readText(path.join(gitDir, 'commondir')))?.trim();
  const commonDir = common ? path.resolve(gitDir, common) : gitDir;
  const config = (await readText(path.join(commonDir, 'config'))) ?? '';
  const hooksPathSet = /^\s*hookspath\s*=/im.test(config);
  // Where git itself looks (a worktree's hooks are its main checkout's): the one place outside
  // the root docket writes to. With core.hooksPath set, .git/hooks as before (and a warning).
  const reported = hooksPathSet ? undefined : gitReportedHooksDir(root);
  if (reported) return { hooksDir: isInside(root, reported) ? reported : realpathOfExistingAncestor(reported), hooksPathSet };
  const hooksDir = path.join(commonDir, 'hooks');
  if (!isInside(root, hooksDir)) {
    throw new DocketError(
      'PATH_OUTSIDE_ROOT',
      'The git hooks of this checkout (a worktree or submodule) live outside the root, and git did not confirm where (`git rev-parse --git-path hooks` failed); docket does not write there.',
      {
        suggestion:
          'Make sure `git` runs in this checkout (`git rev-parse --git-path hooks`), run the command in the main checkout, or use the pre-commit framework (install-precommit without --git-hook).',
      },
    );
  }
  return { hooksDir, hooksPathSet };
}

/** `git rev-parse --git-path hooks` in `root`, absolute; undefined when git is missing or fails there. */
function gitReportedHooksDir(root: string): string | undefined {
  const r = spawnSync('git', ['rev-parse', '--git-path', 'hooks'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  const out = r.status === 0 ? r.stdout.trim() : '';
  return out === '' || out.includes('\n') ? undefined : path.resolve(root, out);
}

export type HookState = 'absent' | 'ours-current' | 'ours-outdated' | 'foreign';

export async function hookState(file: string, script: string): Promise<{ state: HookState; root?: string }> {
  const stat = await fs.lstat(file).catch(() => undefined);
  if (!stat) return { state: 'absent' };
  if (stat.isSymbolicLink()) {
    throw new DocketError('SYMLINK_REFUSED', `The pre-commit hook ${path.basename(file)} is a symbolic link; docket leaves it alone.`, {
      suggestion: 'Add `docket check` to the script the link points to.',
    });
  }
  const text = (await readText(file)) ?? '';
  if (!text.includes(HOOK_MARKER)) return { state: 'foreign' };
  return { state: text === script ? 'ours-current' : 'ours-outdated', root: scriptRoot(text) };
}

export function hookRel(root: string, file: string): string {
  return relativePosix(root, file);
}
