// A repository shaped like the ones the Python DocOps CLI (meminit) governs, built from its
// behavioural reference (shared/reference/python-docops-cli.md; "§" below names its sections).
// Every document here is valid by that tool's rules, so docket must report nothing and change no
// byte of it. Variants add one trait each, so a failure names the trait that broke.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir, writeTree } from './fixtures.js';

const ID = '^[A-Z]{3,10}-[A-Z]{3,10}-\\d{3}$';

/** §5.2: the metadata schema that tool ships and `init`/`org vendor` write, exactly. */
export const MEMINIT_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'DocOps metadata',
  type: 'object',
  required: ['document_id', 'type', 'title', 'status', 'version', 'last_updated', 'owner', 'docops_version'],
  properties: {
    document_id: { type: 'string', pattern: ID },
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'string', enum: ['Draft', 'In Review', 'Approved', 'Superseded'] },
    version: { type: 'string', pattern: '^\\d+\\.\\d+$' },
    last_updated: { type: 'string', format: 'date' },
    owner: { type: 'string' },
    docops_version: { type: 'string' },
    area: { type: 'string' },
    description: { type: 'string' },
    template_type: { type: 'string' },
    template_version: { type: 'string' },
    keywords: { type: 'array', items: { type: 'string' } },
    tags: { type: 'array', items: { type: 'string' } },
    superseded_by: { type: 'string', pattern: ID },
    related_ids: { type: 'array', items: { type: 'string', pattern: ID } },
    approvers: { type: 'string' },
  },
  additionalProperties: false,
};

/**
 * §4.1 keys (top level doubling as namespace defaults, catalog_name, valid_* lists, default_owner,
 * excluded_* lists), §8.4 the `document_types` that tool's init writes (shared directories:
 * PRD and RESEARCH in 10-prd, GUIDE and RUNBOOK in 60-runbooks; DEVEX is built in at 70-devex
 * beside REF, §4.2), §4.3 a nested `org` namespace with `type_directories: {GOV: "."}` as its
 * `org vendor` writes it (§8.6). GOV stays the built-in 00-governance at the top level (§4.2).
 */
const MEMINIT_CONFIG = `project_name: Meminit
repo_prefix: MEMINIT
docops_version: '2.0'
docs_root: docs
schema_path: docs/00-governance/metadata.schema.json
index_path: docs/01-indices/meminit.index.json
catalog_name: dashboard.md
default_owner: DocOps Working Group
excluded_paths:
- docs/00-governance/templates
excluded_filename_prefixes:
- WIP-
excluded_files:
- docs/01-indices/scratch.md
valid_impl_states:
- Not Started
- In Progress
- Blocked
- QA Required
- Done
valid_doc_statuses:
- Draft
- In Review
- Approved
- Superseded
document_types:
  PRD:
    directory: 10-prd
    template: docs/00-governance/templates/prd.template.md
    description: Product requirements
  RESEARCH:
    directory: 10-prd
  PLAN:
    directory: 05-planning
  TASK:
    directory: 05-planning/tasks
  SPEC:
    directory: 20-specs
  ADR:
    directory: 45-adr
    template: docs/00-governance/templates/adr.template.md
  INDEX:
    directory: 01-indices
  GUIDE:
    directory: 60-runbooks
  RUNBOOK:
    directory: 60-runbooks
  REF:
    directory: 70-devex
namespaces:
- name: meminit
  repo_prefix: MEMINIT
  docs_root: docs
- name: org
  repo_prefix: ORG
  docs_root: docs/00-governance/org
  type_directories:
    GOV: .
`;

/**
 * The document types the Python DocOps CLI's `init` writes (reference §8.4, §4.2): three
 * directories are shared by two types each (10-prd: PRD, RESEARCH; 60-runbooks: GUIDE,
 * RUNBOOK; 70-devex: DEVEX, REF).
 */
export const SHARED_DIRS_CONFIG = `project_name: shared
repo_prefix: SHARED
docops_version: '2.0'
docs_root: docs
schema_path: docs/00-governance/metadata.schema.json
excluded_paths:
- docs/00-governance/templates
excluded_filename_prefixes:
- WIP-
document_types:
  PRD:
    directory: 10-prd
  RESEARCH:
    directory: 10-prd
  GUIDE:
    directory: 60-runbooks
  RUNBOOK:
    directory: 60-runbooks
  DEVEX:
    directory: 70-devex
  REF:
    directory: 70-devex
  ADR:
    directory: 45-adr
`;

