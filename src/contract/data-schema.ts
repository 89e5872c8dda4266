import { readFileSync } from 'node:fs';
import path from 'node:path';

export type JsonSchema = Record<string, unknown>;

const cache = new Map<string, JsonSchema | undefined>();

/** schemas/data/<id>.schema.json, spaces and colons in the id becoming '-'. */
function dataSchemaFile(packageRoot: string, commandId: string): string {
  return path.join(packageRoot, 'schemas', 'data', `${commandId.replace(/[: ]/g, '-')}.schema.json`);
}

/** The published data schema of a command, or undefined when it has none (read once per process). */
export function readDataSchema(packageRoot: string, commandId: string): JsonSchema | undefined {
  const file = dataSchemaFile(packageRoot, commandId);
  if (!cache.has(file)) {
    let schema: JsonSchema | undefined;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
    } catch {
      schema = undefined;
    }
    cache.set(file, schema);
  }
  return cache.get(file);
}

const BRANCHES = ['oneOf', 'anyOf', 'allOf'] as const;

/** A local `$ref` ("#/definitions/x") resolved against the schema's root; other schemas as they are. */
function deref(s: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = s.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return s;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/'))
    target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return target && typeof target === 'object' ? (target as JsonSchema) : s;
}

function branches(schema: JsonSchema): JsonSchema[] {
  return BRANCHES.flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as JsonSchema[]).map((b) => deref(b, schema)) : []));
}

/** The top-level keys a data schema declares (including those of top-level oneOf/anyOf/allOf branches). */
export function dataKeys(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const keys = new Set<string>();
  for (const s of [schema, ...branches(schema)]) {
    const props = s.properties;
    if (props && typeof props === 'object') for (const key of Object.keys(props)) keys.add(key);
  }
  return [...keys].sort();
}

/**
 * The data schema as it applies to projected or empty data: `--fields` keeps a subset of the
 * keys and an error result carries `data: {}`, so the top-level `required` (of the schema and
 * of its top-level branches) is dropped, and a top-level `oneOf` becomes `anyOf` (a subset of
 * keys may fit several branches). Everything below the top level is unchanged.
 */
export function relaxRequired(schema: JsonSchema): JsonSchema {
  const relax = (s: JsonSchema): JsonSchema => {
    const { required: _required, ...rest } = s;
    return rest;
  };
  const out = relax(schema);
  for (const key of BRANCHES) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map((b) => relax(deref(b, schema)));
  }
  if (Array.isArray(out.oneOf)) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  return out;
}
