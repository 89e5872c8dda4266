import { createHash } from 'node:crypto';
import path from 'node:path';
import { CONFIG_FILE } from '../config/defaults.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { readBytes } from '../documents/read.js';
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
export async function requiredFields(config: RepoConfig): Promise<(ns: NamespaceConfig) => readonly string[]> {
  const bySchema = new Map<string, readonly string[]>();
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
  }
  return (ns) => bySchema.get(ns.schema_path) ?? fillableRequired(undefined);
}
