export interface DocumentTypeConfig {
  /** Upper-case type key, e.g. ADR. */
  type: string;
  /** Directory relative to the namespace's docs root ('.' for the root itself). */
  directory: string;
  /** Template path relative to the repository root, when configured. */
  template?: string;
  description?: string;
  source: 'builtin' | 'config';
}

export interface NamespaceConfig {
  name: string;
  repo_prefix: string;
  docs_root: string;
  schema_path: string;
  docops_version: string;
  default_owner?: string;
  excluded_paths: string[];
  excluded_filename_prefixes: string[];
  excluded_files: string[];
  /** Keyed by upper-case type, sorted. */
  document_types: Record<string, DocumentTypeConfig>;
  /** Convention template directory, relative to the repository root. */
  templates_dir: string;
  /** Document statuses the Python DocOps CLI's index filters accept (`valid_doc_statuses`). */
  valid_doc_statuses: string[];
  /** Implementation states of its project state (`valid_impl_states`). */
  valid_impl_states: string[];
}

export interface RepoConfig {
  /** Absolute realpath of the repository root. */
  root: string;
  /** Repository-relative path of the config file. */
  config_path: string;
  project_name: string;
  docops_version: string;
  index_path: string;
  /** The artifact at index_path is the Python DocOps CLI's and is kept in its format (see config/index-format.ts). */
  index_format?: 'meminit';
  /** File name of the Python DocOps CLI's catalogue view in each index directory (`catalog_name`). */
  catalog_name: string;
  default_owner?: string;
  namespaces: NamespaceConfig[];
  /** The parsed YAML, for tools that need keys docket does not model. */
  raw: Record<string, unknown>;
  /** Set by the run, not the file: false when `.gitignore` files are not honoured (--no-ignore). */
  ignoreFiles?: boolean;
}
