import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { assertProfileName } from './profile.js';

/** The user data directory: an absolute $XDG_DATA_HOME, else ~/.local/share. */
function dataHome(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  // The XDG spec says relative values are invalid and must be ignored.
  if (xdg && path.isAbsolute(xdg)) return xdg;
  const home = env.HOME?.trim() || os.homedir();
  if (!home || !path.isAbsolute(home)) {
    throw new DocketError(
      'DATA_DIR_UNAVAILABLE',
      'Cannot find the user data directory: neither an absolute XDG_DATA_HOME nor HOME is set.',
      {
        suggestion: 'Set XDG_DATA_HOME to an absolute directory, e.g. export XDG_DATA_HOME="$HOME/.local/share".',
      },
    );
  }
  return path.join(home, '.local', 'share');
}

/** Where a tool keeps installed profiles under the data home: docket's own, or the Python DocOps CLI's (reference §8.6), read only. */
const PROFILE_HOMES = { docket: ['docket', 'profiles'], meminit: ['meminit', 'org', 'profiles'] } as const;
export type ProfileHome = keyof typeof PROFILE_HOMES;

/** Where installed profiles live: $XDG_DATA_HOME/docket/profiles (default ~/.local/share/docket/profiles). */
function profilesDir(env: NodeJS.ProcessEnv, home: ProfileHome = 'docket'): string {
  return path.join(dataHome(env), ...PROFILE_HOMES[home]);
}

/**
 * The installed profile's directory as shown in output: `$XDG_DATA_HOME/docket/profiles/<name>`
 * or `~/.local/share/docket/profiles/<name>`, so envelopes carry no machine-specific absolute path.
 */
export function displayProfileDir(env: NodeJS.ProcessEnv, name: string, home: ProfileHome = 'docket'): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  const base = xdg && path.isAbsolute(xdg) ? '$XDG_DATA_HOME' : '~/.local/share';
  return [base, ...PROFILE_HOMES[home], assertProfileName(name)].join('/');
}

export function installedProfileDir(env: NodeJS.ProcessEnv, name: string, home: ProfileHome = 'docket'): string {
  return path.join(profilesDir(env, home), assertProfileName(name));
}

/**
 * Makes sure `docket/` and `docket/profiles/` under the data home are real directories (not
 * symbolic links that could send writes elsewhere), creating them when absent.
 */
export async function ensureProfilesDir(env: NodeJS.ProcessEnv): Promise<string> {
  const dir = profilesDir(env);
  for (const p of [path.dirname(dir), dir]) {
    const stat = await fs.lstat(p).catch(() => undefined);
    if (stat?.isSymbolicLink()) {
      throw new DocketError('SYMLINK_REFUSED', `${p} is a symbolic link; docket installs profiles only into real directories.`, {
        suggestion: 'Replace the link with a directory, or point XDG_DATA_HOME elsewhere.',
        details: { path: p },
      });
    }
    if (stat && !stat.isDirectory()) {
      throw new DocketError('DATA_DIR_UNAVAILABLE', `${p} exists and is not a directory.`, {
        suggestion: 'Move the file away, or point XDG_DATA_HOME elsewhere.',
        details: { path: p },
      });
    }
    if (!stat) await fs.mkdir(p, { recursive: true, mode: 0o755 });
  }
  return dir;
}

/**
 * The data directory refused the install (read-only, no permission, full): WRITE_FAILED with
 * the directory as output shows it ($XDG_DATA_HOME/... or ~/.local/share/...), never INTERNAL_ERROR.
 */
export function dataDirWriteFailed(env: NodeJS.ProcessEnv, name: string, error: unknown): DocketError {
  const errno = (error as NodeJS.ErrnoException).code ?? 'EIO';
  const shown = displayProfileDir(env, name);
  return new DocketError('WRITE_FAILED', `Could not install the profile into ${shown}: the file system refused it (${errno}).`, {
    suggestion: 'Make the data directory writable (or free some space), or point XDG_DATA_HOME at a writable directory, then run again.',
    details: { path: shown, errno },
    cause: error,
  });
}
