import type { Advice, Issue } from './issues.js';

export const OUTPUT_SCHEMA_VERSION = '1.0';

/** ok: ran to completion; partial: completed but skipped unreadable inputs (listed in warnings). */
export type Status = 'ok' | 'partial' | 'error' | 'tool-missing';

export interface ErrorInfo {
  code: string;
  message: string;
  suggestion?: string;
  details?: Record<string, unknown>;
}

/** `C`: the type of finding and advice codes (see Issue). */
export interface Envelope<T extends object = Record<string, unknown>, C extends string = string> {
  output_schema_version: string;
  success: boolean;
  status: Status;
  command: string;
  run_id: string;
  correlation_id?: string;
  timestamp?: string;
  root: string;
  data: T;
  warnings: Issue<C>[];
  violations: Issue<C>[];
  advice: Advice<C>[];
  error?: ErrorInfo;
  metrics?: Record<string, number>;
}
