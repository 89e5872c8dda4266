import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { checkWriteTarget, writeFileAtomic } from '../fs/atomic-write.js';
import type { Advice, Issue } from '../issues.js';
import { findIdCollisions, type IdCollision } from '../profiles/id-collisions.js';
import { addOrgNamespace, orgNamespaceNeed } from '../profiles/org-namespace.js';
import { orgDocName } from '../profiles/profile.js';
import { docketLockText, meminitLockText, readRepoLock, sameDigest, type LockFormat, type RepoLock } from '../profiles/repo-lock.js';
import { effectiveProfile } from '../profiles/resolve.js';
import { orgDir, repoBytes, sha, vendorTargets } from '../profiles/vendor-map.js';
import { DocketError } from '../../errors/docket-error.js';
import type { VendorAction, OrgVendorData } from '../../contract/data/org.js';
export type { OrgVendorData };

export interface OrgVendorOptions {
  name: string;
  apply: boolean;
  force: boolean;
  /** Vendor the organisation documents (and their namespace); the Python DocOps CLI's --include-org-docs, on by default. */
  includeOrgDocs?: boolean;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
  cmd: (c: string) => string;
}

export interface OrgVendorResult {
  data: OrgVendorData;
  warnings: Issue[];
  violations: Issue[];
  advice: Advice[];
  /** Set when vendoring is refused (dry run and --apply alike); the data still shows the plan. */
  error?: DocketError;
}

function collisionRefusal(
  collisions: readonly IdCollision[],
  cmd: (c: string) => string,
  profile: string,
): { error: DocketError; violations: Issue[] } {
  const list = collisions.map((c) => `${c.document_id} (${c.existing_path})`).join(', ');
  const violations: Issue[] = collisions.map((c) => ({
    code: 'ID_UNIQUE',
    severity: 'error',
    message: `Vendoring would write ${c.document_id} to ${c.path}, but ${c.existing_path} already has that ID.`,
    path: c.existing_path,
    document_id: c.document_id,
    suggestion: `Vendor without the organisation documents: ${cmd(`org vendor --profile ${profile} --no-include-org-docs`)}`,
  }));
  const error = new DocketError(
    'VENDOR_ID_COLLISION',
    `The profile's organisation documents would duplicate IDs already in the repository: ${list}. Nothing was written.`,
    {
      suggestion: `Re-run with --no-include-org-docs to vendor only the schema and templates, or give the repository's documents other IDs; --force does not override this.`,
      details: { collisions },
    },
  );
  return { error, violations };
}

function lockActionOf(
  format: LockFormat,
  previous: RepoLock | undefined,
  oldText: string | undefined,
  lock: RepoLock,
): OrgVendorData['lock_action'] {
  if (oldText === undefined) return 'create';
  // The Python DocOps CLI's lock carries a time stamp: unchanged when it names the same profile and digest.
  if (format === 'meminit')
    return previous && previous.profile === lock.profile && previous.version === lock.version && sameDigest(previous.digest, lock.digest)
      ? 'unchanged'
      : 'update';
  return oldText === docketLockText(lock) ? 'unchanged' : 'update';
}

/**
 * `org vendor`: copies the installed (else built-in) profile into the repository and records
 * a lock with its digest. A file that differs from the profile is updated only when it is
 * still exactly what was vendored before (per the lock); anything else is a conflict that
 * needs --force. An organisation document whose ID another repository document has is
 * refused even with --force. Dry run unless --apply; everything is checked before the first
 * write, so --apply writes all or nothing.
 */
