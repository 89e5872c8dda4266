import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { displayProfileDir } from '../profiles/data-dir.js';
import { assertProfileName, loadBuiltinProfile } from '../profiles/profile.js';
import { readRepoLock, sameDigest } from '../profiles/repo-lock.js';
import { chooseProfile, notFound, readInstalled, type InstalledRead } from '../profiles/resolve.js';
import { lockPath, repoBytes, sha } from '../profiles/vendor-map.js';
import type { InstalledInfo, OrgStatusData } from '../../contract/data/org.js';
export type { OrgStatusData };

function installedInfo(read: InstalledRead, path: string): InstalledInfo {
  const p = read.state === 'ok' ? read.profile : undefined;
  return { present: read.state !== 'absent', valid: read.state === 'ok', path, version: p?.version ?? null, digest: p?.digest ?? null };
}

/** `org status`: compares the repository's lock, the installed profiles and the built-in one. Read-only. */
export async function orgStatus(
  config: RepoConfig | undefined,
  opts: { name: string; env: NodeJS.ProcessEnv; cmd: (c: string) => string },
): Promise<{ data: OrgStatusData; warnings: Issue[]; advice: Advice[] }> {
  const name = assertProfileName(opts.name);
  const builtin = await loadBuiltinProfile(name);
  const installed = await readInstalled(opts.env, name);
  const theirs = await readInstalled(opts.env, name, 'meminit');
  const inst = installed.state === 'ok' ? installed.profile : undefined;
  // The profile org vendor would use; none while an installed copy is damaged (vendor refuses then).
  const choice = chooseProfile(installed, theirs, builtin);
  const current: OrgStatusData['current'] =
    choice.state === 'ok'
      ? { source: choice.source, version: choice.profile.version, digest: choice.profile.digest }
      : { source: null, version: null, digest: null };
  const read = config ? await readRepoLock(config) : undefined;
  const lock = read?.state === 'ok' ? read.lock : undefined;
  if (!builtin && installed.state === 'absent' && theirs.state === 'absent' && lock?.profile !== name) throw await notFound(name);
  const lockRel = read?.path;
  const drift: OrgStatusData['drift'] = [];
  if (config && lock) {
    for (const [rel, digest] of Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const bytes = await repoBytes(config.root, rel);
      if (bytes === undefined) drift.push({ path: rel, state: 'missing' });
      else if (bytes === 'symlink' || sha(bytes) !== digest) drift.push({ path: rel, state: 'modified' });
    }
  }
  const matches = Boolean(lock && current.digest && sameDigest(lock.digest, current.digest));
  const warnings: Issue[] = drift.map((d) => ({
    code: 'PROFILE_DRIFT',
    severity: 'warning',
    message: `${d.path} is ${d.state === 'missing' ? 'missing' : 'modified'} since it was vendored.`,
    path: d.path,
    suggestion: 'Restore it, or re-vendor with `docket org vendor --apply --force`.',
  }));
  if (lock && current.digest && !matches) {
    warnings.push({
      code: 'PROFILE_DRIFT',
      severity: 'warning',
      message: `The repository vendored ${lock.profile} ${lock.version}; the ${current.source} profile is ${current.version} with another digest.`,
      path: lockRel,
      suggestion: 'Re-vendor with `docket org vendor --apply`.',
    });
  }
  if (read?.state === 'invalid')
    warnings.push({
      code: 'PROFILE_DRIFT',
      severity: 'warning',
      message: 'The profile lock file is not valid JSON or misses fields.',
      path: lockRel,
      suggestion: 'Re-vendor with `docket org vendor --apply --force`.',
    });
  const advice: Advice[] = [];
  if (choice.state === 'invalid') {
    warnings.push({
      code: 'PROFILE_INVALID',
      severity: 'warning',
      message: `The installed profile ${name} cannot be read, so \`org vendor\` refuses to run: ${choice.error.message}`,
      suggestion: `Reinstall it: ${opts.cmd(`org install --profile ${name} --force --apply`)}.`,
    });
  }
  // A profile the Python DocOps CLI installed is the organisation's choice: installing docket's built-in one would shadow it.
  if (installed.state === 'absent' && theirs.state === 'absent' && builtin)
    advice.push({
      code: 'NEXT_ORG_INSTALL',
      message: 'Install the profile in your user data directory.',
      command: opts.cmd(`org install --profile ${name} --apply`),
    });
  else if (inst && builtin && inst.digest !== builtin.digest)
    advice.push({
      code: 'NEXT_ORG_INSTALL',
      message: `The built-in profile (${builtin.version}) differs from the installed one (${inst.version}).`,
      command: opts.cmd(`org install --profile ${name} --force --apply`),
    });
  if (config && current.digest && (!lock || !matches || drift.length > 0)) {
    advice.push({
      code: 'NEXT_ORG_VENDOR',
      message: lock ? 'Bring the vendored profile up to date.' : 'Vendor the profile into this repository.',
      command: opts.cmd(`org vendor --profile ${name}`),
    });
  }
  const data: OrgStatusData = {
    profile: name,
    builtin: builtin ? { version: builtin.version, digest: builtin.digest } : null,
    installed: installedInfo(installed, displayProfileDir(opts.env, name)),
    meminit_installed: installedInfo(theirs, displayProfileDir(opts.env, name, 'meminit')),
    lock: {
      present: read !== undefined && read.state !== 'absent',
      valid: read?.state === 'ok',
      path: config ? (lockRel ?? lockPath(config)) : null,
      format: read && read.state !== 'absent' ? read.format : null,
      version: lock?.version ?? null,
      digest: lock?.digest ?? null,
      source: lock?.source ?? null,
    },
    drift,
    current,
    up_to_date: matches && drift.length === 0,
  };
  return { data, warnings, advice };
}
