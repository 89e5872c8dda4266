import { PACKAGE_ROOT } from '../assets.js';
import type { NamespaceConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { compileSchemaFile, type CompiledSchema } from '../schema/compile.js';
import { DocketError } from '../../errors/docket-error.js';

export interface MetadataSchema {
  compiled: CompiledSchema;
  /** The statuses the schema allows (its `status` enum), when it has one. */
  statuses: string[] | undefined;
  source: 'repository' | 'builtin';
  warnings: Issue[];
}

/**
 * The namespace's metadata schema, compiled. A missing schema falls back to docket's built-in
 * one with a warning; an invalid one is an error (new documents cannot be validated).
 */
export async function loadMetadataSchema(root: string, ns: NamespaceConfig): Promise<MetadataSchema> {
  const warnings: Issue[] = [];
  let compiled = await compileSchemaFile(root, ns.schema_path);
  let source: MetadataSchema['source'] = 'repository';
  if (!compiled.ok && compiled.issue.code === 'SCHEMA_MISSING') {
    warnings.push({
      code: 'SCHEMA_FALLBACK_BUILTIN',
      severity: 'warning',
      message: `${compiled.issue.message} The document was validated against docket's built-in schema.`,
      path: ns.schema_path,
      suggestion: 'Run `docket init` to write the default schema, or fix schema_path in docops.config.yaml.',
    });
    compiled = await compileSchemaFile(PACKAGE_ROOT, 'schemas/metadata.schema.json');
    source = 'builtin';
  }
  if (!compiled.ok) {
    const { issue } = compiled;
    throw new DocketError('METADATA_SCHEMA_UNUSABLE', `${issue.message}${issue.line ? ` (${issue.path}:${issue.line})` : ''}`, {
      suggestion: `Fix ${ns.schema_path}, then run \`docket doctor\`.`,
      details: { path: ns.schema_path, ...(issue.line ? { line: issue.line } : {}), ...(issue.column ? { column: issue.column } : {}) },
    });
  }
  warnings.push(...compiled.warnings);
  const status = (compiled.schema.properties as Record<string, { enum?: unknown }> | undefined)?.status;
  const statuses = Array.isArray(status?.enum) && status.enum.every((s) => typeof s === 'string') ? status.enum : undefined;
  return { compiled, statuses, source, warnings };
}

/** Validates generated frontmatter; GENERATED_METADATA_INVALID names the failing field. */
export function assertValidMetadata(schema: MetadataSchema, meta: Record<string, unknown>, schemaPath: string): void {
  const validate = schema.compiled.validate;
  if (validate(meta)) return;
  const errors = (validate.errors ?? []).map((e) => ({
    field:
      e.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
      (typeof e.params.missingProperty === 'string'
        ? e.params.missingProperty
        : typeof e.params.additionalProperty === 'string'
          ? e.params.additionalProperty
          : ''),
    keyword: e.keyword,
    message: e.message ?? 'is invalid',
  }));
  const first = errors[0];
  throw new DocketError(
    'GENERATED_METADATA_INVALID',
    `The new document's frontmatter does not satisfy ${schema.source === 'builtin' ? 'the built-in schema' : schemaPath}: ${first ? `${first.field || 'document'} ${first.message}` : 'invalid'}.`,
    {
      suggestion:
        first?.keyword === 'additionalProperties'
          ? `The schema does not allow \`${first.field}\`: remove it from the template's frontmatter or allow it in the schema.`
          : 'Change the flag value for the field named, or adjust the schema.',
      details: { schema_path: schema.source === 'builtin' ? null : schemaPath, errors },
    },
  );
}
