import { CODES, type Code } from './codes.js';
import type { ExitCode } from './types.js';

export interface DocketErrorOptions {
  suggestion?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error type the domain throws; the CLI turns it into an envelope and an exit code. */
export class DocketError extends Error {
  readonly code: Code;
  readonly suggestion: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: Code, message: string, options: DocketErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocketError';
    this.code = code;
    this.suggestion = options.suggestion;
    this.details = options.details;
  }

  get exitCode(): ExitCode {
    return CODES[this.code].exit;
  }
}

export function isDocketError(value: unknown): value is DocketError {
  return value instanceof DocketError;
}
