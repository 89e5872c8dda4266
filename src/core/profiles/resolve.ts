import { promises as fs } from 'node:fs';
import { DocketError } from '../../errors/docket-error.js';
import { installedProfileDir } from './data-dir.js';
import { assertProfileName, builtinProfileNames, loadBuiltinProfile, loadProfileDir, type Profile } from './profile.js';

export type InstalledRead = { state: 'absent' } | { state: 'invalid'; error: DocketError } | { state: 'ok'; profile: Profile };

/** The installed copy of a profile under the data directory, if any. */
export async function readInstalled(env: NodeJS.ProcessEnv, name: string): Promise<InstalledRead> {
  const dir = installedProfileDir(env, name);
  const stat = await fs.lstat(dir).catch(() => undefined);
  if (!stat) return { state: 'absent' };
  if (stat.isSymbolicLink() || !stat.isDirectory()) {
    return { state: 'invalid', error: new DocketError('PROFILE_INVALID', `${dir} is not a directory (or is a symbolic link).`, { details: { profile_dir: dir } }) };
  }
  try {
    const profile = await loadProfileDir(dir);
    if (profile.name !== name) throw new DocketError('PROFILE_INVALID', `${dir}/profile.json names "${profile.name}", not "${name}".`, { details: { profile_dir: dir, path: 'profile.json' } });
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

/** The profile to vendor: the installed copy when there is a valid one, else the built-in one. */
export async function effectiveProfile(env: NodeJS.ProcessEnv, name: string): Promise<{ profile: Profile; source: 'installed' | 'builtin' }> {
  assertProfileName(name);
  const installed = await readInstalled(env, name);
  if (installed.state === 'ok') return { profile: installed.profile, source: 'installed' };
  if (installed.state === 'invalid') throw installed.error;
  const builtin = await loadBuiltinProfile(name);
  if (builtin) return { profile: builtin, source: 'builtin' };
  throw await notFound(name);
}
