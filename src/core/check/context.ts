import type { RepoConfig } from '../config/types.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { InspectedDocument } from './model.js';
import { FsProbe } from './probe.js';

/** What rules may consult besides the document itself: the whole loaded repository. */
export interface RuleContext {
  config: RepoConfig;
  schemaFor(schemaPath: string): CompiledSchema | undefined;
  byPath: ReadonlyMap<string, InspectedDocument>;
  /** Governed documents per trimmed document_id. */
  byId: ReadonlyMap<string, readonly InspectedDocument[]>;
  /** Governed documents that link to a path (lower-cased key, so case-only renames count too). */
  inbound: ReadonlyMap<string, readonly string[]>;
  /** How many documents would be renamed to each lower-cased target path. */
  renameTargets: Map<string, number>;
  probe: FsProbe;
}

export function buildContext(config: RepoConfig, documents: readonly InspectedDocument[], schemaFor: (p: string) => CompiledSchema | undefined): RuleContext {
  const byPath = new Map(documents.map((d) => [d.rel, d]));
  const byId = new Map<string, InspectedDocument[]>();
  const linkers = new Map<string, Set<string>>();
  for (const doc of documents) {
    if (doc.document_id) {
      const list = byId.get(doc.document_id);
      if (list) list.push(doc);
      else byId.set(doc.document_id, [doc]);
    }
    for (const link of doc.links) {
      if (link.scope !== 'file' || !link.path || link.path === doc.rel) continue;
      const key = link.path.toLowerCase();
      const set = linkers.get(key);
      if (set) set.add(doc.rel);
      else linkers.set(key, new Set([doc.rel]));
    }
  }
  const inbound = new Map([...linkers].map(([k, v]) => [k, [...v]]));
  return { config, schemaFor, byPath, byId, inbound, renameTargets: new Map(), probe: new FsProbe(config.root, byPath) };
}
