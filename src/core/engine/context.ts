import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from './documents/walk.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { InspectedDocument } from './model.js';
import { IdMap } from './id-map.js';
import { FsProbe } from './probe.js';
import type { Overlay } from './overlay.js';
import { filenameOk, kebabName } from './rules/placement.js';
import type { RuleContext } from './rule-context.js';

export type { RuleContext } from './rule-context.js';

/**
 * The repository-wide tables, filled one document at a time while documents load, so rules
 * that need every document (IDs, file names) can run right after the last one is read,
 * without keeping the documents' texts or frontmatter.
 */
export class ContextBuilder {
  /** IDs by position: positions of `files`, then of documents at other paths. */
  private readonly ids = new IdMap();
  /** Paths of documents added at no position of `files` (all of them when no files were given). */
  private readonly otherPaths: string[] = [];
  private readonly fileCount: number;
  readonly renameTargets = new Map<string, number>();
  readonly probe: FsProbe;

  constructor(
    private readonly config: RepoConfig,
    private readonly schemaFor: (schemaPath: string) => CompiledSchema | undefined,
    files: readonly GovernedFile[] | null,
    overlay?: Overlay,
  ) {
    this.fileCount = files?.length ?? 0;
    this.probe = new FsProbe(config.root, files && files.map((f) => f.rel), true, overlay);
    if (files) {
      for (let i = 0; i < this.fileCount; i++) {
        const name = this.probe.nameAt(i);
        if (filenameOk(name)) continue;
        const rel = this.probe.pathAt(i);
        const to = path.posix.join(path.posix.dirname(rel), kebabName(name)).toLowerCase();
        this.renameTargets.set(to, (this.renameTargets.get(to) ?? 0) + 1);
      }
    }
  }

  /** Records a loaded document (in path order): its path, its ID and its anchors. `at`: its position in the walk's files, when the caller knows it. */
  add(doc: InspectedDocument, at?: number): void {
    this.probe.remember(doc, at);
    if (doc.document_id !== undefined) {
      const known = this.fileCount === 0 ? undefined : this.probe.position(doc.rel, at);
      this.ids.set(known ?? this.fileCount + this.otherPaths.push(doc.rel) - 1, doc.document_id);
    }
  }

  /**
   * Puts a new model of the document at position `at` of the files in place of the one added
   * before (same path: its text changed): its ID and its anchors. `oldId`: the old model's ID.
   */
  replace(at: number, oldId: string | undefined, doc: InspectedDocument): void {
    this.probe.remember(doc, at);
    if (oldId === doc.document_id) return;
    if (oldId !== undefined) this.ids.delete(at, oldId);
    if (doc.document_id !== undefined) this.ids.set(at, doc.document_id);
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
      renameTargets: this.renameTargets,
      probe: this.probe,
    };
  }
}
