import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { displayProfileDir } from '../profiles/data-dir.js';
import { assertProfileName, loadBuiltinProfile } from '../profiles/profile.js';
import { notFound, readInstalled } from '../profiles/resolve.js';
import { lockPath, readLock, repoBytes, sha } from '../profiles/vendor-map.js';

export interface OrgStatusData {
  profile: string;
  builtin: { version: string; digest: string } | null;
  installed: { present: boolean; valid: boolean; path: string; version: string | null; digest: string | null };
  lock: { present: boolean; valid: boolean; path: string | null; version: string | null; digest: string | null; source: string | null };
  /** Vendored files that no longer match the lock. */
  drift: { path: string; state: 'modified' | 'missing' }[];
  /** The profile vendoring would use now: the installed one, else the built-in one. */
  current: { source: 'installed' | 'builtin' | null; version: string | null; digest: string | null };
  /** Lock present, equal to the current profile, and no drift. */
  up_to_date: boolean;
}

/** `org status`: compares the repository's lock, the installed profile and the built-in one. Read-only. */
export async function orgStatus(config: RepoConfig | undefined, opts: { name: string; env: NodeJS.ProcessEnv; cmd: (c: string) => string }): Promise<{ data: OrgStatusData; warnings: Issue[]; advice: Advice[] }> {
  const name = assertProfileName(opts.name);
  const builtin = await loadBuiltinProfile(name);
  const installed = await readInstalled(opts.env, name);
  const inst = installed.state === 'ok' ? installed.profile : undefined;
  const current = inst ? { source: 'installed' as const, version: inst.version, digest: inst.digest } : builtin ? { source: 'builtin' as const, version: builtin.version, digest: builtin.digest } : { source: null, version: null, digest: null };
  const read = config ? await readLock(config) : { state: 'absent' as const };
  const lock = read.state === 'ok' ? read.lock : undefined;
  if (!builtin && installed.state === 'absent' && lock?.profile !== name) throw await notFound(name);
  const drift: OrgStatusData['drift'] = [];
  if (config && lock) {
    for (const [rel, digest] of Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const bytes = await repoBytes(config.root, rel);
      if (bytes === undefined) drift.push({ path: rel, state: 'missing' });
      else if (bytes === 'symlink' || sha(bytes) !== digest) drift.push({ path: rel, state: 'modified' });
    }
  }
  const warnings: Issue[] = drift.map((d) => ({ code: 'PROFILE_DRIFT', severity: 'warning', message: `${d.path} is ${d.state === 'missing' ? 'missing' : 'modified'} since it was vendored.`, path: d.path, suggestion: 'Restore it, or re-vendor with `docket org vendor --apply --force`.' }));
  if (lock && current.digest && lock.digest !== current.digest) {
    warnings.push({ code: 'PROFILE_DRIFT', severity: 'warning', message: `The repository vendored ${lock.profile} ${lock.version}; the ${current.source} profile is ${current.version} with another digest.`, path: config ? lockPath(config) : undefined, suggestion: 'Re-vendor with `docket org vendor --apply`.' });
  }
  if (read.state === 'invalid') warnings.push({ code: 'PROFILE_DRIFT', severity: 'warning', message: 'The profile lock file is not valid JSON or misses fields.', path: config ? lockPath(config) : undefined, suggestion: 'Re-vendor with `docket org vendor --apply --force`.' });
  const advice: Advice[] = [];
  if (installed.state === 'absent' && builtin) advice.push({ code: 'NEXT_ORG_INSTALL', message: 'Install the profile in your user data directory.', command: opts.cmd(`org install --profile ${name} --apply`) });
  else if (inst && builtin && inst.digest !== builtin.digest) advice.push({ code: 'NEXT_ORG_INSTALL', message: `The built-in profile (${builtin.version}) differs from the installed one (${inst.version}).`, command: opts.cmd(`org install --profile ${name} --force --apply`) });
  if (config && current.digest && (!lock || lock.digest !== current.digest || drift.length > 0)) {
    advice.push({ code: 'NEXT_ORG_VENDOR', message: lock ? 'Bring the vendored profile up to date.' : 'Vendor the profile into this repository.', command: opts.cmd(`org vendor --profile ${name}`) });
  }
  const data: OrgStatusData = {
    profile: name,
    builtin: builtin ? { version: builtin.version, digest: builtin.digest } : null,
    installed: { present: installed.state !== 'absent', valid: installed.state === 'ok', path: displayProfileDir(opts.env, name), version: inst?.version ?? null, digest: inst?.digest ?? null },
    lock: { present: read.state !== 'absent', valid: read.state === 'ok', path: config ? lockPath(config) : null, version: lock?.version ?? null, digest: lock?.digest ?? null, source: lock?.source ?? null },
    drift,
    current,
    up_to_date: Boolean(lock && current.digest && lock.digest === current.digest && drift.length === 0),
  };
  return { data, warnings, advice };
}
