// The data of the `docket org` commands: an organisation's profile installed, its status, vendored into a repository.

/** Whose lock a repository has: docket's (with a digest per vendored file) or the Python DocOps CLI's (§8.6). */
export type LockFormat = 'docket' | 'meminit';

export type ProfileSource = 'installed' | 'meminit-installed' | 'builtin';

/** A document of the profile whose ID a repository document at another path already has. */
export interface IdCollision {
  document_id: string;
  /** Where vendoring would write the profile's document. */
  path: string;
  /** The repository document that already has the ID. */
  existing_path: string;
}

export interface OrgInstallData {
  profile: string;
  version: string;
  digest: string;
  source: 'builtin' | 'directory';
  /** Absolute directory of the installed profile (outside the repository by design). */
  target_dir: string;
  dry_run: boolean;
  /** True when this run wrote the profile. */
  installed: boolean;
  /** True when the identical profile was already installed. */
  already_installed: boolean;
  /** Version replaced by --force (null when nothing was replaced). */
  replaced_version: string | null;
  would_install?: boolean;
}

export interface InstalledInfo {
  present: boolean;
  valid: boolean;
  path: string;
  version: string | null;
  digest: string | null;
}

export interface OrgStatusData {
  profile: string;
  builtin: { version: string; digest: string } | null;
  installed: InstalledInfo;
  /** The copy the Python DocOps CLI installed ($XDG_DATA_HOME/meminit/org/profiles/<name>, reference §8.6), read when docket has none. */
  meminit_installed: InstalledInfo;
  /** `format` says whose lock was read: docket's, else the Python DocOps CLI's `.meminit/org-profile.lock.json`. */
  lock: {
    present: boolean;
    valid: boolean;
    path: string | null;
    format: LockFormat | null;
    version: string | null;
    digest: string | null;
    source: string | null;
  };
  /** Vendored files that no longer match the lock (docket's lock only: the other one records no files). */
  drift: { path: string; state: 'modified' | 'missing' }[];
  /** The profile vendoring would use now: docket's installed one, else the Python DocOps CLI's, else the built-in one. */
  current: { source: ProfileSource | null; version: string | null; digest: string | null };
  /** Lock present, equal to the current profile, and no drift. */
  up_to_date: boolean;
}

export type VendorAction = 'create' | 'update' | 'unchanged' | 'conflict' | 'replace' | 'collision';

export interface OrgVendorData {
  profile: string;
  version: string;
  /** Which profile was vendored: docket's installed copy, the Python DocOps CLI's installed copy, or the built-in one. */
  source: ProfileSource;
  digest: string;
  lock_path: string;
  /** docket's own lock, or the Python DocOps CLI's `.meminit/org-profile.lock.json` when that is the one the repository has. */
  lock_format: LockFormat;
  dry_run: boolean;
  /** False with --no-include-org-docs: only the schema and the templates are vendored. */
  include_org_docs: boolean;
  /** True when this run wrote to the repository. */
  applied: boolean;
  files: { path: string; action: VendorAction }[];
  /** Organisation documents whose ID a repository document at another path already has. */
  collisions: IdCollision[];
  config_action: 'add-org-namespace' | 'unchanged';
  lock_action: 'create' | 'update' | 'unchanged';
}