/** The minimal valid ADR (reference §5.2 fields, an unquoted date), under `prefix`. */
export function postgresAdr(prefix: string): string {
  return `---\ndocument_id: ${prefix}-ADR-001\ntype: ADR\ntitle: Use Postgres\nstatus: Approved\nversion: "1.0"\nlast_updated: 2026-01-01\nowner: me\ndocops_version: "2.0"\n---\n# Use Postgres\n`;
}

interface Meta {
  id: string;
  type: string;
  title: string;
  status?: string;
  extra?: string;
}

/**
 * A document as that tool's `new` writes it (§6.4: generated keys in template order, `version`
 * quoted, the visible metadata block of §5.3 under the marker) with unquoted dates and
 * `docops_version` as people write them (§5.2 normalises both).
 */
function meminitDoc(m: Meta, body: string): string {
  const status = m.status ?? 'Approved';
  return [
    '---',
    `document_id: ${m.id}`,
    `type: ${m.type}`,
    `title: ${m.title}`,
    `status: ${status}`,
    "version: '1.0'",
    'last_updated: 2026-02-18',
    'owner: DocOps Working Group',
    'docops_version: 2.0',
    ...(m.extra ? [m.extra.trimEnd()] : []),
    '---',
    '',
    '<!-- MEMINIT_METADATA_BLOCK -->',
    `> **Document ID:** ${m.id}`,
    '> **Owner:** DocOps Working Group',
    `> **Status:** ${status}`,
    '',
    `# ${m.id}: ${m.title}`,
    '',
    body.trimEnd(),
    '',
  ].join('\n');
}

/** The governed documents of the base repository (all valid by §5.5), by repo-relative path. */
export function baseDocuments(): Record<string, string> {
  return {
    'docs/00-governance/gov-001-documentation-standards.md': meminitDoc(
      {
        id: 'MEMINIT-GOV-001',
        type: 'GOV',
        title: 'Documentation standards',
        extra: 'approvers: Jane Doe, Ola Nordmann\nkeywords:\n- governance\ntags:\n- policy',
      },
      'Every decision is an [ADR](../45-adr/adr-001-use-postgres.md#decision).\n',
    ),
    'docs/00-governance/org/org-gov-001-constitution.md': meminitDoc(
      { id: 'ORG-GOV-001', type: 'GOV', title: 'DocOps constitution' },
      'The organisation rules.\n',
    ),
    'docs/00-governance/org/org-gov-002-metadata-schema.md': meminitDoc(
      { id: 'ORG-GOV-002', type: 'GOV', title: 'Metadata schema', extra: 'related_ids:\n- ORG-GOV-001' },
      'See the [constitution](org-gov-001-constitution.md).\n',
    ),
    'docs/10-prd/prd-001-work-queue.md': meminitDoc(
      {
        id: 'MEMINIT-PRD-001',
        type: 'PRD',
        title: 'Work queue',
        extra: 'area: planning\ndescription: What the work queue is for.\ntemplate_type: prd-standard\ntemplate_version: 2.0',
      },
      '## Problem\n\nTeams plan work on documents.\n',
    ),
    'docs/10-prd/research-001-user-interviews.md': meminitDoc(
      { id: 'MEMINIT-RESEARCH-001', type: 'RESEARCH', title: 'User interviews', status: 'Draft' },
      'Notes.\n',
    ),
    'docs/05-planning/plan-001-roadmap.md': meminitDoc({ id: 'MEMINIT-PLAN-001', type: 'PLAN', title: 'Roadmap' }, 'Phases.\n'),
    'docs/05-planning/tasks/task-001-ship-index.md': meminitDoc(
      { id: 'MEMINIT-TASK-001', type: 'TASK', title: 'Ship the index', status: 'In Review' },
      'Steps.\n',
    ),
    'docs/20-specs/spec-001-index-artifact.md': meminitDoc(
      { id: 'MEMINIT-SPEC-001', type: 'SPEC', title: 'Index artifact', extra: 'related_ids:\n- MEMINIT-ADR-002' },
      '## Overview\n\nThe artifact. Decided in [ADR-002](../45-adr/adr-002-use-sqlite.md).\n',
    ),
    'docs/45-adr/adr-001-use-postgres.md': meminitDoc(
      { id: 'MEMINIT-ADR-001', type: 'ADR', title: 'Use Postgres', status: 'Superseded', extra: 'superseded_by: MEMINIT-ADR-002' },
      '## Decision\n\nPostgres. Replaced by [ADR-002](adr-002-use-sqlite.md).\n',
    ),
    'docs/45-adr/adr-002-use-sqlite.md': meminitDoc(
      { id: 'MEMINIT-ADR-002', type: 'ADR', title: 'Use SQLite', extra: 'related_ids:\n- MEMINIT-SPEC-001' },
      '## Decision\n\nSQLite, specified in [the spec](../20-specs/spec-001-index-artifact.md#overview).\n',
    ),
    'docs/60-runbooks/runbook-001-deploy.md': meminitDoc({ id: 'MEMINIT-RUNBOOK-001', type: 'RUNBOOK', title: 'Deploy' }, 'Run it.\n'),
    'docs/60-runbooks/guide-001-onboarding.md': meminitDoc({ id: 'MEMINIT-GUIDE-001', type: 'GUIDE', title: 'Onboarding' }, 'Welcome.\n'),
    'docs/70-devex/ref-001-cli.md': meminitDoc({ id: 'MEMINIT-REF-001', type: 'REF', title: 'CLI reference' }, 'Commands.\n'),
    'docs/70-devex/devex-001-local-setup.md': meminitDoc({ id: 'MEMINIT-DEVEX-001', type: 'DEVEX', title: 'Local setup' }, 'Install.\n'),
  };
}

