import { promises as fs } from 'node:fs';
import { DocketError } from '../../errors/docket-error.js';
import { displayProfileDir, installedProfileDir, type ProfileHome } from './data-dir.js';
import { assertProfileName, builtinProfileNames, loadBuiltinProfile, loadProfileDir, type Profile } from './profile.js';
import type { ProfileSource } from '../../contract/data/org.js';
export type { ProfileSource };

export type InstalledRead = { state: 'absent' } | { state: 'invalid'; error: DocketError } | { state: 'ok'; profile: Profile };

/** The installed copy of a profile under the data directory (docket's, or the Python DocOps CLI's), if any. */
export async function readInstalled(env: NodeJS.ProcessEnv, name: string, home: ProfileHome = 'docket'): Promise<InstalledRead> {
  const dir = installedProfileDir(env, name, home);
  const stat = await fs.lstat(dir).catch(() => undefined);
  if (!stat) return { state: 'absent' };
  if (stat.isSymbolicLink() || !stat.isDirectory()) {
    return {
      state: 'invalid',
      error: new DocketError('PROFILE_INVALID', `${dir} is not a directory (or is a symbolic link).`, { details: { profile_dir: dir } }),
    };
  }
  try {
    const profile = await loadProfileDir(dir);
    if (profile.name !== name)
      throw new DocketError('PROFILE_INVALID', `${dir}/profile.json names "${profile.name}", not "${name}".`, {
        details: { profile_dir: dir, path: 'profile.json' },
      });
    return { state: 'ok', profile };
  } catch (error) {
    if (error instanceof DocketError) return { state: 'invalid', error };
    throw error;
  }
}

export async function notFound(name: string): Promise<DocketError> {
  const available = await builtinProfileNames();
  return new DocketError('PROFILE_NOT_FOUND', `No org profile named "${name}" is built in or installed.`, {
    suggestion: `Use one of: ${available.join(', ') || '(none)'}; or install one with docket org install --from <dir> --apply.`,
    details: { profile: name, available },
  });
}

function damaged(error: DocketError, env: NodeJS.ProcessEnv, name: string, home: ProfileHome): DocketError {
  if (home === 'docket') return error;
  return new DocketError(
    'PROFILE_INVALID',
    `The profile ${name} installed by the Python DocOps CLI (${displayProfileDir(env, name, home)}) cannot be read: ${error.message}`,
    {
      suggestion: `Install a profile for docket, which is read first: docket org install --profile ${name} --apply (or repair that tool's copy with its \`org install --force\`).`,
      details: { ...error.details, installed_by: 'meminit' },
    },
  );
}

/** What the profile precedence chose, from what was read: a profile, a damaged copy that stops it, or nothing. */
export type ProfileChoice =
  | { state: 'ok'; profile: Profile; source: ProfileSource }
  | { state: 'invalid'; error: DocketError; home: ProfileHome }
  | { state: 'absent' };

/**
 * The profile precedence, once for `org vendor` and `org status`: docket's installed copy, else
 * the one the Python DocOps CLI installed (reference §8.6; read, never written), else the
 * built-in one. A damaged installed copy stops the search: it is the user's choice, broken.
 */
export function chooseProfile(docket: InstalledRead, meminit: InstalledRead, builtin: Profile | undefined): ProfileChoice {
  for (const [read, home, source] of [
    [docket, 'docket', 'installed'],
    [meminit, 'meminit', 'meminit-installed'],
  ] as const) {
    if (read.state === 'ok') return { state: 'ok', profile: read.profile, source };
    if (read.state === 'invalid') return { state: 'invalid', error: read.error, home };
  }
  return builtin ? { state: 'ok', profile: builtin, source: 'builtin' } : { state: 'absent' };
}

/** The profile to vendor (see chooseProfile). */
export async function effectiveProfile(env: NodeJS.ProcessEnv, name: string): Promise<{ profile: Profile; source: ProfileSource }> {
  assertProfileName(name);
  const choice = chooseProfile(await readInstalled(env, name), await readInstalled(env, name, 'meminit'), await loadBuiltinProfile(name));
  if (choice.state === 'ok') return { profile: choice.profile, source: choice.source };
  if (choice.state === 'invalid') throw damaged(choice.error, env, name, choice.home);
  throw await notFound(name);
}
