import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from './documents/walk.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { InspectedDocument } from './model.js';
import { IdMap } from './id-map.js';
import { FsProbe } from './probe.js';
import type { Overlay } from './overlay.js';
import { inboundOf } from './prepare-document.js';
import { filenameOk, kebabName } from './rules/placement.js';
import type { RuleContext } from './rule-context.js';

export type { RuleContext } from './rule-context.js';

/**
 * The repository-wide tables, filled one document at a time while documents load, so rules
 * that need every document (IDs, inbound links) can run right after the last one is read,
 * without keeping the documents' texts or frontmatter.
 */
export class ContextBuilder {
  /** IDs by position: positions of `files`, then of documents at other paths. */
  private readonly ids = new IdMap();
  /** Paths of documents added at no position of `files` (all of them when no files were given). */
  private readonly otherPaths: string[] = [];
  private readonly fileCount: number;
  readonly inbound = new Map<string, string[]>();
  readonly renameTargets = new Map<string, number>();
  readonly probe: FsProbe;
  /** Lower-cased paths worth recording inbound links for (null: every path). */
  private readonly watched: ReadonlySet<string> | null;

  constructor(
    private readonly config: RepoConfig,
    private readonly schemaFor: (schemaPath: string) => CompiledSchema | undefined,
    files: readonly GovernedFile[] | null,
    overlay?: Overlay,
  ) {
    this.fileCount = files?.length ?? 0;
    this.probe = new FsProbe(config.root, files && files.map((f) => f.rel), true, overlay);
    if (files) {
      const watched = new Set<string>();
      for (let i = 0; i < this.fileCount; i++) {
        const name = this.probe.nameAt(i);
        if (filenameOk(name)) continue;
        const rel = this.probe.pathAt(i);
        watched.add(rel.toLowerCase());
        const to = path.posix.join(path.posix.dirname(rel), kebabName(name)).toLowerCase();
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
   * (`inbound`, see prepare-document.ts; computed from its links when omitted). `at`: its position in
   * the walk's files, when the caller knows it.
   */
  add(doc: InspectedDocument, inbound: readonly string[] = inboundOf(doc, this.watched), at?: number): void {
    this.probe.remember(doc, at);
    if (doc.document_id !== undefined) {
      const known = this.fileCount === 0 ? undefined : this.probe.position(doc.rel, at);
      this.ids.set(known ?? this.fileCount + this.otherPaths.push(doc.rel) - 1, doc.document_id);
    }
    for (const key of inbound) {
      const list = this.inbound.get(key);
      if (!list) this.inbound.set(key, [doc.rel]);
      else if (list[list.length - 1] !== doc.rel) list.push(doc.rel);
    }
  }

  /** The path of the document at a position (see `ids`). */
  pathAt(pos: number): string {
    return pos < this.fileCount ? this.probe.pathAt(pos) : this.otherPaths[pos - this.fileCount]!;
  }

  context(): RuleContext {
    const ids = this.ids;
    return {
      config: this.config,
      schemaFor: this.schemaFor,
      pathsWithId: (id) => ids.positions(id).map((pos) => this.pathAt(pos)),
      countWithId: (id) => ids.count(id),
      ids: () => ids.ids(),
      inbound: this.inbound,
      renameTargets: this.renameTargets,
      probe: this.probe,
    };
  }
}
