import type { Advice, Issue } from '../core/issues.js';

export const OUTPUT_SCHEMA_VERSION = '1.0';

/** ok: ran to completion; partial: completed but skipped unreadable inputs (listed in warnings). */
export type Status = 'ok' | 'partial' | 'error' | 'tool-missing';

export interface ErrorInfo {
  code: string;
  message: string;
  suggestion?: string;
  details?: Record<string, unknown>;
}

export interface Envelope<T extends object = Record<string, unknown>> {
  output_schema_version: string;
  success: boolean;
  status: Status;
  command: string;
  run_id: string;
  correlation_id?: string;
  timestamp?: string;
  root: string;
  data: T;
  warnings: Issue[];
  violations: Issue[];
  advice: Advice[];
  error?: ErrorInfo;
  metrics?: Record<string, number>;
}
