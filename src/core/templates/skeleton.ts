import { METADATA_MARKER } from './metadata-block.js';

/** Sections of the skeleton for types without a built-in template. */
const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  GOV: ['Scope', 'Rules', 'Exceptions', 'Version History'],
  PLAN: ['Goals', 'Milestones', 'Risks', 'Open Questions'],
  SPEC: ['Overview', 'Specification', 'Examples', 'Compatibility', 'Open Questions'],
  DESIGN: ['Context', 'Design', 'Alternatives Considered', 'Risks'],
  DECISION: ['Context', 'Decision', 'Consequences'],
  TEST: ['Scope', 'Approach', 'Cases', 'Results'],
  LOG: ['Entries'],
  RUNBOOK: ['Purpose', 'Preconditions', 'Steps', 'Verification', 'Rollback'],
  DEVEX: ['Overview', 'Setup', 'Usage', 'Troubleshooting'],
};

const DEFAULT_SECTIONS = ['Summary', 'Context', 'Details', 'Open Questions'];

/** A sensible template for a type with no configured, conventional or built-in template. */
export function skeletonTemplate(type: string): string {
  const sections = SECTIONS[type] ?? DEFAULT_SECTIONS;
  return `${METADATA_MARKER}\n\n# {{document_id}}: {{title}}\n\n${sections.map((s) => `## ${s}\n\n...\n`).join('\n')}`;
}
