import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { mainNamespace } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { orgDocName, type Profile } from './profile.js';

export interface VendorTarget {
  /** Path inside the profile. */
  src: string;
  /** Repository-relative destination. */
  dest: string;
}

const LOCK_NAME = 'org-profile.lock.json';

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

/** docket's lock file, committed with the repository next to the governance files. */
export function lockPath(config: RepoConfig): string {
  return join(mainNamespace(config.namespaces).docs_root, '00-governance', LOCK_NAME);
}

/**
 * Where each profile file goes in the repository: the schema to the main namespace's
 * schema_path, templates to the configured template path of their type (else the convention
 * directory), org documents (unless left out) to the org directory. profile.json itself is
 * recorded in the lock.
 */
export function vendorTargets(config: RepoConfig, profile: Profile, includeOrgDocs = true): VendorTarget[] {
  const main = mainNamespace(config.namespaces);
  const out: VendorTarget[] = [];
  for (const src of profile.files.keys()) {
    if (src === 'metadata.schema.json') out.push({ src, dest: main.schema_path });
    else if (src.startsWith('templates/')) {
      const name = src.slice('templates/'.length);
      const type = name.replace(/\.template\.md$/, '').toUpperCase();
      out.push({ src, dest: main.document_types[type]?.template ?? `${main.templates_dir}/${name}` });
    } else {
      const doc = orgDocName(src);
      if (doc !== undefined && includeOrgDocs) out.push({ src, dest: `${orgDir(config)}/${doc}` });
    }
  }
  return out.sort((a, b) => (a.dest < b.dest ? -1 : 1));
}

/** The bytes of a repository file, or undefined when absent (symbolic links count as present but unreadable). */
export async function repoBytes(root: string, rel: string): Promise<Buffer | 'symlink' | undefined> {
  const abs = path.join(root, rel);
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.isSymbolicLink() || !stat.isFile()) return 'symlink';
  return fs.readFile(abs);
}