/**
 * Files that are not governed documents: a template full of `{{placeholders}}` (§6.4, excluded
 * by §4.1), a `WIP-` draft (§4.1), a custom excluded file, and the lock `org vendor` writes (§8.6).
 */
function supportFiles(): Record<string, string> {
  return {
    'docs/00-governance/metadata.schema.json': `${JSON.stringify(MEMINIT_SCHEMA, null, 2)}\n`,
    'docs/00-governance/templates/adr.template.md':
      '---\ndocument_id: {{document_id}}\ntype: ADR\ntitle: {{title}}\nstatus: {{status}}\nversion: "0.1"\nlast_updated: {{date}}\nowner: {{owner}}\ndocops_version: "2.0"\narea: {{area}}\n---\n\n<!-- MEMINIT_METADATA_BLOCK -->\n> **Document ID:** {{document_id}}\n\n# {{document_id}}: {{title}}\n\n<!-- MEMINIT_SECTION: context -->\n## Context\n',
    'docs/00-governance/templates/prd.template.md': '---\ntitle: {{title}}\n---\n\n# {{title}}\n\n## Problem\n',
    'docs/45-adr/WIP-half-thought.md': '# Not ready\n',
    'docs/01-indices/scratch.md': 'scratch, no frontmatter\n',
    '.meminit/org-profile.lock.json': `${JSON.stringify({ lock_schema_version: '1.0', profile_name: 'default', profile_version: '0.1', source: 'packaged', digest: 'a'.repeat(64), vendored_at: '2026-02-18T10:00:00+00:00' })}\n`,
  };
}

/**
 * §7.3: the views that tool's `index --output-catalog --output-kanban` writes into the index
 * directory (the catalogue under `catalog_name`, with governed-looking frontmatter; kanban.md
 * and its stylesheet), and §9.1's state file beside them.
 */
