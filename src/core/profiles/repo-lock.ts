import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { lockPath } from './vendor-map.js';
import type { LockFormat } from '../../contract/data/org.js';
export type { LockFormat };

/** The lock the Python DocOps CLI's `org vendor` writes (reference §8.6). */
const MEMINIT_LOCK = '.meminit/org-profile.lock.json';

export interface RepoLock {
  profile: string;
  version: string;
  source: string;
  digest: string;
  /** Repository path -> sha256 of the vendored bytes; empty for the Python DocOps CLI's lock, which records none. */
  files: Record<string, string>;
}

export type LockRead =
  | { state: 'absent'; format: LockFormat; path: string }
  | { state: 'invalid'; format: LockFormat; path: string }
  | { state: 'ok'; format: LockFormat; path: string; lock: RepoLock };

const isString = (v: unknown): v is string => typeof v === 'string';

function fromDocket(json: Record<string, unknown>): RepoLock | undefined {
  const { profile, version, source, digest, files } = json;
  if (!isString(profile) || !isString(version) || !isString(digest) || typeof files !== 'object' || files === null || Array.isArray(files))
    return undefined;
  return { profile, version, source: isString(source) ? source : '', digest, files: files as Record<string, string> };
}

/** `{lock_schema_version "1.0", profile_name, profile_version, source, digest, vendored_at}` (§8.6). */
function fromMeminit(json: Record<string, unknown>): RepoLock | undefined {
  const { profile_name: profile, profile_version: version, source, digest } = json;
  if (!isString(profile) || !isString(version) || !isString(digest)) return undefined;
  return { profile, version, source: isString(source) ? source : '', digest, files: {} };
}

async function readOne(root: string, rel: string, format: LockFormat): Promise<LockRead> {
  let text: string;
  try {
    const abs = path.join(root, rel);
    if (!(await fs.lstat(abs)).isFile()) return { state: 'invalid', format, path: rel };
    text = await fs.readFile(abs, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      ? { state: 'absent', format, path: rel }
      : { state: 'invalid', format, path: rel };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'invalid', format, path: rel };
  }
  const lock =
    json && typeof json === 'object' && !Array.isArray(json)
      ? (format === 'docket' ? fromDocket : fromMeminit)(json as Record<string, unknown>)
      : undefined;
  return lock ? { state: 'ok', format, path: rel, lock } : { state: 'invalid', format, path: rel };
}

/**
 * The repository's profile lock: docket's when there is one, else the Python DocOps CLI's
 * `.meminit/org-profile.lock.json`; `format` and `path` say which was read. Absent: docket's
 * path, where a first vendoring writes.
 */
export async function readRepoLock(config: RepoConfig): Promise<LockRead> {
  const own = await readOne(config.root, lockPath(config), 'docket');
  if (own.state !== 'absent') return own;
  const theirs = await readOne(config.root, MEMINIT_LOCK, 'meminit');
  return theirs.state === 'absent' ? own : theirs;
}

/** Digests compare without their `sha256:` label: the Python DocOps CLI may write the bare hex. */
export function sameDigest(a: string, b: string): boolean {
  const bare = (d: string) =>
    d
      .trim()
      .toLowerCase()
      .replace(/^sha256:/, '');
  return bare(a) === bare(b);
}

/** docket's lock file. */
export function docketLockText(lock: RepoLock): string {
  const files = Object.fromEntries(Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify({ lock_version: 1, profile: lock.profile, version: lock.version, source: lock.source, digest: lock.digest, files }, null, 2)}\n`;
}

/**
 * The Python DocOps CLI's lock, rewritten where the repository keeps it (§8.6), so that tool's
 * `org status` sees what was vendored. The digest keeps the previous lock's spelling (with or
 * without `sha256:`).
 */
export function meminitLockText(lock: RepoLock, previous: RepoLock | undefined, now: Date): string {
  const bare = previous !== undefined && !/^sha256:/i.test(previous.digest);
  const digest = bare ? lock.digest.replace(/^sha256:/, '') : lock.digest;
  const json = {
    lock_schema_version: '1.0',
    profile_name: lock.profile,
    profile_version: lock.version,
    source: lock.source,
    digest,
    vendored_at: now.toISOString(),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}
