import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { gitWorkTreeTop } from '../fs/git-top.js';
import { CONFIG_FILE } from './defaults.js';
import { finishConfig, loadConfig, parseConfig, type LoadedConfig } from './load.js';

/** Whether a command may run on the defaults when the repository has no docops.config.yaml. */
export interface ConfigFallback {
  /** --root was given: the user named this directory as the repository. */
  rootGiven: boolean;
  /** The user's home directory as the environment says (HOME); os.homedir() is refused too. */
  home?: string;
}

export interface LoadedOrDefault extends LoadedConfig {
  /** True when no config was found and the defaults stand in for it (with a CONFIG_DEFAULTS warning). */
  defaults: boolean;
}

function realpathOrUndefined(dir: string | undefined): string | undefined {
  try {
    return dir ? realpathSync(dir) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `root` (a realpath) is the file-system root or the user's home directory (`home` as
 * the environment says, and os.homedir()): never a repository, and walking it takes minutes.
 */
export function unsafeRoot(
  root: string,
  home: string | undefined,
): { reason: 'filesystem_root' | 'home_directory'; why: string } | undefined {
  if (path.dirname(root) === root)
    return { reason: 'filesystem_root', why: 'the root is the file-system root, which docket never takes for a repository' };
  if (root === realpathOrUndefined(home) || root === realpathOrUndefined(os.homedir()))
    return { reason: 'home_directory', why: 'the root is your home directory, which docket never takes for a repository' };
  return undefined;
}

/** Why the defaults may not stand in for a missing config at `root` (a realpath), if they may not. */
function refusal(root: string, fallback: ConfigFallback): { reason: string; why: string } | undefined {
  const unsafe = unsafeRoot(root, fallback.home);
  if (unsafe) return unsafe;
  // Only then the walk upward: the commands that fall back run here only when the config is missing.
  if (!fallback.rootGiven && gitWorkTreeTop(root) === undefined)
    return { reason: 'not_a_work_tree', why: 'the current directory is not inside a git work tree (pass --root to use the defaults here)' };
  return undefined;
}

/**
 * docops.config.yaml, or, when it is missing and `fallback` allows, the defaults (reference
 * §1.3: the Python DocOps CLI runs fix, index, resolve, identify, link and install-precommit
 * without a config, on the defaults of §4.1). Only inside a git work tree or with an explicit
 * --root, never at the file-system root or the home directory: there it stays CONFIG_NOT_FOUND.
 */
export async function loadConfigOrDefaults(root: string, fallback: ConfigFallback | undefined): Promise<LoadedOrDefault> {
  try {
    return { ...(await loadConfig(root)), defaults: false };
  } catch (error) {
    if (fallback === undefined || !(error instanceof DocketError) || error.code !== 'CONFIG_NOT_FOUND') throw error;
    const refused = refusal(root, fallback);
    if (refused) {
      throw new DocketError(
        'CONFIG_NOT_FOUND',
        `No ${CONFIG_FILE} at the repository root, and the defaults are not used: ${refused.why}.`,
        {
          suggestion: 'Run `docket init` in the repository to create one, or pass the directory that holds docops.config.yaml as --root.',
          details: { path: CONFIG_FILE, reason: refused.reason },
        },
      );
    }
    const { config, warnings } = finishConfig(parseConfig(root, ''));
    const ns = config.namespaces[0]!;
    warnings.push({
      code: 'CONFIG_DEFAULTS',
      severity: 'warning',
      message: `No ${CONFIG_FILE} found: using the defaults (docs root ${ns.docs_root}, prefix ${ns.repo_prefix} from the directory name, the built-in document types).`,
      path: CONFIG_FILE,
      suggestion: 'Run `docket init` to write these defaults into docops.config.yaml, so every command and tool reads the same settings.',
    });
    return { config, warnings, defaults: true };
  }
}
