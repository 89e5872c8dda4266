import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { InspectedDocument } from './model.js';
import { FsProbe } from './probe.js';
import { inboundOf } from './prepare.js';
import { filenameOk, kebabName } from './rules/placement.js';

/** What rules may consult besides the document itself: the whole loaded repository. */
export interface RuleContext {
  config: RepoConfig;
  schemaFor(schemaPath: string): CompiledSchema | undefined;
  /** Paths of the governed documents whose trimmed document_id is `id`, in path order (empty: none). */
  pathsWithId(id: string): readonly string[];
  /** Every trimmed document_id in use. */
  ids(): Iterable<string>;
  /**
   * Governed documents that link to a path (lower-cased key, so case-only renames count too).
   * Only the keys of documents whose file name breaks the convention are consulted.
   */
  inbound: ReadonlyMap<string, readonly string[]>;
  /** How many documents would be renamed to each lower-cased target path. */
  renameTargets: Map<string, number>;
  probe: FsProbe;
  /** Highest sequence number per `PREFIX-TYPE-` among the IDs in use; computed on first use. */
  highestSeq?: Map<string, number>;
}

/**
 * The repository-wide tables, filled one document at a time while documents load, so rules
 * that need every document (IDs, inbound links) can run right after the last one is read,
 * without keeping the documents' texts or frontmatter.
 */
export class ContextBuilder {
  /** Paths per ID: the path itself while it is the only one (most IDs), else a list (no model is kept alive). */
  private readonly byId = new Map<string, string | string[]>();
  readonly inbound = new Map<string, string[]>();
  readonly renameTargets = new Map<string, number>();
  readonly probe: FsProbe;
  /** Lower-cased paths worth recording inbound links for (null: every path). */
  private readonly watched: ReadonlySet<string> | null;

  constructor(
    private readonly config: RepoConfig,
    private readonly schemaFor: (schemaPath: string) => CompiledSchema | undefined,
    files: readonly GovernedFile[] | null,
  ) {
    this.probe = new FsProbe(config.root, files ? files.map((f) => f.rel) : null, true);
    if (files) {
      const watched = new Set<string>();
      for (const f of files) {
        const name = path.posix.basename(f.rel);
        if (filenameOk(name)) continue;
        watched.add(f.rel.toLowerCase());
        const to = path.posix.join(path.posix.dirname(f.rel), kebabName(name)).toLowerCase();
        this.renameTargets.set(to, (this.renameTargets.get(to) ?? 0) + 1);
      }
      this.watched = watched;
    } else this.watched = null;
  }

  /** Lower-cased paths whose inbound links matter (null: every path). */
  get watchedPaths(): ReadonlySet<string> | null {
    return this.watched;
  }

  /**
   * Records a loaded document (in path order): its path, its ID and the paths it links to
   * (`inbound`, see prepare.ts; computed from its links when omitted). `at`: its position in
   * the walk's files, when the caller knows it.
   */
  add(doc: InspectedDocument, inbound: readonly string[] = inboundOf(doc, this.watched), at?: number): void {
    this.probe.remember(doc, at);
    if (doc.document_id) {
      const known = this.byId.get(doc.document_id);
      if (known === undefined) this.byId.set(doc.document_id, doc.rel);
      else if (Array.isArray(known)) known.push(doc.rel);
      else this.byId.set(doc.document_id, [known, doc.rel]);
    }
    for (const key of inbound) {
      const list = this.inbound.get(key);
      if (!list) this.inbound.set(key, [doc.rel]);
      else if (list[list.length - 1] !== doc.rel) list.push(doc.rel);
    }
  }

  context(): RuleContext {
    const byId = this.byId;
    return {
      config: this.config,
      schemaFor: this.schemaFor,
      pathsWithId: (id) => {
        const known = byId.get(id);
        return known === undefined ? [] : Array.isArray(known) ? known : [known];
      },
      ids: () => byId.keys(),
      inbound: this.inbound,
      renameTargets: this.renameTargets,
      probe: this.probe,
    };
  }
}

/** The context of documents loaded together (every link recorded; renames planned by the caller). */
export function buildContext(config: RepoConfig, documents: readonly InspectedDocument[], schemaFor: (p: string) => CompiledSchema | undefined): RuleContext {
  const builder = new ContextBuilder(config, schemaFor, null);
  for (const doc of documents) builder.add(doc);
  return builder.context();
}
