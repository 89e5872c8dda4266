import { normalizeIssue, type Issue } from '../../core/issues.js';
import type { ItemKind } from '../../core/stream.js';
import { redactValue, type RedactionTally } from '../../core/redact.js';
import { OUTPUT_SCHEMA_VERSION, sortKeysDeep, type Envelope, type ErrorInfo } from '../envelope.js';
import { jsonLine } from './json.js';

/** Version of schemas/ndjson-record.schema.json; bumps like output_schema_version. */
const NDJSON_SCHEMA_VERSION = '1.0';

export interface RecordCounts {
  items: number;
  violations: number;
  warnings: number;
}

export interface HeaderParts {
  command: string;
  runId: string;
  correlationId?: string;
  timestamp?: string;
  root: string;
}

const line = (record: object): string => jsonLine(record);

export function headerRecord(h: HeaderParts): string {
  return line({
    record: 'header',
    schema_version: NDJSON_SCHEMA_VERSION,
    output_schema_version: OUTPUT_SCHEMA_VERSION,
    command: h.command,
    run_id: h.runId,
    ...(h.correlationId !== undefined ? { correlation_id: h.correlationId } : {}),
    ...(h.timestamp !== undefined ? { timestamp: h.timestamp } : {}),
    root: h.root,
  });
}

/** One result. Findings keep the envelope's key order; other data gets sorted keys. Secrets are redacted here. */
export function itemRecord(kind: ItemKind, data: object, tally?: RedactionTally): string {
  const body = kind === 'finding' ? normalizeIssue(data as Issue) : sortKeysDeep(data);
  return line({ record: 'item', kind, data: redactValue(body, tally) });
}

export function progressRecord(phase: string, done: number, total: number): string {
  return line({ record: 'progress', phase, done, total });
}

/** The terminal record of a run that completed: the envelope without its findings (they were items). Its data and advice are redacted already. */
export function summaryRecord(env: Envelope, counts: RecordCounts): string {
  return line({
    record: 'summary',
    success: env.success,
    status: env.status,
    counts,
    data: env.data,
    advice: env.advice,
    ...(env.metrics ? { metrics: env.metrics } : {}),
  });
}

/** The terminal record of a run that failed or was interrupted; its error is redacted already. */
export function errorRecord(status: Envelope['status'], error: ErrorInfo, counts: RecordCounts, metrics?: Record<string, number>): string {
  return line({ record: 'error', success: false, status, counts, error, ...(metrics ? { metrics } : {}) });
}
