import { EXIT, type CodeSpec } from '../types.js';

const advice = (summary: string, commands: string[]): CodeSpec => ({
  kind: 'advice',
  exit: EXIT.OK,
  category: 'guidance',
  summary,
  cause: 'docket suggests the command that usually comes next.',
  remediation: { action: "Run the command in the advice item's `command` field.", commands },
});

/** Codes of `advice` items: each carries an exact command line an agent can run next. */
export const ADVICE_CODES = {
  NEXT_INIT: advice('Initialise the repository for docket.', ['docket init']),
  NEXT_CHECK: advice('Check the governed documents.', ['docket check']),
  NEXT_FIX: advice('Preview the mechanical fixes for the findings.', ['docket fix']),
  NEXT_INDEX: advice('Build the ID index.', ['docket index']),
  NEXT_DOCTOR: advice('Diagnose the repository setup.', ['docket doctor']),
  NEXT_NEW: advice('Create a governed document.', ['docket new <TYPE> "<title>"']),
  NEXT_CONTEXT_DEEP: advice('List the governed documents.', ['docket context --deep']),
  NEXT_MV_APPLY: advice('Move the document and rewrite the links the dry run listed.', ['docket mv <SOURCE> <TARGET> --apply']),
  NEXT_EXPLAIN: advice('Read what a code means and how to fix it.', ['docket explain <CODE>']),
  NEXT_GRAPH_DOT: advice("Draw a graph too large for Mermaid's defaults with Graphviz, or narrow it with the filters.", [
    'docket graph --format dot',
  ]),
  NEXT_STATE_SET: advice('Record the state of a document in the work queue.', ['docket state set <ID> --impl-state "In Progress"']),
  NEXT_STATE_NEXT: advice('Take the next ready item of the work queue.', ['docket state next']),
  NEXT_PROTOCOL_SYNC: advice('Bring the managed agent-instruction files (AGENTS.md, ...) up to date.', ['docket protocol sync --apply']),
} as const satisfies Record<string, CodeSpec>;
