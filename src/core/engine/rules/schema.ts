import type { ErrorObject } from 'ajv';
import { normalizeTypeKey } from '../../config/defaults.js';
import { propertySchema, type PropertySchema } from '../documents/normalize.js';
import { FILLABLE, accepts, directoryTypes, fillValue, isCalendarDate } from '../../fix/values.js';
import { ID_PATTERN } from '../../ids/in-memory.js';
import type { CompiledSchema } from '../../schema/compile.js';
import { didYouMean } from '../../text/suggest.js';
import { NONE, type Finding, type FixHint, type InspectedDocument } from '../model.js';

/** At most this many schema findings per document: a broken file should not flood the report. */
const MAX_PER_DOCUMENT = 25;
const PREFERENCE = ['required', 'additionalProperties', 'type', 'enum', 'const', 'format', 'pattern', 'minLength'];

function show(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * A number or boolean as the author wrote it, when its printed value would misrepresent that:
 * `.inf` prints as null in JSON, 20 digits lose precision, `1.50` becomes 1.5, `0o17` 15.
 */
function asWritten(value: unknown, source: string | undefined): string {
  if (source === undefined || source === '' || (typeof value !== 'number' && typeof value !== 'boolean')) return show(value);
  const read =
    typeof value === 'boolean'
      ? String(value)
      : Number.isNaN(value)
        ? 'not a number'
        : Number.isFinite(value)
          ? `the number ${value}`
          : `${value < 0 ? 'minus ' : ''}infinity`;
  return source === String(value)
    ? show(value)
    : `written \`${source.length > 60 ? `${source.slice(0, 57)}...` : source}\`, which YAML reads as ${read}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'boolean') return 'true/false';
  return `a ${typeof value}`;
}

function pointer(instancePath: string): (string | number)[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function fieldName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let v = data;
  for (const step of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, step)) return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

const VERSION_KEY = /(^|_)version$/;

/** A string value made valid by an unambiguous repair, or undefined. */
export function repairValue(field: string, value: string, prop: PropertySchema | undefined): string | undefined {
  const candidates: string[] = [value.trim()];
  const loose = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
  if (Array.isArray(prop?.enum)) {
    const matches = prop.enum.filter((e): e is string => typeof e === 'string' && loose(e) === loose(value));
    if (matches.length === 1) candidates.push(matches[0]!);
  }
  const date = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(value);
  if (date && (prop?.format === 'date' || field === 'last_updated')) {
    const iso = `${date[1]}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}`;
    if (isCalendarDate(iso)) candidates.push(iso);
  }
  const version = /^\s*v?(\d+)(\.\d+)?\s*$/i.exec(value);
  if (version && VERSION_KEY.test(field)) candidates.push(`${version[1]}${version[2] ?? '.0'}`, `${version[1]}${version[2] ?? ''}`);
  if (field === 'type') candidates.push(normalizeTypeKey(value));
  return candidates.find((c) => c !== value && c !== '' && accepts(prop, c));
}

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

const PLACEHOLDER_FILL = { today: '2000-01-01', allocate: (prefix: string, type: string) => `${prefix}-${type}-001` };

/** How fix would repair a field, if it can. */
function hintFor(doc: InspectedDocument, field: string, value: unknown, prop: PropertySchema | undefined): FixHint | undefined {
  if (value === undefined || isBlank(value)) {
    if (!(FILLABLE as readonly string[]).includes(field)) return undefined;
    const filled = fillValue(field, doc, PLACEHOLDER_FILL);
    if (filled === undefined) return undefined;
    if (field === 'document_id' ? !ID_PATTERN.test(filled) : !accepts(prop, filled)) return undefined;
    return { kind: 'fill', field };
  }
  if (typeof value !== 'string' || field === 'document_id') return undefined;
  const repaired = repairValue(field, value, prop);
  return repaired === undefined ? undefined : { kind: 'set', field, value: repaired };
}

function expectation(error: ErrorObject, prop: PropertySchema | undefined): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `expected ${[p.type].flat().join(' or ')}`;
    case 'enum':
      return `expected one of: ${((p.allowedValues as unknown[]) ?? []).map(String).join(', ')}`;
    case 'const':
      return `expected ${show(p.allowedValue)}`;
    case 'pattern':
      return `expected a value matching ${String(p.pattern)}${prop?.description ? ` (${prop.description.replace(/\.$/, '')})` : ''}`;
    case 'format':
      return p.format === 'date' ? 'expected a real calendar date as YYYY-MM-DD' : `expected the ${String(p.format)} format`;
    case 'minLength':
      return `expected at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`;
    default:
      return error.message ?? 'does not match the schema';
  }
}

/**
 * For a `type` (or an ID, which needs the type) fix cannot fill because types share the
 * document's directory: which types, and how to say which one it is.
 */
function undecidedType(doc: InspectedDocument, field: string): string | undefined {
  if ((field !== 'type' && field !== 'document_id') || (field === 'document_id' && doc.type)) return undefined;
  const types = directoryTypes(doc);
  if (types.length < 2) return undefined;
  const dir = doc.rel.slice(0, doc.rel.lastIndexOf('/'));
  const choice = [...types]
    .sort()
    .map((t) => `\`type: ${t}\``)
    .join(' or ');
  return field === 'type'
    ? `${dir}/ holds ${[...types].sort().join(' and ')} documents and nothing says which this is: add ${choice}.`
    : `Add ${choice} first (${dir}/ holds both); then \`docket fix --apply\` allocates the ID.`;
}

