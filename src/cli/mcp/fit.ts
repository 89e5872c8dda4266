import { toJson } from '../render/json.js';
import { sortIssues, type Issue } from '../../core/issues.js';
import type { Envelope } from '../envelope.js';

// Measured as the server writes it (render/json.ts escapes more than JSON.stringify).
const bytes = (value: unknown) => Buffer.byteLength(toJson(value), 'utf8');

interface List {
  label: string;
  items: readonly unknown[];
  set(env: Envelope, items: unknown[]): void;
}

function listsOf(env: Envelope): List[] {
  const lists: List[] = [
    { label: 'violations', items: env.violations, set: (e, items) => (e.violations = items as Issue[]) },
    { label: 'warnings', items: env.warnings, set: (e, items) => (e.warnings = items as Issue[]) },
  ];
  for (const [key, value] of Object.entries(env.data)) {
    if (Array.isArray(value)) lists.push({ label: `data.${key}`, items: value, set: (e, items) => (e.data[key] = items) });
  }
  return lists.filter((l) => l.items.length > 0);
}

function cut(env: Envelope, lists: List[], keep: number): Envelope {
  const copy: Envelope = { ...env, data: { ...env.data } };
  for (const list of lists) if (list.items.length > keep) list.set(copy, list.items.slice(0, keep));
  return copy;
}

function withMarker(env: Envelope, lists: List[], keep: number, maxBytes: number, dataDropped: boolean): Envelope {
  const kept = lists
    .filter((l) => l.items.length > keep)
    .map((l) => `${l.label} ${dataDropped && l.label.startsWith('data.') ? 0 : keep} of ${l.items.length}`);
  const marker: Issue = {
    code: 'OUTPUT_TRUNCATED',
    severity: 'info',
    message: `The result was cut to fit ${maxBytes} bytes: ${[...kept, ...(dataDropped ? ['data left out'] : [])].join(', ')}.`,
    suggestion: 'Narrow the call (fields, max_findings, fewer paths) or start docket mcp with a larger --max-result-bytes.',
  };
  const data = env.data;
  if ('truncated' in data) data.truncated = true;
  return { ...env, warnings: sortIssues([...env.warnings, marker]) };
}

/**
 * Shrinks an envelope to at most `maxBytes` of JSON: the longest prefix `keep` of violations,
 * warnings and top-level data arrays that fits (found by bisection), plus an OUTPUT_TRUNCATED
 * item in warnings giving the counts, and `data.truncated` set where the command has it. The
 * result stays valid against the tool's outputSchema (whose data `required` is relaxed); if
 * even empty lists do not fit, data is left out entirely.
 */
export function fitEnvelope(env: Envelope, maxBytes: number): Envelope {
  if (bytes(env) <= maxBytes) return env;
  const lists = listsOf(env);
  const longest = Math.max(0, ...lists.map((l) => l.items.length));
  const attempt = (keep: number) => withMarker(cut(env, lists, keep), lists, keep, maxBytes, false);
  if (bytes(attempt(0)) > maxBytes) return withMarker({ ...cut(env, lists, 0), data: {} }, lists, 0, maxBytes, true);
  let lo = 0;
  let hi = longest;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (bytes(attempt(mid)) <= maxBytes) lo = mid;
    else hi = mid - 1;
  }
  return attempt(lo);
}
