// The data of the commands that create documents and set a repository up: new (and adr new),
// new --list-types, init, install-precommit.

export type TemplateSource = 'config' | 'convention' | 'builtin' | 'skeleton';

/** What the supersede step did to the old document, for `data.supersedes`. */
export interface SupersedeData {
  document_id: string;
  path: string;
  previous_status: string | null;
  status: string;
  superseded_by: string;
  /** True when this run changed the file; false in a dry run and when it already named the new document. */
  updated: boolean;
  /** The change to the old document as a unified diff ('' when there is none). */
  diff: string;
}

export interface NewData {
  document_id: string;
  path: string;
  type: string;
  title: string;
  status: string;
  owner: string;
  version: string;
  last_updated: string;
  content_sha256: string;
  template: { source: TemplateSource; path: string | null };
  namespace: string;
  dry_run: boolean;
  /** True when this run wrote the file; false for dry runs and when the same document existed. */
  created: boolean;
  rendered_content?: string;
  would_create?: boolean;
  /** With --supersedes: the old document, marked Superseded in the same step. */
  supersedes?: SupersedeData;
}

export interface ListTypesData {
  namespace: string;
  repo_prefix: string;
  types: { type: string; directory: string; id_pattern: string; description?: string }[];
}

export interface InitData {
  project_name: string;
  repo_prefix: string;
  docs_root: string;
  created_paths: string[];
  updated_paths: string[];
  skipped_paths: string[];
  /** Nothing was written: the paths say what init would create, update and leave. */
  dry_run: boolean;
}

export interface InstallPrecommitData {
  mode: 'pre-commit' | 'git-hook';
  /** Repository-relative path of the file that holds the hooks. */
  hook_path: string;
  /** True when this run wrote the file. */
  installed: boolean;
  /** True when every docket hook was already there before this run. */
  already_present: boolean;
  /** Hooks this run added (or, in a dry run, would add). */
  added_hooks: string[];
  dry_run: boolean;
}
