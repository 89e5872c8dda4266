import { sortIssues, type Issue } from '../core/issues.js';
import { redactValue, type RedactionTally } from '../core/redact.js';
import type { Envelope } from './envelope.js';
import { safeBlock, safeText } from './render/style.js';

/** The finding that says an output hides values (one per output, with the count). */
export function redactedWarning(count: number): Issue {
  return {
    code: 'OUTPUT_REDACTED',
    severity: 'info',
    message: `${count} value${count === 1 ? '' : 's'} that look${count === 1 ? 's' : ''} like a secret ${count === 1 ? 'was' : 'were'} replaced by [REDACTED:<kind>] in this output.`,
    suggestion:
      'Remove the credentials from the repository and rotate them; `docket explain OUTPUT_REDACTED` lists what counts as a secret.',
  };
}

/**
 * One redaction pass over everything a command can echo from documents (`data`, findings,
 * advice, `error`), applied before rendering in every format. `root`, `run_id` and the other
 * envelope scalars come from docket itself and are left as they are. When anything was
 * replaced, an OUTPUT_REDACTED warning gives the count (a reader sees the output is not whole).
 */
export function redactEnvelope<E extends Envelope>(env: E): E {
  const tally: RedactionTally = { count: 0 };
  const data = redactValue(env.data, tally);
  const warnings = redactValue(env.warnings, tally);
  const violations = redactValue(env.violations, tally);
  const advice = redactValue(env.advice, tally);
  const error = env.error === undefined ? undefined : redactValue(env.error, tally);
  if (tally.count === 0) return env;
  return {
    ...env,
    data,
    warnings: sortIssues([...warnings, redactedWarning(tally.count)]),
    violations,
    advice,
    ...(error === undefined ? {} : { error }),
  };
}

/** The only data fields printed as blocks of lines (fix's diffs, new's rendered document, completion's script). */
const BLOCK_FIELDS: ReadonlySet<string> = new Set(['diff', 'rendered_content', 'script']);

function escapeDeep(value: unknown, block = false): unknown {
  if (typeof value === 'string') return block ? safeBlock(value) : safeText(value);
  if (Array.isArray(value)) return value.map((v) => escapeDeep(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [safeText(k), escapeDeep(v, BLOCK_FIELDS.has(k))]),
    );
  }
  return value;
}

/**
 * For text and Markdown: control and bidirectional characters in every string (keys too) are
 * escaped before any renderer sees them, so a command's own renderer cannot forget one. Line
 * breaks are escaped too, except in the fields printed as blocks. JSON gets the same
 * characters escaped by its one serializer (render/json.ts).
 */
export function escapeEnvelope<E extends Envelope>(env: E): E {
  return escapeDeep(env) as E;
}
