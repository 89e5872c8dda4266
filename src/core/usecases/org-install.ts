import { promises as fs } from 'node:fs';
import path from 'node:path';
import { dataDirWriteFailed, displayProfileDir, ensureProfilesDir, installedProfileDir } from '../profiles/data-dir.js';
import { installProfileDir } from '../profiles/install-dir.js';
import { assertProfileName, loadBuiltinProfile, loadProfileDir, type Profile } from '../profiles/profile.js';
import { notFound, readInstalled } from '../profiles/resolve.js';
import type { Advice } from '../issues.js';
import { shellWord } from '../text/shell-word.js';
import { DocketError, isDocketError } from '../../errors/docket-error.js';
import type { OrgInstallData } from '../../contract/data/org.js';
export type { OrgInstallData };

export interface OrgInstallOptions {
  name?: string;
  /** Absolute path of a profile directory to install instead of a built-in one. */
  from?: string;
  force: boolean;
  apply: boolean;
  env: NodeJS.ProcessEnv;
  cmd: (c: string) => string;
}

async function sourceProfile(opts: OrgInstallOptions): Promise<{ profile: Profile; source: OrgInstallData['source'] }> {
  if (opts.from) {
    const stat = await fs.stat(opts.from).catch(() => undefined);
    if (!stat?.isDirectory()) {
      throw new DocketError('PROFILE_NOT_FOUND', `--from ${opts.from} is not a directory.`, {
        suggestion: "Pass the directory that holds the profile's profile.json.",
        details: { from: opts.from },
      });
    }
    return { profile: await loadProfileDir(opts.from), source: 'directory' };
  }
  const name = assertProfileName(opts.name ?? 'default');
  const builtin = await loadBuiltinProfile(name);
  if (!builtin) throw await notFound(name);
  return { profile: builtin, source: 'builtin' };
}

/** `org install`: copies a profile into $XDG_DATA_HOME/docket/profiles/<name>. Dry run unless --apply. */
export async function installOrgProfile(opts: OrgInstallOptions): Promise<{ data: OrgInstallData; advice: Advice[] }> {
  const { profile, source } = await sourceProfile(opts);
  const target = installedProfileDir(opts.env, profile.name);
  const existing = await readInstalled(opts.env, profile.name);
  const base = {
    profile: profile.name,
    version: profile.version,
    digest: profile.digest,
    source,
    target_dir: displayProfileDir(opts.env, profile.name),
    dry_run: !opts.apply,
    installed: false,
    already_installed: false,
    replaced_version: null,
  };
  if (existing.state === 'ok' && existing.profile.digest === profile.digest) {
    return {
      data: { ...base, already_installed: true, ...(opts.apply ? {} : { would_install: false }) },
      advice: [
        {
          code: 'NEXT_ORG_VENDOR',
          message: 'Vendor the profile into this repository.',
          command: opts.cmd(`org vendor --profile ${profile.name}`),
        },
      ],
    };
  }
  if (existing.state !== 'absent' && !opts.force) {
    const installedVersion = existing.state === 'ok' ? existing.profile.version : null;
    throw new DocketError(
      'PROFILE_CONFLICT',
      existing.state === 'ok'
        ? `Profile ${profile.name} ${installedVersion} is installed${installedVersion === profile.version ? ' with different contents' : ''}; not replacing it with ${profile.version}.`
        : `The installed profile ${profile.name} is damaged (${existing.error.message}); not replacing it.`,
      {
        suggestion: 'Re-run with --force to replace the installed profile.',
        details: {
          profile: profile.name,
          installed_version: installedVersion,
          version: profile.version,
          target_dir: displayProfileDir(opts.env, profile.name),
        },
      },
    );
  }
  const replaced = existing.state === 'ok' ? existing.profile.version : null;
  if (!opts.apply) {
    const what = opts.from ? `--from ${shellWord(opts.from)}` : `--profile ${profile.name}`;
    return {
      data: { ...base, replaced_version: replaced, would_install: true },
      advice: [
        {
          code: 'NEXT_APPLY',
          message: 'This was a dry run: re-run with --apply to install.',
          command: opts.cmd(`org install ${what}${opts.force ? ' --force' : ''} --apply`),
        },
      ],
    };
  }
  try {
    const parent = await ensureProfilesDir(opts.env);
    if (path.join(parent, profile.name) !== target) throw new DocketError('INTERNAL_ERROR', 'Profile directory mismatch.');
    await installProfileDir(parent, profile, existing.state !== 'absent');
  } catch (error) {
    throw !isDocketError(error) && typeof (error as NodeJS.ErrnoException)?.code === 'string'
      ? dataDirWriteFailed(opts.env, profile.name, error)
      : error;
  }
  return {
    data: { ...base, installed: true, replaced_version: replaced },
    advice: [
      {
        code: 'NEXT_ORG_VENDOR',
        message: 'Vendor the profile into this repository.',
        command: opts.cmd(`org vendor --profile ${profile.name}`),
      },
    ],
  };
}
