import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readDataSchema, relaxRequired, type JsonSchema } from '../../contract/data-schema.js';

/** Replaces local `#/definitions/x` and `#/$defs/x` references by their (inlined) targets. */
export function inlineRefs(schema: JsonSchema): JsonSchema {
  const defs = { ...((schema.definitions as Record<string, JsonSchema>) ?? {}), ...((schema.$defs as Record<string, JsonSchema>) ?? {}) };
  const walk = (node: unknown, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, stack));
    if (!node || typeof node !== 'object') return node;
    const obj = node as JsonSchema;
    if (typeof obj.$ref === 'string') {
      const m = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(obj.$ref);
      const target = m ? defs[m[1]!] : undefined;
      if (!target) throw new Error(`Cannot inline $ref ${obj.$ref}`);
      if (stack.includes(obj.$ref)) throw new Error(`Recursive $ref ${obj.$ref} cannot be inlined`);
      const { $ref: _ref, ...siblings } = obj;
      return { ...(walk(target, [...stack, obj.$ref]) as JsonSchema), ...(walk(siblings, stack) as JsonSchema) };
    }
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(obj)) {
      // definitions were inlined; $id and $schema would make validators cache or pick a dialect
      if (key === 'definitions' || key === '$defs' || key === '$id' || key === '$schema') continue;
      out[key] =
        key === 'properties' && value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, walk(v, stack)]))
          : walk(value, stack);
    }
    return out;
  };
  return walk(schema, []) as JsonSchema;
}

let envelopeSchema: JsonSchema | undefined;

function readEnvelopeSchema(packageRoot: string): JsonSchema {
  envelopeSchema ??= JSON.parse(readFileSync(path.join(packageRoot, 'schemas', 'agent-output.schema.v1.json'), 'utf8')) as JsonSchema;
  return envelopeSchema;
}

/**
 * A tool's outputSchema: the envelope schema with `data` replaced by the command's data schema,
 * self-contained (no $ref, $id or $schema, so validators of either JSON Schema dialect the MCP
 * versions name accept it). The data schema's top-level `required` is relaxed: error results
 * carry `data: {}` and the `fields` argument keeps a subset of the keys.
 */
export function outputSchemaFor(packageRoot: string, commandId: string): JsonSchema {
  const envelope = readEnvelopeSchema(packageRoot);
  const data = readDataSchema(packageRoot, commandId);
  const dataSchema = data ? relaxRequired(inlineRefs(data)) : { type: 'object' };
  const inlined = inlineRefs(envelope);
  const properties = {
    ...(inlined.properties as JsonSchema),
    data: {
      type: 'object',
      ...dataSchema,
      description: `data of \`docket ${commandId}\` (schemas/data/${commandId.replace(/[: ]/g, '-')}.schema.json).`,
    },
  };
  return { ...inlined, title: `docket ${commandId} result (output envelope v1)`, properties };
}