export async function vendorOrgProfile(config: RepoConfig, opts: OrgVendorOptions): Promise<OrgVendorResult> {
  const { profile, source } = await effectiveProfile(opts.env, opts.name);
  const includeOrgDocs = opts.includeOrgDocs !== false;
  const root = config.root;
  const previous = await readRepoLock(config);
  const previousLock = previous.state === 'ok' ? previous.lock : undefined;
  const recorded = previousLock?.files ?? {};
  const targets = vendorTargets(config, profile, includeOrgDocs);
  const collisions = await findIdCollisions(config, profile, targets);
  const colliding = new Set(collisions.map((c) => c.path));
  const files: OrgVendorData['files'] = [];
  const warnings: Issue[] = [];
  for (const t of targets) {
    const wanted = profile.files.get(t.src)!;
    const current = await repoBytes(root, t.dest);
    if (current === 'symlink') {
      throw new DocketError('SYMLINK_REFUSED', `${t.dest} is a symbolic link or not a regular file; docket does not vendor over it.`, {
        details: { path: t.dest },
      });
    }
    let action: VendorAction;
    if (colliding.has(t.dest)) action = 'collision';
    else if (current === undefined) action = 'create';
    else if (current.equals(wanted)) action = 'unchanged';
    else if (recorded[t.dest] === sha(current)) action = 'update';
    else action = opts.force ? 'replace' : 'conflict';
    if (action === 'conflict')
      warnings.push({
        code: 'PROFILE_DRIFT',
        severity: 'warning',
        message: `${t.dest} differs from the profile and is not the copy vendored before.`,
        path: t.dest,
        suggestion: "Review the file; --apply --force replaces it with the profile's version.",
      });
    files.push({ path: t.dest, action });
  }
  const hasOrgDocs = targets.some((t) => orgDocName(t.src) !== undefined);
  const dir = orgDir(config);
  const needNamespace = hasOrgDocs && orgNamespaceNeed(config, dir, profile.org_prefix) === 'add';
  const configText = needNamespace
    ? addOrgNamespace(await fs.readFile(path.join(root, CONFIG_FILE), 'utf8'), config, dir, profile.org_prefix)
    : undefined;
  const lock: RepoLock = {
    profile: profile.name,
    version: profile.version,
    source,
    digest: profile.digest,
    files: Object.fromEntries(targets.map((t) => [t.dest, sha(profile.files.get(t.src)!)])),
  };
  // The lock stays where the repository has it: the Python DocOps CLI's is updated in its own format.
  const lockFormat = previous.format;
  const lockRel = previous.path;
  const oldLock = await repoBytes(root, lockRel);
  const oldText = Buffer.isBuffer(oldLock) ? oldLock.toString('utf8') : oldLock === undefined ? undefined : '';
  const lockAction = lockActionOf(lockFormat, previousLock, oldText, lock);
  const newLock = lockFormat === 'meminit' ? meminitLockText(lock, previousLock, (opts.now ?? (() => new Date()))()) : docketLockText(lock);
  const data: OrgVendorData = {
    profile: profile.name,
    version: profile.version,
    source,
    digest: profile.digest,
    lock_path: lockRel,
    lock_format: lockFormat,
    dry_run: !opts.apply,
    include_org_docs: includeOrgDocs,
    applied: false,
    files,
    collisions,
    config_action: needNamespace ? 'add-org-namespace' : 'unchanged',
    lock_action: lockAction,
  };
  if (collisions.length > 0) {
    const refusal = collisionRefusal(collisions, opts.cmd, profile.name);
    return { data, warnings, violations: refusal.violations, advice: [], error: refusal.error };
  }
  // Every write is checked before the first one (dry run too): a link or a directory that
  // leads out of the root refuses the whole vendoring, never half of it.
  const writes: { rel: string; bytes: Buffer | string; overwrite: boolean }[] = [];
  for (const t of targets) {
    const action = files.find((f) => f.path === t.dest)!.action;
    if (action !== 'unchanged' && action !== 'conflict')
      writes.push({ rel: t.dest, bytes: profile.files.get(t.src)!, overwrite: action !== 'create' });
  }
  if (configText !== undefined) writes.push({ rel: CONFIG_FILE, bytes: configText, overwrite: true });
  if (lockAction !== 'unchanged') writes.push({ rel: lockRel, bytes: newLock, overwrite: lockAction === 'update' });
  for (const w of writes) checkWriteTarget(root, path.join(root, w.rel), { overwrite: w.overwrite });
  const conflicts = files.filter((f) => f.action === 'conflict').map((f) => f.path);
  if (!opts.apply) {
    const again = `org vendor --profile ${profile.name}${includeOrgDocs ? '' : ' --no-include-org-docs'} --apply${conflicts.length > 0 ? ' --force' : ''}`;
    const changes = files.some((f) => f.action !== 'unchanged') || needNamespace || lockAction !== 'unchanged';
    return {
      data,
      warnings,
      violations: [],
      advice: changes
        ? [
            {
              code: 'NEXT_APPLY',
              message: `This was a dry run: re-run with --apply${conflicts.length > 0 ? ' --force (replaces the conflicting files)' : ''} to vendor.`,
              command: opts.cmd(again),
            },
          ]
        : [],
    };
  }
  if (conflicts.length > 0) {
    throw new DocketError(
      'VENDOR_CONFLICT',
      `Vendoring would overwrite ${conflicts.length} file(s) changed in the repository: ${conflicts.join(', ')}. Nothing was written.`,
      {
        suggestion: "Review the files; re-run with --force to replace them with the profile's versions.",
        details: { conflicts },
      },
    );
  }
  for (const w of writes) await writeFileAtomic(root, path.join(root, w.rel), w.bytes, { overwrite: w.overwrite });
  data.applied = true;
  return {
    data,
    warnings: [],
    violations: [],
    advice: [{ code: 'NEXT_CHECK', message: 'Check the repository against the vendored rules.', command: opts.cmd('check') }],
  };
}
