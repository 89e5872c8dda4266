import { ADVICE_CODES } from './table/advice.js';
import { AGENT_CODES } from './table/agents.js';
import { AUTHORING_CODES } from './table/authoring.js';
import { CONFIG_CODES } from './table/config.js';
import { DOCUMENT_CODES } from './table/documents.js';
import { FIX_CODES } from './table/fix.js';
import { INDEX_CODES } from './table/index.js';
import { LINK_CODES } from './table/links.js';
import { REPOSITORY_CODES } from './table/repository.js';
import { RUNTIME_CODES } from './table/runtime.js';
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
} as const satisfies Record<string, CodeSpec>;

export type Code = keyof typeof CODES;

export const CODE_AREAS: readonly Record<string, CodeSpec>[] = [USAGE_CODES, CONFIG_CODES, RUNTIME_CODES, REPOSITORY_CODES, DOCUMENT_CODES, LINK_CODES, FIX_CODES, AUTHORING_CODES, ADVICE_CODES, AGENT_CODES, INDEX_CODES];

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}

export function codeSpec(code: Code): CodeSpec {
  return CODES[code];
}
