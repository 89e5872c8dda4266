import type { Advice, Issue } from '../core/issues.js';
import { CODES, type Code } from './codes.js';
import type { ExitCode } from './types.js';

export interface DocketErrorOptions {
  suggestion?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
  /** What the command had found before it failed (the envelope keeps it in `warnings` / `advice`). */
  warnings?: readonly Issue[];
  advice?: readonly Advice[];
}

/** The one error type the domain throws; the CLI turns it into an envelope and an exit code. */
export class DocketError extends Error {
  readonly code: Code;
  readonly suggestion: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly warnings: readonly Issue[];
  readonly advice: readonly Advice[];

  constructor(code: Code, message: string, options: DocketErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocketError';
    this.code = code;
    this.suggestion = options.suggestion;
    this.details = options.details;
    this.warnings = options.warnings ?? [];
    this.advice = options.advice ?? [];
  }

  /** The same error, carrying what the command had found before it failed. */
  withFindings(warnings: readonly Issue[], advice: readonly Advice[] = []): DocketError {
    const copy = new DocketError(this.code, this.message, {
      ...(this.suggestion !== undefined ? { suggestion: this.suggestion } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
      cause: this.cause,
      warnings: [...this.warnings, ...warnings],
      advice: [...this.advice, ...advice],
    });
    copy.stack = this.stack;
    return copy;
  }

  get exitCode(): ExitCode {
    return CODES[this.code].exit;
  }
}

export function isDocketError(value: unknown): value is DocketError {
  return value instanceof DocketError;
}
