import type { ParsedFrontmatter } from '../../frontmatter/parse.js';
import { NONE } from '../../lists.js';
import { patternRunner } from '../../schema/pattern/engine.js';
import { yaml11Type } from './yaml11.js';

/**
 * A top-level scalar YAML typed otherwise than the schema declares, and what docket reads it
 * as: the one rule for scalars (see normalizeMetadata).
 */
export interface Normalization {
  field: string;
  from: unknown;
  to: unknown;
  /**
   * Set when the Python DocOps CLI would not read the value silently as `to` (it normalises
   * only unquoted versions and `last_updated` dates): check reports SCALAR_TYPE_MISMATCH.
   */
  mismatch?: ScalarMismatch;
}

export interface ScalarMismatch {
  /** The scalar as written in the file (a quoted one's content). */
  written: string;
  /** What a YAML reader takes it for: 'a number', 'true or false', 'a date', 'text'. */
  reads: string;
  /** Only YAML 1.1 readers (the Python DocOps CLI) take it so; docket itself reads text. */
  yaml11: boolean;
  /** What the schema declares: 'string', 'number', 'integer', 'boolean'. */
  wanted: string;
  /**
   * What the author should do: quote a plain scalar (`title: "2024"`), unquote a number or
   * boolean written as text (`priority: 3`), or rewrite a YAML 1.1 boolean (`draft: true`).
   */
  remedy: 'quote' | 'unquote' | 'rewrite';
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
  return prop && typeof prop === 'object' && !Array.isArray(prop) ? prop : undefined;
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

/** A one-element list per type name, so reading a declared `type: string` allocates nothing. */
const SINGLE_TYPES = new Map<string, readonly string[]>();

/** The declared types of a property, or undefined when it declares none. */
function declaredTypes(prop: PropertySchema | undefined): readonly string[] | undefined {
  const t = prop?.type;
  if (typeof t === 'string') {
    let list = SINGLE_TYPES.get(t);
    if (list === undefined) SINGLE_TYPES.set(t, (list = [t]));
    return list;
  }
  return Array.isArray(t) && t.every((x) => typeof x === 'string') ? t : undefined;
}

/** Whether declared types accept a value of a JSON Schema type ('integer' for a whole number). */
function accepts(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

const jsonType = (value: number | boolean): string =>
  typeof value === 'boolean' ? 'boolean' : Number.isInteger(value) ? 'integer' : 'number';
const READS: Record<string, string> = { boolean: 'true or false', integer: 'a number', number: 'a number', date: 'a date' };

/** The keys whose unquoted numbers the Python DocOps CLI turns into strings (int N to "N.0"). */
const PYTHON_VERSION_KEYS = new Set(['version', 'docops_version', 'template_version']);
/** A version as people write it unquoted: both YAML versions read it as the same number. */
const PLAIN_VERSION = /^\d+(\.\d+)?$/;
/** A number or boolean as the YAML 1.2 core schema writes them (for text the schema wants typed). */
const CORE_NUMBER = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const CORE_BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;
const YAML11_TRUE = /^(?:yes|true|on)$/i;

/** Whether normalizeMetadata would change or report anything (most frontmatter: no, and nothing is allocated to say so). */
function needsNormalizing(fm: ParsedFrontmatter, schema: Record<string, unknown> | undefined): boolean {
  const data = fm.data;
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    // Text that starts otherwise is no number, boolean or date to any YAML reader (most values): nothing to look up.
    if (value === null || typeof value === 'object' || (typeof value === 'string' && !mayBeTyped(value))) continue;
    const prop = propertySchema(schema, key);
    if (readScalar(fm, key, value, prop) !== undefined) return true;
    // A date field's value of ten characters or fewer is a date at most.
    if (
      typeof value === 'string' &&
      value.length > 10 &&
      (prop?.format === 'date' || (!prop && key === 'last_updated')) &&
      DATETIME.test(value.trim())
    )
      return true;
  }
  return false;
}

/** First characters of the plain scalars YAML 1.1 types: digits, signs, a dot, and y/n/t/f/o for booleans. */
function mayBeTyped(value: string): boolean {
  const c = value.charCodeAt(0) | 0x20;
  return (
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x79 ||
    c === 0x6e ||
    c === 0x74 ||
    c === 0x66 ||
    c === 0x6f ||
    c === 0x7e
  );
}
const DATETIME = /^(\d{4}-\d{2}-\d{2})[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

/** The normalised `to` of a version the Python DocOps CLI turns into a string: the source digits, "N.0" or "N" as the pattern wants. */
function versionString(src: string, prop: PropertySchema | undefined): string {
  const candidates = src.includes('.') ? [src] : [`${src}.0`, src];
  const re = patternOf(prop);
  return (re ? candidates.find((c) => re.test(c)) : undefined) ?? candidates[0]!;
}

/**
 * The one rule for a top-level scalar whose YAML type is not what the schema declares: what
 * docket reads it as, and whether that is worth a warning. Silent, as in the Python DocOps CLI:
 * an unquoted version (`version: 1` is "1.0"; the source digits are kept, so `1.10` stays
 * "1.10") and an unquoted date in `last_updated`. Otherwise a number or boolean where the
 * schema wants text is read as its source text; a quoted number or boolean where it wants
 * that type, as that value; a plain scalar docket reads as text but YAML 1.1 (the Python tool)
 * as a boolean, number or date, stays text: each with a warning. Nulls (`key:`, `~`) are no
 * value, reported by the schema; anything else is left to the schema too.
 */
function readScalar(fm: ParsedFrontmatter, key: string, value: unknown, prop: PropertySchema | undefined): Normalization | undefined {
  const types = declaredTypes(prop);
  if (typeof value === 'number' || typeof value === 'boolean') {
    const src = fm.source(key) ?? String(value);
    if (typeof value === 'number' && PYTHON_VERSION_KEYS.has(key) && PLAIN_VERSION.test(src) && expectsString(prop))
      return { field: key, from: value, to: versionString(src, prop) };
    if (!types || accepts(types, jsonType(value)) || !types.includes('string')) return undefined;
    return {
      field: key,
      from: value,
      to: src,
      mismatch: { written: src, reads: READS[jsonType(value)]!, yaml11: false, wanted: 'string', remedy: 'quote' },
    };
  }
  if (typeof value !== 'string' || !types) return undefined;
  if (!types.includes('string')) {
    const typed = CORE_NUMBER.test(value) ? Number(value) : CORE_BOOLEAN.test(value) ? /^t/i.test(value) : undefined;
    if (typed !== undefined && accepts(types, jsonType(typed)))
      return {
        field: key,
        from: value,
        to: typed,
        mismatch: { written: value, reads: 'text', yaml11: false, wanted: wantedFor(types, typed), remedy: 'unquote' },
      };
    // `draft: yes` is true to the Python tool (YAML 1.1), text to docket (YAML 1.2).
    if (!types.includes('boolean') || !mayBeTyped(value) || yaml11Type(value) !== 'boolean' || !fm.plain(key)) return undefined;
    return {
      field: key,
      from: value,
      to: YAML11_TRUE.test(value),
      mismatch: { written: value, reads: 'text', yaml11: true, wanted: 'boolean', remedy: 'rewrite' },
    };
  }
  // Digits with at most one dot are a number to YAML 1.2 when plain: such a string was quoted (`version: "1.0"`).
  if (!mayBeTyped(value) || PLAIN_VERSION.test(value)) return undefined;
  const typed11 = yaml11Type(value);
  if (typed11 === undefined || typed11 === 'null' || (typed11 !== 'date' && accepts(types, typed11))) return undefined;
  // Last: whether the value was quoted (most `version: "1.0"` are) is a search of the keys.
  if ((typed11 === 'date' && key === 'last_updated') || !fm.plain(key)) return undefined;
  return {
    field: key,
    from: value,
    to: value,
    mismatch: { written: value, reads: READS[typed11]!, yaml11: true, wanted: 'string', remedy: 'quote' },
  };
}

/** The declared type a typed value satisfies ('integer' before 'number' when both are declared). */
function wantedFor(types: readonly string[], typed: number | boolean): string {
  return types.find((t) => accepts([t], jsonType(typed)))!;
}

/**
 * Normalises metadata before validation by the one rule for scalars (readScalar), and turns a
 * timestamp in a `date` field into its date. Dates stay strings under YAML 1.2, so
 * `2026-02-30` is never rolled over: the schema rejects it. `normalized` lists every value
 * read otherwise than YAML typed it, and every one worth a warning.
 */
export function normalizeMetadata(
  fm: ParsedFrontmatter,
  schema: Record<string, unknown> | undefined,
): { metadata: Record<string, unknown>; normalized: Normalization[] } {
  // Most frontmatter needs nothing changed: its own data is the metadata (nothing writes to either).
  if (Object.getPrototypeOf(fm.data) === Object.prototype && !Object.hasOwn(fm.data, '__proto__') && !needsNormalizing(fm, schema))
    return { metadata: fm.data, normalized: NONE };
  const metadata: Record<string, unknown> = {};
  const normalized: Normalization[] = [];
  for (const key of Object.keys(fm.data)) {
    const value = fm.data[key];
    const prop = propertySchema(schema, key);
    const read = readScalar(fm, key, value, prop);
    let to: unknown = read ? read.to : value;
    if (typeof to === 'string' && (prop?.format === 'date' || (!prop && key === 'last_updated'))) {
      const m = DATETIME.exec(to.trim());
      if (m) to = m[1];
    }
    if (read) normalized.push({ ...read, to });
    else if (to !== value) normalized.push({ field: key, from: value, to });
    // An own data property, even for `__proto__` (plain assignment would set the prototype).
    if (key === '__proto__') Object.defineProperty(metadata, key, { value: to, enumerable: true, writable: true, configurable: true });
    else metadata[key] = to;
  }
  return { metadata, normalized };
}
