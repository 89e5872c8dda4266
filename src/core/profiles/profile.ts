import { createHash } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../assets.js';
import { DocketError } from '../../errors/docket-error.js';

const PROFILE_MANIFEST = 'profile.json';
const PROFILE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 200;
/**
 * What a profile may contain; anything else is refused. Organisation documents live in `org/`
 * in docket's layout and in `org_docs/` in the Python DocOps CLI's (reference §8.6).
 */
const FILE_PATTERN = /^(metadata\.schema\.json|templates\/[a-z0-9][a-z0-9._-]*\.template\.md|org\/[a-z0-9][a-z0-9._-]*\.md)$/;
const MEMINIT_FILE_PATTERN = /^(metadata\.schema\.json|templates\/[a-z0-9][a-z0-9._-]*\.template\.md|org_docs\/[a-z0-9][a-z0-9._-]*\.md)$/;
const ORG_DOC = /^(?:org|org_docs)\/([^/]+)$/;

/** The file name of an organisation document of a profile (either layout), else undefined. */
export function orgDocName(rel: string): string | undefined {
  return ORG_DOC.exec(rel)?.[1];
}

export interface Profile {
  name: string;
  version: string;
  description: string;
  /** Whose profile.json this is: docket's (`name`, `version`) or the Python DocOps CLI's (`profile_name`, `profile_version`, §8.6). */
  layout: 'docket' | 'meminit';
  /** Prefix of the org governance documents' IDs (default ORG). */
  org_prefix: string;
  /** Files by profile-relative path (profile.json included), sorted. */
  files: Map<string, Buffer>;
  digest: string;
}

export function profileDigest(files: ReadonlyMap<string, Buffer>): string {
  const h = createHash('sha256');
  for (const rel of [...files.keys()].sort()) {
    h.update(rel, 'utf8').update('\0').update(files.get(rel)!).update('\0');
  }
  return `sha256:${h.digest('hex')}`;
}

export function assertProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new DocketError('INVALID_PROFILE_NAME', `"${name.slice(0, 64)}" is not a valid profile name.`, {
      suggestion:
        'Use 1 to 64 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit (e.g. default, acme-2026).',
      details: { profile: name.slice(0, 64), pattern: PROFILE_NAME.source },
    });
  }
  return name;
}

function invalid(where: string, rel: string, why: string): DocketError {
  return new DocketError('PROFILE_INVALID', `The org profile at ${where} is invalid: ${rel} ${why}.`, {
    suggestion: 'Reinstall the profile (docket org install --force --apply), or fix the file named.',
    details: { profile_dir: where, path: rel, reason: why },
  });
}

/** Reads a regular file (never through a symbolic link) of at most MAX_FILE_BYTES. */
async function readRegular(dir: string, rel: string): Promise<Buffer> {
  const abs = path.join(dir, ...rel.split('/'));
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat) throw invalid(dir, rel, 'is missing');
  if (stat.isSymbolicLink()) throw invalid(dir, rel, 'is a symbolic link');
  if (!stat.isFile()) throw invalid(dir, rel, 'is not a regular file');
  if (stat.size > MAX_FILE_BYTES) throw invalid(dir, rel, `is larger than ${MAX_FILE_BYTES} bytes`);
  const handle = await fs.open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Loads and validates a profile directory: profile.json names the profile, its version and
 * its files; every file must be a regular file of an allowed kind (schema, templates, org
 * documents) inside the directory. A profile.json with `profile_name` is the Python DocOps
 * CLI's (reference §8.6); its digest is computed over the same files, so it equals the one
 * that tool records.
 */
export async function loadProfileDir(dir: string): Promise<Profile> {
  const manifestBytes = await readRegular(dir, PROFILE_MANIFEST);
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid(dir, PROFILE_MANIFEST, 'is not valid JSON');
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw invalid(dir, PROFILE_MANIFEST, 'is not a JSON object');
  const layout = manifest.name === undefined && manifest.profile_name !== undefined ? 'meminit' : 'docket';
  const [nameKey, versionKey, pattern, orgDir] =
    layout === 'meminit' ? ['profile_name', 'profile_version', MEMINIT_FILE_PATTERN, 'org_docs'] : ['name', 'version', FILE_PATTERN, 'org'];
  const name = manifest[nameKey];
  const version = manifest[versionKey];
  const files = manifest.files;
  if (typeof name !== 'string' || !PROFILE_NAME.test(name)) throw invalid(dir, PROFILE_MANIFEST, `has no valid "${nameKey}"`);
  if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]{1,32}$/.test(version))
    throw invalid(dir, PROFILE_MANIFEST, `has no valid "${versionKey}"`);
  if (!Array.isArray(files) || files.length > MAX_FILES || !files.every((f) => typeof f === 'string' && pattern.test(f))) {
    throw invalid(
      dir,
      PROFILE_MANIFEST,
      `must list its files ("files"): metadata.schema.json, templates/<type>.template.md, ${orgDir}/<name>.md`,
    );
  }
  const orgPrefix = typeof manifest.org_prefix === 'string' && /^[A-Z]{3,10}$/.test(manifest.org_prefix) ? manifest.org_prefix : 'ORG';
  const map = new Map<string, Buffer>([[PROFILE_MANIFEST, manifestBytes]]);
  for (const rel of [...new Set(files as string[])].sort()) map.set(rel, await readRegular(dir, rel));
  const sorted = new Map([...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    name,
    version,
    description: typeof manifest.description === 'string' ? manifest.description : '',
    layout,
    org_prefix: orgPrefix,
    files: sorted,
    digest: profileDigest(sorted),
  };
}

const BUILTIN_PROFILES_DIR = path.join(PACKAGE_ROOT, 'assets', 'profiles');

export async function builtinProfileNames(): Promise<string[]> {
  const names = await fs.readdir(BUILTIN_PROFILES_DIR).catch(() => [] as string[]);
  return names.filter((n) => PROFILE_NAME.test(n)).sort();
}

/** A profile shipped with docket, or undefined when there is none of that name. */
export async function loadBuiltinProfile(name: string): Promise<Profile | undefined> {
  if (!(await builtinProfileNames()).includes(assertProfileName(name))) return undefined;
  return loadProfileDir(path.join(BUILTIN_PROFILES_DIR, name));
}
