/** Where a pattern sits in a schema: a JSON pointer, and the pattern. */
export interface SchemaPattern {
  pointer: string;
  pattern: string;
}

// The keywords whose values are schemas (drafts 07, 2019-09, 2020-12), by shape.
const ONE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems'];
const MAP = ['$defs', 'definitions', 'dependencies', 'dependentSchemas', 'patternProperties', 'properties'];

export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A subschema and its JSON pointer. */
export interface SchemaNode {
  node: Record<string, unknown>;
  pointer: string;
}

/**
 * Every subschema of a schema that is an object, the root included, in no particular order
 * (not inside `enum`, `const`, `default` or `examples`, which are data, nor inside keywords
 * docket does not know). Iterative, so a deeply nested schema cannot overflow the stack.
 */
export function schemaNodes(schema: unknown): SchemaNode[] {
  const found: SchemaNode[] = [];
  const stack: { node: unknown; pointer: string }[] = [{ node: schema, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (!isObject(node)) continue;
    found.push({ node, pointer });
    for (const k of ONE) if (isObject(node[k])) stack.push({ node: node[k], pointer: `${pointer}/${k}` });
    for (const k of LIST) {
      const list = node[k];
      if (Array.isArray(list)) list.forEach((item, i) => stack.push({ node: item, pointer: `${pointer}/${k}/${i}` }));
    }
    for (const k of MAP) {
      const map = node[k];
      if (isObject(map))
        for (const key of Object.keys(map)) stack.push({ node: map[key], pointer: `${pointer}/${k}/${escapePointer(key)}` });
    }
  }
  return found;
}

export const byPointer = (a: { pointer: string }, b: { pointer: string }): number =>
  a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0;

/** Every regular expression a schema carries: `pattern` values and `patternProperties` keys, in every subschema. */
export function schemaPatterns(schema: unknown): SchemaPattern[] {
  const found: SchemaPattern[] = [];
  for (const { node, pointer } of schemaNodes(schema)) {
    if (typeof node.pattern === 'string') found.push({ pointer: `${pointer}/pattern`, pattern: node.pattern });
    if (isObject(node.patternProperties))
      for (const key of Object.keys(node.patternProperties))
        found.push({ pointer: `${pointer}/patternProperties/${escapePointer(key)}`, pattern: key });
  }
  return found.sort(byPointer);
}
