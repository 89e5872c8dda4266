import type { RepoConfig } from '../config/types.js';
import { pickNamespace } from '../authoring/inputs.js';
import { typeDirectory } from '../authoring/plan.js';
import type { ListTypesData } from '../../contract/data/authoring.js';
export type { ListTypesData };

/** `new --list-types`: the namespace's document types, where they go, and their ID pattern. */
export function listTypes(config: RepoConfig, namespace: string | undefined): ListTypesData {
  const ns = pickNamespace(config, namespace);
  return {
    namespace: ns.name,
    repo_prefix: ns.repo_prefix,
    types: Object.values(ns.document_types).map((t) => ({
      type: t.type,
      directory: typeDirectory(ns, t),
      id_pattern: `${ns.repo_prefix}-${t.type}-NNN`,
      ...(t.description ? { description: t.description } : {}),
    })),
  };
}