function generatedViews(): Record<string, string> {
  return {
    'docs/01-indices/dashboard.md':
      '---\ndocument_id: MEMINIT-INDEX-001\ntype: INDEX\ntitle: Project Dashboard\nstatus: Draft\nversion: "1.0"\nlast_updated: 2026-02-18\nowner: __TBD__\ndocops_version: "2.0"\n---\n<!-- MEMINIT_GENERATED: catalog -->\n# Project Dashboard\n\n## Active Work\n\n| ID | Title |\n| --- | --- |\n| MEMINIT-PRD-001 | Work queue |\n',
    'docs/01-indices/kanban.md':
      '<!-- MEMINIT_GENERATED: kanban -->\n# Meminit Project Status Board\n\n<link rel="stylesheet" href="kanban.css">\n\n<div class="kanban-fallback">\n\n- Not Started: [Work queue](../10-prd/prd-001-work-queue.md)\n\n</div>\n',
    'docs/01-indices/kanban.css': '.kanban-column { display: inline-block; }\n',
    'docs/01-indices/project-state.yaml':
      "state_schema_version: '2.0'\ndocuments:\n  MEMINIT-PRD-001:\n    impl_state: Not Started\n    updated: '2026-02-18T10:00:00+00:00'\n    updated_by: jane\n",
  };
}

/** §5.2 and python-frontmatter: the text is stripped before the `---` line is looked for. */
function blankLineFrontmatter(): Record<string, string> {
  const text = meminitDoc({ id: 'MEMINIT-ADR-003', type: 'ADR', title: 'Blank line first' }, 'Accepted by that tool.\n');
  return {
    'docs/45-adr/adr-003-blank-line-first.md': `\n${text}`,
    // python-frontmatter splits on lines matching ^-{3,}\s*$: four dashes are a fence too.
    'docs/45-adr/adr-004-four-dash-fences.md': meminitDoc(
      { id: 'MEMINIT-ADR-004', type: 'ADR', title: 'Four dash fences' },
      'Also accepted.\n',
    ).replace(/^---$/gm, '----'),
  };
}

/**
 * §7.1: an artifact as that tool commits it (pretty, keys sorted, no run_id/root/timestamp),
 * listing one node: stale on purpose, so `index` has to bring it up to date in place.
 */
export function committedIndex(): Record<string, string> {
  const node = {
    area: null,
    description: null,
    document_id: 'MEMINIT-ADR-002',
    keywords: null,
    last_updated: '2026-02-18',
    namespace: 'meminit',
    owner: 'DocOps Working Group',
    path: 'docs/45-adr/adr-002-use-sqlite.md',
    related_ids: ['MEMINIT-SPEC-001'],
    repo_prefix: 'MEMINIT',
    status: 'Approved',
    superseded_by: null,
    title: 'Use SQLite',
    type: 'ADR',
    ready: false,
    open_blockers: [],
    unblocks: [],
  };
  const artifact = {
    advice: [],
    command: 'index',
    data: {
      document_count: 1,
      edge_count: 0,
      edges: [],
      graph_schema_version: '1.0',
      index_version: '1.0',
      namespaces: [
        { docs_root: 'docs', namespace: 'meminit', repo_prefix: 'MEMINIT' },
        { docs_root: 'docs/00-governance/org', namespace: 'org', repo_prefix: 'ORG' },
      ],
      node_count: 1,
      nodes: [node],
    },
    output_schema_version: '2.0',
    success: true,
    violations: [],
    warnings: [],
  };
  return { 'docs/01-indices/meminit.index.json': `${JSON.stringify(sortKeys(artifact), null, 2)}\n` };
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** What a variant adds to the base repository (whose config keys and shared type directories every variant has). */
export type Trait = 'generated-views' | 'blank-line-frontmatter' | 'committed-index';

/** The base repository plus the files of each trait asked for, as a git work tree (§1.3: that tool runs in one). */
export function meminitRepo(traits: readonly Trait[] = []): string {
  const root = tempDir('docket-meminit-');
  const files: Record<string, string> = { 'docops.config.yaml': MEMINIT_CONFIG, ...supportFiles(), ...baseDocuments() };
  if (traits.includes('generated-views')) Object.assign(files, generatedViews());
  if (traits.includes('blank-line-frontmatter')) Object.assign(files, blankLineFrontmatter());
  if (traits.includes('committed-index')) Object.assign(files, committedIndex());
  writeTree(root, files);
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

/** sha-256 of every file under root (but .git and docket's own .docket/), by repo-relative path. */
export function treeDigest(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (rel === '.git' || rel === '.docket') continue;
      if (e.isDirectory()) walk(abs);
      else out[rel] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    }
  };
  walk(root);
  return out;
}
