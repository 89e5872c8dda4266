import { ADVICE_CODES } from './table/advice.js';
import { AGENT_CODES } from './table/agents.js';
import { AUTHORING_CODES } from './table/authoring.js';
import { CONFIG_CODES } from './table/config.js';
import { DOCUMENT_CODES } from './table/documents.js';
import { FIX_CODES } from './table/fix.js';
import { INDEX_CODES } from './table/index-codes.js';
import { LINK_CODES } from './table/links.js';
import { PROTOCOL_CODES } from './table/protocol.js';
import { REPOSITORY_CODES } from './table/repository.js';
import { RUNTIME_CODES } from './table/runtime.js';
import { STATE_CODES } from './table/state.js';
import { USAGE_CODES } from './table/usage.js';
import type { CodeSpec } from './types.js';

/**
 * The single source of truth for every code docket emits: errors, findings and advice.
 * Areas live in ./table/ to keep files small; a test fails on duplicate keys across areas.
 */
export const CODES = {
  ...USAGE_CODES,
  ...CONFIG_CODES,
  ...RUNTIME_CODES,
  ...REPOSITORY_CODES,
  ...DOCUMENT_CODES,
  ...LINK_CODES,
  ...FIX_CODES,
  ...AUTHORING_CODES,
  ...ADVICE_CODES,
  ...AGENT_CODES,
  ...INDEX_CODES,
  ...STATE_CODES,
  ...PROTOCOL_CODES,
} as const satisfies Record<string, CodeSpec>;

export type Code = keyof typeof CODES;

/** The areas of the table, named (DOCKET-SPEC-002 lists them in this order). */
export const NAMED_CODE_AREAS: readonly { name: string; codes: Record<string, CodeSpec> }[] = [
  { name: 'Usage', codes: USAGE_CODES },
  { name: 'Configuration', codes: CONFIG_CODES },
  { name: 'Runtime', codes: RUNTIME_CODES },
  { name: 'Repository', codes: REPOSITORY_CODES },
  { name: 'Documents', codes: DOCUMENT_CODES },
  { name: 'Links', codes: LINK_CODES },
  { name: 'Fix', codes: FIX_CODES },
  { name: 'Authoring (new, templates, IDs, pre-commit, org profiles)', codes: AUTHORING_CODES },
  { name: 'Index, navigation, scan and streams', codes: INDEX_CODES },
  { name: 'Agents (mcp)', codes: AGENT_CODES },
  { name: 'Work queue (state)', codes: STATE_CODES },
  { name: 'Agent instruction files (protocol)', codes: PROTOCOL_CODES },
  { name: 'Advice', codes: ADVICE_CODES },
];

export const CODE_AREAS: readonly Record<string, CodeSpec>[] = NAMED_CODE_AREAS.map((a) => a.codes);

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}
