import type { ParsedFrontmatter } from '../frontmatter/parse.js';
import { NONE } from '../lists.js';
import { patternRunner } from '../schema/pattern/engine.js';

/** A value changed before validation, because YAML typed what the author meant as a string. */
export interface Normalization {
  field: string;
  from: unknown;
  to: unknown;
}

export interface PropertySchema {
  type?: string | string[];
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  description?: string;
}

/** The schema of a top-level property, when the schema declares one plainly. */
export function propertySchema(schema: Record<string, unknown> | undefined, key: string): PropertySchema | undefined {
  const props = schema?.properties;
  if (!props || typeof props !== 'object' || !Object.hasOwn(props, key)) return undefined;
  const prop = (props as Record<string, unknown>)[key];
  return prop && typeof prop === 'object' && !Array.isArray(prop) ? (prop) : undefined;
}

/**
 * The schema's pattern as ajv runs it (in linear time: see schema/pattern/engine.ts);
 * undefined when docket cannot run it (the schema is then SCHEMA_INVALID).
 */
export function patternOf(prop: PropertySchema | undefined): { test: (input: string) => boolean } | undefined {
  if (typeof prop?.pattern !== 'string') return undefined;
  const runner = patternRunner(prop.pattern);
  return runner.ok ? runner : undefined;
}

function expectsString(prop: PropertySchema | undefined): boolean {
  if (!prop || prop.type === undefined) return true;
  return prop.type === 'string' || (Array.isArray(prop.type) && prop.type.includes('string') && !prop.type.includes('number'));
}

const VERSION_KEY = /(^|_)version$/;

/**
 * Whether normalizeMetadata could change a value: a number (a version), or a string that is a
 * timestamp in a date field. A date field's value of ten characters or fewer is a date at most.
 */
function needsNormalizing(data: Record<string, unknown>, schema: Record<string, unknown> | undefined): boolean {
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (typeof value === 'number') return true;
    if (typeof value === 'string' && value.length > 10) {
      const prop = propertySchema(schema, key);
      if (prop?.format === 'date' || (!prop && key === 'last_updated')) return true;
    }
  }
  return false;
}
const DATETIME = /^(\d{4}-\d{2}-\d{2})[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * Normalises the values users write unquoted every day, as the schema intends them:
 * `version: 1` is "1.0" when the schema wants MAJOR.MINOR strings (the source text is kept,
 * so `1.10` stays "1.10"), and a timestamp in a `date` field is its date. Dates stay
 * strings under YAML 1.2, so `2026-02-30` is never rolled over: the schema rejects it.
 */
export function normalizeMetadata(fm: ParsedFrontmatter, schema: Record<string, unknown> | undefined): { metadata: Record<string, unknown>; normalized: Normalization[] } {
  // Most frontmatter needs nothing changed: its own data is the metadata (nothing writes to either).
  if (Object.getPrototypeOf(fm.data) === Object.prototype && !Object.hasOwn(fm.data, '__proto__') && !needsNormalizing(fm.data, schema)) return { metadata: fm.data, normalized: NONE };
  const metadata: Record<string, unknown> = {};
  const normalized: Normalization[] = [];
  for (const key of Object.keys(fm.data)) {
    const value = fm.data[key];
    const prop = propertySchema(schema, key);
    let to: unknown = value;
    if (typeof value === 'number' && Number.isFinite(value) && VERSION_KEY.test(key) && expectsString(prop)) {
      const src = fm.source(key) ?? String(value);
      const plain = /^\d+(\.\d+)?$/.test(src) ? src : String(value);
      const candidates = plain.includes('.') ? [plain] : [`${plain}.0`, plain];
      const re = patternOf(prop);
      to = (re ? candidates.find((c) => re.test(c)) : undefined) ?? candidates[0];
    } else if (typeof value === 'string' && (prop?.format === 'date' || (!prop && key === 'last_updated'))) {
      const m = DATETIME.exec(value.trim());
      if (m) to = m[1];
    }
    if (to !== value) normalized.push({ field: key, from: value, to });
    // An own data property, even for `__proto__` (plain assignment would set the prototype).
    if (key === '__proto__') Object.defineProperty(metadata, key, { value: to, enumerable: true, writable: true, configurable: true });
    else metadata[key] = to;
  }
  return { metadata, normalized };
}
