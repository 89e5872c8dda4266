/**
 * The document types the Python DocOps CLI's `init` writes (reference §8.4, §4.2): three
 * directories are shared by two types each (10-prd: PRD, RESEARCH; 60-runbooks: GUIDE,
 * RUNBOOK; 70-devex: DEVEX, REF).
 */
export const MEMINIT_CONFIG = `project_name: shared
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
