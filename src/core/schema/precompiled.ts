import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AnySchema, ValidateFunction } from 'ajv';
import { packagePath } from '../package-root.js';

/**
 * What `npm run build` precompiled with ajv's standalone code (scripts/validators.js): the
 * validators of the built-in metadata schema and of the JSON Schema meta-schemas. They are
 * docket's own files, never code from the repository, and used only with the ajv version they
 * were made by.
 */

const requireCjs = createRequire(import.meta.url);

/** The built-in schema's digest, when the precompiled files match the installed ajv; null when they cannot be used. */
let builtin: { sha256: string } | null | undefined;

function builtinInfo(): { sha256: string } | null {
  if (builtin === undefined) {
    try {
      const info = JSON.parse(readFileSync(packagePath('dist/core/schema/metadata.builtin.json'), 'utf8')) as {
        sha256: string;
        ajv: string;
      };
      const ajvVersion = (requireCjs('ajv/package.json') as { version: string }).version;
      builtin = info.ajv === ajvVersion ? { sha256: info.sha256 } : null;
    } catch {
      builtin = null;
    }
  }
  return builtin;
}

/**
 * The validators precompiled for the built-in metadata schema, when `schema` is that schema
 * (same parsed JSON): stopping at the first error, and with every error.
 */
export function builtinValidators(schema: Record<string, unknown>): { first: ValidateFunction; all: () => ValidateFunction } | undefined {
  const info = builtinInfo();
  if (info === null || createHash('sha256').update(JSON.stringify(schema)).digest('hex') !== info.sha256) return undefined;
  try {
    const first = requireCjs(packagePath('dist/core/schema/metadata.first.cjs')) as ValidateFunction;
    let all: ValidateFunction | undefined;
    return { first, all: () => (all ??= requireCjs(packagePath('dist/core/schema/metadata.all.cjs')) as ValidateFunction) };
  } catch {
    return undefined;
  }
}

/** The drafts whose meta-schema is precompiled, each with the `$schema` values its ajv class resolves to it. */
const META_DRAFTS = {
  // The draft-07 class also takes a schema without `$schema` (or an empty one) as draft-07.
  'draft-07': ['', 'http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema#'],
  '2019-09': ['https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2019-09/schema#'],
  '2020-12': ['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#'],
} as const;

export type MetaDraft = keyof typeof META_DRAFTS;

type AjvClass = typeof import('ajv').default;

/**
 * `Ajv` whose check of a schema against its meta-schema (done before each compile) uses the
 * precompiled meta-schema validator where the schema's `$schema` names that draft: ajv would
 * otherwise compile the meta-schema itself in every process, which costs more than compiling a
 * metadata schema. Same result, errors and message as ajv's own check on a fresh instance (what
 * ajv compiles for a lookup depends on the instance's earlier lookups: docket makes an instance
 * per schema compiled); any other `$schema` is left to ajv. `Ajv` itself when the precompiled
 * files are missing or made by another ajv version.
 */
export function withPrecompiledMeta(Ajv: AjvClass, draft: MetaDraft): AjvClass {
  if (builtinInfo() === null) return Ajv;
  const names: readonly string[] = META_DRAFTS[draft];
  // Stopping at the first error or with every error, as the instance's allErrors asks; each loaded on first use.
  const metas: Partial<Record<'first' | 'all', ValidateFunction>> = {};
  const metaFor = (allErrors: boolean): ValidateFunction | undefined => {
    const mode = allErrors ? 'all' : 'first';
    try {
      return (metas[mode] ??= requireCjs(packagePath(`dist/core/schema/meta.${draft}.${mode}.cjs`)) as ValidateFunction);
    } catch {
      return undefined;
    }
  };
  class PrecompiledMeta extends Ajv {
    override validateSchema(schema: AnySchema, throwOrLogError?: boolean): boolean | Promise<unknown> {
      const named = typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
      const meta =
        typeof schema === 'object' && names.includes(named === undefined ? '' : (named as string))
          ? metaFor(this.opts.allErrors === true)
          : undefined;
      if (!meta) return super.validateSchema(schema, throwOrLogError);
      // As ajv's validateSchema: the errors stay on the instance, and an invalid schema throws.
      const valid = meta(schema);
      this.errors = meta.errors;
      if (!valid && throwOrLogError) throw new Error(`schema is invalid: ${this.errorsText()}`);
      return valid;
    }
  }
  return PrecompiledMeta;
}
