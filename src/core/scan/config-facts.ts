import { createHash } from 'node:crypto';
import path from 'node:path';
import { CONFIG_FILE, DEFAULT_DOC_STATUSES } from '../config/defaults.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { readBytes } from '../engine/documents/read.js';
import { fillableRequired } from '../fix/values.js';

const MAX_BYTES = 1024 * 1024;

async function bytesOf(root: string, rel: string): Promise<Buffer | undefined> {
  try {
    return (await readBytes(path.join(root, rel), MAX_BYTES)).bytes;
  } catch {
    return undefined;
  }
}

/** SHA-256 of docops.config.yaml (the precondition of an `exclude` action); undefined when absent. */
export async function configSha256(root: string): Promise<string | undefined> {
  const bytes = await bytesOf(root, CONFIG_FILE);
  return bytes ? createHash('sha256').update(bytes).digest('hex') : undefined;
}

/**
 * The required fields `fix` fills, per namespace, from each metadata schema's `required`
 * (all of FILLABLE when a schema is missing or unreadable: `check` reports that separately).
 */
export async function schemaFacts(
  config: RepoConfig,
): Promise<{ required(ns: NamespaceConfig): readonly string[]; statuses(ns: NamespaceConfig): readonly string[] | undefined }> {
  const bySchema = new Map<string, readonly string[]>();
  const statuses = new Map<string, readonly string[] | undefined>();
  for (const ns of config.namespaces) {
    if (bySchema.has(ns.schema_path)) continue;
    const bytes = await bytesOf(config.root, ns.schema_path);
    let schema: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = bytes ? JSON.parse(bytes.toString('utf8')) : undefined;
      schema = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      schema = undefined;
    }
    bySchema.set(ns.schema_path, fillableRequired(schema));
    statuses.set(ns.schema_path, schema ? statusEnum(schema) : DEFAULT_DOC_STATUSES);
  }
  return {
    required: (ns) => bySchema.get(ns.schema_path) ?? fillableRequired(undefined),
    statuses: (ns) => (statuses.has(ns.schema_path) ? statuses.get(ns.schema_path) : DEFAULT_DOC_STATUSES),
  };
}

/** The `status` property's `enum` (undefined: the schema allows any string). */
function statusEnum(schema: Record<string, unknown>): readonly string[] | undefined {
  const props = schema.properties as Record<string, { enum?: unknown }> | undefined;
  const values = props?.status?.enum;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : undefined;
}
