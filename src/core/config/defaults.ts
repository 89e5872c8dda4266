export const CONFIG_FILE = 'docops.config.yaml';
export const DEFAULT_DOCS_ROOT = 'docs';
export const DEFAULT_DOCOPS_VERSION = '2.0';
export const DEFAULT_EXCLUDED_PREFIX = 'WIP-';
export const PREFIX_PATTERN = /^[A-Z]{3,10}$/;
/** The implicit namespace's name when the config names none (reference §4.1). */
export const DEFAULT_NAMESPACE_NAME = 'default';
/** Where the Python DocOps CLI writes its index and views, under each docs root (reference §4.1, §7.3). */
const INDEX_DIR = '01-indices';
/** The repository-relative directory where the Python DocOps CLI writes its index and views for a docs root. */
export function indexDirOf(docsRoot: string): string {
  return docsRoot === '.' ? INDEX_DIR : `${docsRoot}/${INDEX_DIR}`;
}
/** Its catalogue view's file name unless `catalog_name` says otherwise. */
export const DEFAULT_CATALOG_NAME = 'catalogue.md';
/** The views (and state file) it generates in INDEX_DIR besides the catalogue: never governed documents. */
export const GENERATED_VIEW_FILES = ['kanban.css', 'kanban.md', 'project-state.yaml'] as const;
/** The defaults of `valid_impl_states` and `valid_doc_statuses` (reference §4.1). */
export const DEFAULT_IMPL_STATES: readonly string[] = ['Not Started', 'In Progress', 'Blocked', 'QA Required', 'Done'];
export const DEFAULT_DOC_STATUSES: readonly string[] = ['Draft', 'In Review', 'Approved', 'Superseded'];

/** Built-in document types: always available; configured entries override or add to them. */
export const BUILTIN_TYPE_DIRECTORIES: Readonly<Record<string, string>> = {
  GOV: '00-governance',
  PLAN: '05-planning',
  PRD: '10-prd',
  SPEC: '20-specs',
  DESIGN: '30-design',
  DECISION: '40-decisions',
  ADR: '45-adr',
  FDD: '50-fdd',
  TEST: '55-testing',
  LOG: '58-logs',
  RUNBOOK: '60-runbooks',
  DEVEX: '70-devex',
};

export const BUILTIN_TYPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  GOV: 'Governance document',
  PLAN: 'Plan',
  PRD: 'Product Requirements Document',
  SPEC: 'Specification',
  DESIGN: 'Design document',
  DECISION: 'Decision record',
  ADR: 'Architecture Decision Record',
  FDD: 'Feature Description Document',
  TEST: 'Test plan or report',
  LOG: 'Log',
  RUNBOOK: 'Runbook',
  DEVEX: 'Developer experience guide',
};

export const TOP_LEVEL_KEYS = [
  'docops_version',
  'project_name',
  'repo_prefix',
  'docs_root',
  'schema_path',
  'index_path',
  'catalog_name',
  'default_owner',
  'excluded_paths',
  'excluded_filename_prefixes',
  'excluded_files',
  'document_types',
  'type_directories',
  'templates',
  'valid_impl_states',
  'valid_doc_statuses',
  'namespaces',
  // The implicit namespace's name (`name` wins over `namespace`), as the Python DocOps CLI reads them.
  'name',
  'namespace',
] as const;

export const NAMESPACE_KEYS = [
  'name',
  'repo_prefix',
  'docs_root',
  'schema_path',
  'docops_version',
  'default_owner',
  'excluded_paths',
  'excluded_filename_prefixes',
  'excluded_files',
  'document_types',
  'type_directories',
  'templates',
  'valid_impl_states',
  'valid_doc_statuses',
] as const;

export const DOCUMENT_TYPE_KEYS = ['directory', 'template', 'description'] as const;

export const LEGACY_KEYS: Readonly<Record<string, string>> = {
  type_directories: 'document_types: {TYPE: {directory: ...}}',
  templates: 'document_types: {TYPE: {template: ...}}',
};

/** Derives a prefix from a project name the way existing DocOps tools do: its letters, upper-cased. */
export function derivePrefix(projectName: string): string {
  const letters = projectName.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length < 3 ? 'REPO' : letters.slice(0, 10);
}

/** Legacy alias: GOVERNANCE is GOV. */
export function normalizeTypeKey(type: string): string {
  const key = type.trim().toUpperCase();
  return key === 'GOVERNANCE' ? 'GOV' : key;
}
