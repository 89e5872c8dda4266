import type { Advice, Issue } from '../core/issues.js';
import { normalizeAdvice, sortIssues } from '../core/issues.js';
import { OUTPUT_SCHEMA_VERSION, type Envelope as ContractEnvelope, type ErrorInfo, type Status } from '../contract/envelope.js';
import type { Code } from '../errors/codes.js';

export { OUTPUT_SCHEMA_VERSION } from '../contract/envelope.js';
export type { ErrorInfo } from '../contract/envelope.js';

/** An envelope docket builds: its findings and advice carry codes of the error table. */
export type Envelope<T extends object = Record<string, unknown>> = ContractEnvelope<T, Code>;

export interface EnvelopeParts {
  success: boolean;
  status: Status;
  command: string;
  runId: string;
  correlationId?: string;
  timestamp?: string;
  root: string;
  data: object;
  warnings?: readonly Issue[];
  violations?: readonly Issue[];
  advice?: readonly Advice[];
  error?: ErrorInfo;
  metrics?: Record<string, number>;
}

/** Object keys sorted recursively; arrays keep their (already deterministic) order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) {
    // A list without objects (check's checked_paths: a string per document) has no keys to sort.
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') return value.map(sortKeysDeep);
    }
    return value;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeysDeep(v);
    }
    return out;
  }
  return value;
}

/** Builds the envelope with the contract's fixed key order and deterministic contents. */
export function buildEnvelope(parts: EnvelopeParts): Envelope {
  const env: Envelope = {
    output_schema_version: OUTPUT_SCHEMA_VERSION,
    success: parts.success,
    status: parts.status,
    command: parts.command,
    run_id: parts.runId,
    ...(parts.correlationId !== undefined ? { correlation_id: parts.correlationId } : {}),
    ...(parts.timestamp !== undefined ? { timestamp: parts.timestamp } : {}),
    root: parts.root,
    data: sortKeysDeep(parts.data) as Record<string, unknown>,
    warnings: sortIssues(parts.warnings ?? []),
    violations: sortIssues(parts.violations ?? []),
    advice: normalizeAdvice(parts.advice ?? []),
  };
  if (parts.error) {
    const { code, message, suggestion, details } = parts.error;
    env.error = {
      code,
      message,
      ...(suggestion ? { suggestion } : {}),
      ...(details ? { details: sortKeysDeep(details) as Record<string, unknown> } : {}),
    };
  }
  if (parts.metrics) env.metrics = sortKeysDeep(parts.metrics) as Record<string, number>;
  return env;
}