/** One finding per failing field, with the value, the expectation and a concrete fix. */
export function schemaFindings(doc: InspectedDocument, compiled: CompiledSchema): Finding[] {
  const data = doc.metadata;
  if (!data || compiled.validate(data)) return NONE;
  const detailed = compiled.detailed();
  detailed(data);
  const errors = [...(detailed.errors ?? [])];
  const byField = new Map<string, { error: ErrorObject; path: (string | number)[] }>();
  for (const error of errors) {
    const p = error.params as Record<string, unknown>;
    const path = pointer(error.instancePath);
    if (error.keyword === 'required' && typeof p.missingProperty === 'string') path.push(p.missingProperty);
    if (error.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') path.push(p.additionalProperty);
    const key = path.length > 0 ? String(path[0]) : '(root)';
    const rank = (k: string) => (PREFERENCE.includes(k) ? PREFERENCE.indexOf(k) : PREFERENCE.length);
    const current = byField.get(key);
    if (!current || rank(error.keyword) < rank(current.error.keyword)) byField.set(key, { error, path });
  }
  const fm = doc.record.frontmatter;
  const split = doc.record.split;
  const known = Object.keys((compiled.schema.properties as Record<string, unknown> | undefined) ?? {});
  const out: Finding[] = [];
  for (const [key, { error, path }] of byField) {
    if (out.length >= MAX_PER_DOCUMENT) break;
    // ID_REGEX reports a malformed document_id more precisely.
    if (key === 'document_id' && error.keyword === 'pattern' && doc.document_id && !ID_PATTERN.test(doc.document_id)) continue;
    const name = fieldName(path);
    const prop = propertySchema(compiled.schema, key);
    const value = valueAt(data, path);
    // A missing field is reported at the opening fence (line 1 unless blank lines precede it).
    const line = fm?.lineAt(path) ?? fm?.line(key) ?? (split?.kind === 'ok' ? split.firstLine - 1 : 1);
    let message: string;
    let suggestion: string;
    let fix: FixHint | undefined;
    if (error.keyword === 'required') {
      const typo = path.length === 1 ? Object.keys(data).find((k) => !known.includes(k) && didYouMean(k, known) === key) : undefined;
      // One finding for a misspelt key: the unknown one says which missing field it stands for.
      if (typo !== undefined && byField.get(typo)?.error.keyword === 'additionalProperties') continue;
      fix = path.length === 1 && !typo ? hintFor(doc, key, undefined, prop) : undefined;
      message = `The required field \`${name}\` is missing${typo ? ` (\`${typo}\` looks like a misspelling of it)` : ''}.`;
      suggestion = typo
        ? `Rename \`${typo}\` to \`${key}\`.`
        : fix
          ? `Add \`${name}\`; \`docket fix --apply\` adds it.`
          : (undecidedType(doc, key) ??
            `Add \`${name}\` to the frontmatter${prop?.description ? ` (${prop.description.replace(/\.$/, '')})` : ''}.`);
    } else if (error.keyword === 'additionalProperties') {
      const guess = didYouMean(key, known);
      const missing = guess !== undefined && path.length === 1 && byField.get(guess)?.error.keyword === 'required';
      message = `Unknown field \`${name}\`${guess ? `; did you mean \`${guess}\`${missing ? ', which is missing' : ''}?` : '.'}`;
      suggestion = guess
        ? `Rename \`${name}\` to \`${guess}\`.`
        : `Remove \`${name}\`, or add it to the schema (${doc.namespace.schema_path}).`;
    } else {
      fix = path.length === 1 ? hintFor(doc, key, value, prop) : undefined;
      const blank = isBlank(value) && ['type', 'minLength'].includes(error.keyword);
      message = blank
        ? `The field \`${name}\` is empty; ${expectation(error, prop)}.`
        : `\`${name}\` is ${value === null || typeof value === 'object' ? kindOf(value) : asWritten(value, path.length === 1 ? fm?.source(key) : undefined)}; ${expectation(error, prop)}.`;
      if (fix?.kind === 'set') suggestion = `Write \`${key}: ${JSON.stringify(fix.value)}\`; \`docket fix --apply\` does it.`;
      else if (fix) suggestion = `Fill in \`${name}\`; \`docket fix --apply\` does it.`;
      else if (error.keyword === 'type' && typeof value === 'number' && [error.params.type].flat().includes('string'))
        suggestion = `Quote the value: \`${key}: "${fm?.source(key) ?? String(value)}"\`.`;
      else suggestion = `Change \`${name}\` so that it is ${expectation(error, prop).replace(/^expected /, '')}.`;
    }
    out.push({
      code: 'SCHEMA_VALIDATION',
      severity: 'error',
      message,
      path: doc.rel,
      line,
      suggestion,
      fixable: fix !== undefined,
      ...(fix ? { fix } : {}),
    });
  }
  return out;
}
