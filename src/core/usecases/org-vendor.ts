import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import type { Advice, Issue } from '../issues.js';
import { addOrgNamespace, orgNamespaceNeed } from '../profiles/org-namespace.js';
import { effectiveProfile } from '../profiles/resolve.js';
import { lockPath, lockText, orgDir, readLock, repoBytes, sha, vendorTargets, type ProfileLock } from '../profiles/vendor-map.js';
import { DocketError } from '../../errors/docket-error.js';

export type VendorAction = 'create' | 'update' | 'unchanged' | 'conflict' | 'replace';

export interface OrgVendorData {
  profile: string;
  version: string;
  source: 'installed' | 'builtin';
  digest: string;
  lock_path: string;
  dry_run: boolean;
  /** True when this run wrote to the repository. */
  applied: boolean;
  files: { path: string; action: VendorAction }[];
  config_action: 'add-org-namespace' | 'unchanged';
  lock_action: 'create' | 'update' | 'unchanged';
}

/**
 * `org vendor`: copies the installed (else built-in) profile into the repository and records
 * a lock with its digest. A file that differs from the profile is updated only when it is
 * still exactly what was vendored before (per the lock); anything else is a conflict that
 * needs --force. Dry run unless --apply; with --apply, all-or-nothing on conflicts.
 */
export async function vendorOrgProfile(config: RepoConfig, opts: { name: string; apply: boolean; force: boolean; env: NodeJS.ProcessEnv; cmd: (c: string) => string }): Promise<{ data: OrgVendorData; warnings: Issue[]; advice: Advice[] }> {
  const { profile, source } = await effectiveProfile(opts.env, opts.name);
  const root = config.root;
  const previous = await readLock(config);
  const recorded = previous.state === 'ok' ? previous.lock.files : {};
  const targets = vendorTargets(config, profile);
  const files: OrgVendorData['files'] = [];
  const warnings: Issue[] = [];
  for (const t of targets) {
    const wanted = profile.files.get(t.src)!;
    const current = await repoBytes(root, t.dest);
    if (current === 'symlink') {
      throw new DocketError('SYMLINK_REFUSED', `${t.dest} is a symbolic link or not a regular file; docket does not vendor over it.`, { details: { path: t.dest } });
    }
    let action: VendorAction;
    if (current === undefined) action = 'create';
    else if (current.equals(wanted)) action = 'unchanged';
    else if (recorded[t.dest] === sha(current)) action = 'update';
    else action = opts.force ? 'replace' : 'conflict';
    if (action === 'conflict') warnings.push({ code: 'PROFILE_DRIFT', severity: 'warning', message: `${t.dest} differs from the profile and is not the copy vendored before.`, path: t.dest, suggestion: 'Review the file; --apply --force replaces it with the profile\'s version.' });
    files.push({ path: t.dest, action });
  }
  const hasOrgDocs = targets.some((t) => t.src.startsWith('org/'));
  const dir = orgDir(config);
  const needNamespace = hasOrgDocs && orgNamespaceNeed(config, dir, profile.org_prefix) === 'add';
  const configText = needNamespace ? addOrgNamespace(await fs.readFile(path.join(root, CONFIG_FILE), 'utf8'), config, dir, profile.org_prefix) : undefined;
  const lock: ProfileLock = { lock_version: 1, profile: profile.name, version: profile.version, source, digest: profile.digest, files: Object.fromEntries(targets.map((t) => [t.dest, sha(profile.files.get(t.src)!)])) };
  const newLock = lockText(lock);
  const lockRel = lockPath(config);
  const oldLock = await repoBytes(root, lockRel);
  const lockAction = oldLock === undefined ? 'create' : Buffer.isBuffer(oldLock) && oldLock.toString('utf8') === newLock ? 'unchanged' : 'update';
  const data: OrgVendorData = {
    profile: profile.name, version: profile.version, source, digest: profile.digest, lock_path: lockRel, dry_run: !opts.apply, applied: false,
    files, config_action: needNamespace ? 'add-org-namespace' : 'unchanged', lock_action: lockAction,
  };
  const conflicts = files.filter((f) => f.action === 'conflict').map((f) => f.path);
  if (!opts.apply) {
    const again = `org vendor --profile ${profile.name} --apply${conflicts.length > 0 ? ' --force' : ''}`;
    const changes = files.some((f) => f.action !== 'unchanged') || needNamespace || lockAction !== 'unchanged';
    return { data, warnings, advice: changes ? [{ code: 'NEXT_APPLY', message: `This was a dry run: re-run with --apply${conflicts.length > 0 ? ' --force (replaces the conflicting files)' : ''} to vendor.`, command: opts.cmd(again) }] : [] };
  }
  if (conflicts.length > 0) {
    throw new DocketError('VENDOR_CONFLICT', `Vendoring would overwrite ${conflicts.length} file(s) changed in the repository: ${conflicts.join(', ')}. Nothing was written.`, {
      suggestion: 'Review the files; re-run with --force to replace them with the profile\'s versions.',
      details: { conflicts },
    });
  }
  for (const t of targets) {
    const f = files.find((x) => x.path === t.dest)!;
    if (f.action === 'unchanged') continue;
    await writeFileAtomic(root, path.join(root, t.dest), profile.files.get(t.src)!, { overwrite: f.action !== 'create' });
  }
  if (configText !== undefined) await writeFileAtomic(root, path.join(root, CONFIG_FILE), configText, { overwrite: true });
  if (lockAction !== 'unchanged') await writeFileAtomic(root, path.join(root, lockRel), newLock, { overwrite: lockAction === 'update' });
  data.applied = true;
  return { data, warnings: [], advice: [{ code: 'NEXT_CHECK', message: 'Check the repository against the vendored rules.', command: opts.cmd('check') }] };
}
