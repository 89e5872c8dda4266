import { redactValue } from '../core/redact.js';
import type { Envelope } from './envelope.js';
import { safeText } from './render/style.js';

/**
 * One redaction pass over everything a command can echo from documents (`data`, findings,
 * advice, `error`), applied before rendering in every format. `root`, `run_id` and the other
 * envelope scalars come from docket itself and are left as they are.
 */
export function redactEnvelope<E extends Envelope>(env: E): E {
  const data = redactValue(env.data);
  const warnings = redactValue(env.warnings);
  const violations = redactValue(env.violations);
  const advice = redactValue(env.advice);
  const error = env.error === undefined ? undefined : redactValue(env.error);
  if (data === env.data && warnings === env.warnings && violations === env.violations && advice === env.advice && error === env.error) return env;
  return { ...env, data, warnings, violations, advice, ...(error === undefined ? {} : { error }) };
}

function escapeDeep(value: unknown): unknown {
  if (typeof value === 'string') return safeText(value);
  if (Array.isArray(value)) return value.map(escapeDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [safeText(k), escapeDeep(v)]));
  }
  return value;
}

/**
 * For text and Markdown: control and bidirectional characters in every string (keys too) are
 * escaped before any renderer sees them, so a command's own renderer cannot forget one.
 * JSON needs no such pass: JSON.stringify escapes control characters and consumers parse it.
 */
export function escapeEnvelope<E extends Envelope>(env: E): E {
  return escapeDeep(env) as E;
}
