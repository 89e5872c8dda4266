import type { PlanAction } from '../../contract/data/scan.js';
export type { PlanAction };
export type {
  FrontmatterState,
  ScannedFile,
  DirectorySummary,
  TypeSuggestion,
  NamespaceSuggestion,
  ForeignAction,
} from '../../contract/data/scan.js';

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
