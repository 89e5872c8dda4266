// The data of `docket scan`: the survey of a repository's Markdown and the adoption plan.

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

/** What an action read from a Python DocOps CLI plan carries besides (see src/core/scan/meminit-plan.ts). */
export interface ForeignAction {
  /** The action's `id` in that plan, reported back with its outcome. */
  id?: string;
  /** Refused before it runs: the config changed since the plan (its fingerprint), or the plan marks it destructive. */
  refuse?: 'config_changed' | 'unsafe_action';
}

export type PlanActionKind = PlanAction['action'];

/** What `check` will still report once a plan is applied, by code (`plan.remaining`). */
export interface RemainingFindings {
  findings: number;
  errors: number;
  /** Per code, sorted: how many, the first paths (sorted), its different messages (the first few, sorted). */
  codes: { code: string; severity: 'error' | 'warning' | 'info'; count: number; paths: string[]; messages: string[] }[];
}

export interface ScanData {
  config: 'found' | 'defaults';
  markdown_files: number;
  governed: number;
  without_frontmatter: number;
  invalid_frontmatter: number;
  directories: DirectorySummary[];
  suggested_types: TypeSuggestion[];
  suggested_namespaces: NamespaceSuggestion[];
  /** Every Markdown file surveyed, in path order (NDJSON: `file` items). */
  files: ScannedFile[];
  /** The plan's actions (NDJSON: `action` items), also written to --plan FILE. */
  actions: PlanAction[];
  plan: {
    path: string | null;
    written: boolean;
    actions: number;
    unplanned: string[];
    kept: { path: string; reason: string }[];
    undecided: { path: string; types: string[]; reason: string }[];
    ungoverned: { path: string; reason: string }[];
    stated: { path: string; field: string; stated: string; value: string | null; note: string }[];
    remaining?: RemainingFindings;
  };
}
