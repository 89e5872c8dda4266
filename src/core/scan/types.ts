/** Folder names that suggest a document type (lower-case, compared without a numeric prefix like `45-`). */
export const TYPE_FOLDERS: Readonly<Record<string, string>> = {
  adr: 'ADR',
  adrs: 'ADR',
  'architecture-decisions': 'ADR',
  'architecture-decision-records': 'ADR',
  decision: 'DECISION',
  decisions: 'DECISION',
  spec: 'SPEC',
  specs: 'SPEC',
  specifications: 'SPEC',
  runbook: 'RUNBOOK',
  runbooks: 'RUNBOOK',
  playbooks: 'RUNBOOK',
  operations: 'RUNBOOK',
  prd: 'PRD',
  prds: 'PRD',
  requirements: 'PRD',
  design: 'DESIGN',
  designs: 'DESIGN',
  rfc: 'DESIGN',
  rfcs: 'DESIGN',
  governance: 'GOV',
  policies: 'GOV',
  policy: 'GOV',
  plan: 'PLAN',
  plans: 'PLAN',
  planning: 'PLAN',
  roadmap: 'PLAN',
  fdd: 'FDD',
  fdds: 'FDD',
  features: 'FDD',
  testing: 'TEST',
  'test-plans': 'TEST',
  logs: 'LOG',
  journal: 'LOG',
  changelogs: 'LOG',
  devex: 'DEVEX',
  guides: 'DEVEX',
  howto: 'DEVEX',
  'how-to': 'DEVEX',
};

/** Directories a survey never enters: hidden ones (.git, .github, .docket) and these. */
export const SKIPPED_DIRS = new Set(['node_modules', 'vendor', 'dist', 'build', 'target', 'coverage', 'site-packages']);

/** Monorepo docs roots worth a namespace each. */
export const NAMESPACE_ROOT = /^(packages|apps|services)\/([^/]+)\/docs$/;

export type FrontmatterState = 'ok' | 'missing' | 'invalid' | 'unreadable';

/** One Markdown file as the survey sees it (an NDJSON `file` item; `data.files` in JSON). */
export interface ScannedFile {
  path: string;
  /** Inside a namespace's docs root and not excluded: `check` would govern it. */
  governed: boolean;
  frontmatter: FrontmatterState;
  document_id: string | null;
  /** Type suggested by the folder it is in (or its frontmatter), if any. */
  suggested_type: string | null;
}

export interface DirectorySummary {
  path: string;
  markdown_files: number;
  without_frontmatter: number;
  governed: number;
}

export interface TypeSuggestion {
  directory: string;
  type: string;
  /** Where the type's documents belong under the namespace's docs root. */
  target_directory: string;
}

export interface NamespaceSuggestion {
  name: string;
  docs_root: string;
  repo_prefix: string;
}

/**
 * One step of an adoption plan. `source_sha256` is the SHA-256 of the bytes the action expects
 * at `path` when it runs (a move keeps bytes, so a chained action carries the same hash).
 * - move/rename: to the type directory and the `<type>-<nnn>-<slug>.md` convention;
 * - add_frontmatter: a whole block, for a file without one;
 * - add_fields: fields missing (or empty) in an existing block, added as `fix` adds them;
 * - set_fields: the same, and values the schema spells otherwise (`accepted`, `draft`) replaced;
 * - exclude: `path` is docops.config.yaml; `files` are appended to its `excluded_files`
 *   (governed files no type could be suggested for: a person classifies them later).
 */
export type PlanAction = (
  | { action: 'rename' | 'move'; path: string; to: string; source_sha256: string }
  | { action: 'add_frontmatter'; path: string; source_sha256: string; frontmatter: Record<string, string> }
  | { action: 'add_fields' | 'set_fields'; path: string; source_sha256: string; fields: Record<string, string> }
  | { action: 'exclude'; path: string; source_sha256: string; files: string[] }
) &
  ForeignAction;

/** What an action read from a Python DocOps CLI plan carries besides (see meminit-plan.ts). */
export interface ForeignAction {
  /** The action's `id` in that plan, reported back with its outcome. */
  id?: string;
  /** Refused before it runs: the config changed since the plan (its fingerprint), or the plan marks it destructive. */
  refuse?: 'config_changed' | 'unsafe_action';
}

export type PlanActionKind = PlanAction['action'];

export interface ScanPlan {
  kind: 'docket-scan-plan';
  plan_version: string;
  /** Whether the plan was made with the repository's config or with the defaults `init` writes. */
  config: 'found' | 'defaults';
  actions: PlanAction[];
}

export const PLAN_KIND = 'docket-scan-plan';
// 1.1 added add_fields and exclude, 1.2 set_fields; a 1.0 plan is still read (same major).
export const PLAN_VERSION = '1.2';
