import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { mainNamespace } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import type { Profile } from './profile.js';

export interface VendorTarget {
  /** Path inside the profile. */
  src: string;
  /** Repository-relative destination. */
  dest: string;
}

export const LOCK_NAME = 'org-profile.lock.json';

export function sha(bytes: Buffer | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

function join(...parts: string[]): string {
  return parts.filter((p) => p !== '.' && p !== '').join('/');
}

/** Where the org governance documents go: `<docs_root>/00-governance/org`. */
export function orgDir(config: RepoConfig): string {
  return join(mainNamespace(config.namespaces).docs_root, '00-governance', 'org');
}

/** The lock file, committed with the repository next to the governance files. */
export function lockPath(config: RepoConfig): string {
  return join(mainNamespace(config.namespaces).docs_root, '00-governance', LOCK_NAME);
}

/**
 * Where each profile file goes in the repository: the schema to the main namespace's
 * schema_path, templates to the configured template path of their type (else the convention
 * directory), org documents to the org directory. profile.json itself is recorded in the lock.
 */
export function vendorTargets(config: RepoConfig, profile: Profile): VendorTarget[] {
  const main = mainNamespace(config.namespaces);
  const out: VendorTarget[] = [];
  for (const src of profile.files.keys()) {
    if (src === 'metadata.schema.json') out.push({ src, dest: main.schema_path });
    else if (src.startsWith('templates/')) {
      const name = src.slice('templates/'.length);
      const type = name.replace(/\.template\.md$/, '').toUpperCase();
      out.push({ src, dest: main.document_types[type]?.template ?? `${main.templates_dir}/${name}` });
    } else if (src.startsWith('org/')) out.push({ src, dest: `${orgDir(config)}/${src.slice('org/'.length)}` });
  }
  return out.sort((a, b) => (a.dest < b.dest ? -1 : 1));
}

export interface ProfileLock {
  lock_version: 1;
  profile: string;
  version: string;
  source: string;
  digest: string;
  /** Repository path -> sha256 of the vendored bytes. */
  files: Record<string, string>;
}

export type LockRead = { state: 'absent' } | { state: 'invalid' } | { state: 'ok'; lock: ProfileLock };

export async function readLock(config: RepoConfig): Promise<LockRead> {
  let text: string;
  try {
    text = await fs.readFile(path.join(config.root, lockPath(config)), 'utf8');
  } catch {
    return { state: 'absent' };
  }
  try {
    const lock = JSON.parse(text) as ProfileLock;
    const ok = lock && typeof lock === 'object' && typeof lock.profile === 'string' && typeof lock.version === 'string' && typeof lock.digest === 'string' && typeof lock.files === 'object' && lock.files !== null;
    return ok ? { state: 'ok', lock } : { state: 'invalid' };
  } catch {
    return { state: 'invalid' };
  }
}

export function lockText(lock: ProfileLock): string {
  const files = Object.fromEntries(Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify({ lock_version: 1, profile: lock.profile, version: lock.version, source: lock.source, digest: lock.digest, files }, null, 2)}\n`;
}

/** The bytes of a repository file, or undefined when absent (symbolic links count as present but unreadable). */
export async function repoBytes(root: string, rel: string): Promise<Buffer | 'symlink' | undefined> {
  const abs = path.join(root, rel);
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.isSymbolicLink() || !stat.isFile()) return 'symlink';
  return fs.readFile(abs);
}
