import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaFile } from '../../src/core/schema/compile.js';
import { withPrecompiledMeta, type MetaDraft } from '../../src/core/schema/precompiled.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * ajv checks each schema against its meta-schema before compiling it; docket answers that check
 * with the meta-schema validators `npm run build` precompiled (scripts/validators.js; needs the
 * build, as `npm test` does). Held here to ajv's own check: same result, errors, message.
 */
const require = createRequire(import.meta.url);
type AjvClass = typeof import('ajv').default;
const addFormats = require('ajv-formats').default as (ajv: object) => void;
const CLASSES: Record<MetaDraft, [AjvClass, string]> = {
  'draft-07': [require('ajv').default, 'http://json-schema.org/draft-07/schema#'],
  '2019-09': [require('ajv/dist/2019').default, 'https://json-schema.org/draft/2019-09/schema#'],
  '2020-12': [require('ajv/dist/2020').default, 'https://json-schema.org/draft/2020-12/schema#'],
};
const BUILTIN = JSON.parse(readFileSync(path.resolve('schemas/metadata.schema.json'), 'utf8')) as Record<string, unknown>;

function make(Ajv: AjvClass, allErrors: boolean) {
  const ajv = new Ajv({ allErrors, strict: false, validateFormats: true, logger: false });
  addFormats(ajv);
  return ajv;
}

/** What validateSchema(schema, true) says: the result and errors, or the message it throws. */
function outcome(ajv: InstanceType<AjvClass>, schema: unknown): unknown {
  try {
    return { valid: ajv.validateSchema(schema as object, true), errors: ajv.errors };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

const KEYWORDS = ['type', 'pattern', 'minLength', 'items', 'properties', 'required', 'enum', '$id', '$ref', 'format', '$schema'];
const EXTRA = ['additionalProperties', '$anchor', '$defs', 'definitions', 'const', 'anyOf', 'not', 'if', 'dependentRequired'];
const JUNK = fc.oneof(
  fc.constantFrom(1, -1, 1.5, 'x', '', '(', '#/x', 'a b', 'http://x y', null, true, [], {}, ['a'], [1, 1], { type: 'foo' }, { $ref: 3 }),
  fc.string({ maxLength: 4 }),
  fc.integer(),
);
/** An edit: at the n-th object or array of the schema (in a walk), set a key (one of its own, or a keyword) to a value. */
const EDIT = fc.tuple(fc.nat(), fc.boolean(), fc.constantFrom(...KEYWORDS, ...EXTRA), JUNK);
/** An edit only a meta-schema that checked formats (uri-reference, regex) would find fault with: ajv's does not. */
const FORMAT_EDIT = fc.tuple(
  fc.nat(),
  fc.constant(false),
  fc.constantFrom('$id', '$ref', 'pattern', '$anchor'),
  fc.constantFrom('(', '[a', 'a b', '#/a b', 'http://x y', '\\', 'ok', '#/definitions/x', 'a{2}'),
);

function edited(schema: unknown, edits: readonly [number, boolean, string, unknown][]): Record<string, unknown> {
  const copy = structuredClone(schema) as Record<string, unknown>;
  for (const [n, own, keyword, value] of edits) {
    const nodes: Record<string, unknown>[] = [];
    const walk = (x: unknown): void => {
      if (typeof x !== 'object' || x === null) return;
      nodes.push(x as Record<string, unknown>);
      for (const v of Object.values(x)) walk(v);
    };
    walk(copy);
    const node = nodes[n % nodes.length]!;
    const keys = Object.keys(node);
    // A copy: the generator hands out the same objects again, and one set inside itself would make a cycle.
    node[own && keys.length > 0 ? keys[n % keys.length]! : keyword] = structuredClone(value);
  }
  return copy;
}

describe('precompiled meta-schema validators', () => {
  for (const [draft, [Ajv, uri]] of Object.entries(CLASSES) as [MetaDraft, [AjvClass, string]][]) {
    it(`${draft}: answer exactly as ajv's own check, on the built-in schema edited at random`, () => {
      const Precompiled = withPrecompiledMeta(Ajv, draft);
      expect(Precompiled).not.toBe(Ajv); // the build made them: the comparison below is not ajv against itself
      // What ajv compiles for a meta-schema lookup depends on the instance's earlier lookups, and
      // docket makes a fresh instance per schema: each side gets instances per spelling of $schema,
      // whose lookups are then all alike (a fresh one per schema would compile a meta-schema each time).
      const instances = new Map<string, InstanceType<AjvClass>[]>();
      const ajvOf = (schema: Record<string, unknown>) => {
        const key = JSON.stringify(schema.$schema) ?? 'none';
        if (!instances.has(key)) instances.set(key, [make(Ajv, false), make(Precompiled, false), make(Ajv, true), make(Precompiled, true)]);
        return instances.get(key)!;
      };
      const start = { ...BUILTIN, $schema: uri };
      const schemas = fc.oneof(
        fc.array(EDIT, { minLength: 1, maxLength: 3 }).map((edits) => edited(start, edits)),
        FORMAT_EDIT.map((edit) => edited(start, [edit])),
        // $schema spelt the ways each class resolves to its meta-schema, or another (ajv's to answer).
        fc
          .constantFrom(
            undefined,
            '',
            uri,
            uri.replace(/#$/, ''),
            'http://json-schema.org/schema',
            `${uri}/definitions/x`,
            'https://example.com/s',
            7,
          )
          .map(($schema) => ({ ...start, $schema })),
      );
      fc.assert(
        fc.property(schemas, (schema) => {
          const [plain, precompiled, plainAll, precompiledAll] = ajvOf(schema);
          expect(outcome(precompiled!, schema)).toStrictEqual(outcome(plain!, schema));
          expect(outcome(precompiledAll!, schema)).toStrictEqual(outcome(plainAll!, schema));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('the message of a schema that is not valid JSON Schema is unchanged (draft-07 and 2020-12)', async () => {
    for (const $schema of [undefined, 'https://json-schema.org/draft/2020-12/schema']) {
      const root = tempDir();
      mkdirSync(path.join(root, 'docs'), { recursive: true });
      writeFileSync(path.join(root, 'docs/s.json'), JSON.stringify({ $schema, type: 'object', properties: { a: { type: 'text' } } }));
      const result = await compileSchemaFile(root, 'docs/s.json');
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.issue.message).toBe(
          'The metadata schema is not a valid JSON Schema: schema is invalid: data/properties/a/type must be equal to one of the allowed values, data/properties/a/type must be array, data/properties/a/type must match a schema in anyOf',
        );
    }
  });
});
