/** What completion needs of one frontmatter field: the values the schema allows, for a scalar and for a list's items. */
export interface FieldSchema {
  values: string[];
  itemValues: string[];
  description?: string;
  required: boolean;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A local `$ref` (`#/definitions/x`, `#/$defs/x`) resolved against the root, once: no chains are followed. */
function deref(root: Json, node: unknown): Json | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let at: unknown = root;
  for (const part of ref.slice(2).split('/')) at = isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(at) ? at : undefined;
}

/** The scalar values a schema allows (`enum`, `const`), as text. */
function allowed(node: Json | undefined): string[] {
  if (!node) return [];
  const values = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : [];
  return values.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String);
}

/**
 * The frontmatter fields a metadata schema describes: the properties of the root and of the
 * subschemas it combines one level down (allOf, anyOf, oneOf, then, else), their allowed
 * values merged. Bounded by the schema's size; nothing is evaluated.
 */
export function schemaFields(schema: Json): Map<string, FieldSchema> {
  const fields = new Map<string, FieldSchema>();
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const parts: Json[] = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) parts.push(...[deref(schema, sub)].filter(isObject));
  }
  for (const part of [...parts]) for (const key of ['then', 'else']) parts.push(...[deref(schema, part[key])].filter(isObject));
  for (const part of parts) {
    if (!isObject(part.properties)) continue;
    for (const [name, raw] of Object.entries(part.properties)) {
      const node = deref(schema, raw);
      const field = fields.get(name) ?? { values: [], itemValues: [], required: required.has(name) };
      field.values = [...new Set([...field.values, ...allowed(node)])];
      field.itemValues = [...new Set([...field.itemValues, ...allowed(deref(schema, node?.items))])];
      if (field.description === undefined && typeof node?.description === 'string') field.description = node.description;
      fields.set(name, field);
    }
  }
  return fields;
}
