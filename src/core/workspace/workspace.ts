import { realpathSync } from 'node:fs';
import { loadConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { inspectRepository } from '../engine/inspect.js';
import type { Finding } from '../engine/model.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import type { DocFacts, NodeFields } from '../index/facts.js';
import type { CompiledSchema } from '../schema/compile.js';
import { readEditorText } from './text.js';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import { LiveInspection } from '../engine/live.js';
import { rawOf } from '../engine/overlay.js';
import { absolutePath, MAX_DOCUMENT_BYTES, readRaw, type RawRead } from '../engine/documents/read.js';

/** A governed document as the workspace knows it: its path, namespace and (when it is a node) its index fields. */
export interface WorkspaceDocument {
  rel: string;
  namespace: string;
  /** The index's fields of the document (undefined: it is not a node, e.g. it has no valid ID). */
  node?: NodeFields;
}

/** What one check of the repository left: every document's findings and facts. */
interface Snapshot {
  documents: Map<string, WorkspaceDocument>;
  findings: Map<string, readonly Finding[]>;
  repository: readonly Finding[];
  /** Paths by document_id, in path order. */
  byId: Map<string, string[]>;
  schemas: ReadonlyMap<string, CompiledSchema | undefined>;
  /** The inspection kept alive to re-check single documents (see engine/live.ts). */
  live: LiveInspection | undefined;
}

/** A file the editor or the file system says changed. */
export interface DiskChange {
  rel: string;
  kind: 'created' | 'changed' | 'deleted';
}

const EMPTY: readonly Finding[] = [];

/** Top-level folders whose files no check reads or links to in practice. */
const IGNORED_TREES = new Set(['.git', '.docket', 'node_modules']);

/** An editor's text as the reader would have read it: too large is too large, as on disk. */
function rawOfText(text: string): RawRead {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length > MAX_DOCUMENT_BYTES ? { kind: 'too-large', size: bytes.length, mtimeMs: Number.NaN } : rawOf(bytes);
}

/**
 * The repository as an editor sees it: the files on disk, except the documents open in the
 * editor, which are checked as their unsaved text reads. The one engine `check` runs decides
 * every finding (an open document's text is an overlay, as a dry run's predicted files are),
 * so the editor and `docket check` cannot disagree. A change to a document's text re-checks
 * that document and those that depend on it (engine/live.ts); a file created or removed, or
 * a changed config or schema, checks the repository again. Never writes a file.
 */
export class Workspace {
  private readonly texts = new Map<string, string>();
  private snapshot: Snapshot | undefined;
  private config: RepoConfig;
  /** Documents whose bytes changed since the last refresh. */
  private readonly pending = new Set<string>();
  /** Something changed that only a full check answers (files created or removed, config, schemas). */
  private stale = true;
  private configStale = false;
  /** Paths whose findings an update changed before it had to give way to a full check. */
  private readonly carried = new Set<string>();

  private constructor(config: RepoConfig) {
    this.config = config;
  }

  /** Loads the repository at `root` (its docops.config.yaml) and checks it once. */
  static async open(root: string, signal?: AbortSignal): Promise<Workspace> {
    const workspace = new Workspace((await loadConfig(realpathSync(root))).config);
    await workspace.refresh(signal);
    return workspace;
  }

  get root(): string {
    return this.config.root;
  }

  get repoConfig(): RepoConfig {
    return this.config;
  }

  /** The editor's unsaved text of a document; undefined: the document is read from disk again (closed). */
  setText(rel: string, text: string | undefined): void {
    if (text === undefined) this.texts.delete(rel);
    else this.texts.set(rel, text);
    // Only a governed document's text is checked; a new one changes the set of documents.
    if (!this.snapshot || this.snapshot.documents.has(rel)) this.pending.add(rel);
    else if (wouldGovern(this.config, rel)) this.stale = true;
  }

  /**
   * Builds what re-checking a document in place needs beyond the check itself (which
   * documents link to which), so that the first edit is as quick as the next ones: call it
   * when idle, after the first findings are out.
   */
  prepareUpdates(): void {
    this.snapshot?.live?.prepare();
  }

  /** The configuration changed on disk: it is read again at the next refresh. */
  async reloadConfig(): Promise<void> {
    this.config = (await loadConfig(this.config.root)).config;
    this.stale = true;
  }

  /**
   * Files changed on disk (a file watcher's events); no list: anything may have changed. Read
   * at the next refresh.
   */
  diskChanged(changes?: readonly DiskChange[]): void {
    if (!changes) {
      this.stale = true;
      this.configStale = true;
      return;
    }
    const schemas = new Set(this.config.namespaces.map((n) => n.schema_path));
    for (const { rel, kind } of changes) {
      if (rel === this.config.config_path) this.configStale = true;
      else if (schemas.has(rel)) this.stale = true;
      // Nothing checked lives there (docket's own cache, git's and packages' trees): their churn changes no finding.
      else if (IGNORED_TREES.has(rel.split('/', 1)[0]!)) continue;
      else if (kind !== 'changed' || !this.snapshot) this.stale = true;
      else if (this.snapshot.documents.has(rel)) {
        if (!this.texts.has(rel)) this.pending.add(rel);
      }
      // Links may name anchors of a Markdown file that is not a document; other files' bytes do not matter.
      else if (rel.toLowerCase().endsWith('.md')) this.stale = true;
    }
    if (this.configStale) this.stale = true;
  }

  /**
   * Checks what changed since the last refresh (open documents as their editor text) and
   * returns the paths whose findings changed, sorted: documents that now have none included.
   */
  async refresh(signal?: AbortSignal): Promise<string[]> {
    const before = this.snapshot;
    if (!this.stale && before?.live && this.pending.size > 0) {
      const changed = this.update(before, before.live);
      if (changed) return changed;
    }
    if (!this.stale && before && this.pending.size === 0) return [];
    if (this.configStale) {
      this.config = (await loadConfig(this.config.root)).config;
      this.configStale = false;
    }
    this.pending.clear();
    this.stale = false;
    let next: Snapshot;
    try {
      next = await this.check(signal);
    } catch (error) {
      this.stale = true;
      throw error;
    }
    this.snapshot = next;
    const changed = new Set<string>(this.carried);
    this.carried.clear();
    for (const [rel, findings] of next.findings) if (!sameFindings(before?.findings.get(rel) ?? EMPTY, findings)) changed.add(rel);
    if (before) for (const rel of before.findings.keys()) if (!next.findings.has(rel)) changed.add(rel);
    return [...changed].sort();
  }

  /** Re-checks the pending documents in place; undefined when one of them needs a full check. */
  private update(snapshot: Snapshot, live: LiveInspection): string[] | undefined {
    const changed = new Set<string>();
    for (const rel of [...this.pending].sort()) {
      const text = this.texts.get(rel);
      const raw = text !== undefined ? rawOfText(text) : readRaw(absolutePath(this.config.root, rel));
      const update = live.update(rel, raw);
      if (!update) {
        // The full check compares with findings this pass already replaced: what changed so far is reported with its result.
        for (const path of changed) this.carried.add(path);
        this.stale = true;
        return undefined;
      }
      this.pending.delete(rel);
      for (const p of update.positions) {
        const path = live.pathAt(p);
        const findings = live.findings(p);
        if (!sameFindings(snapshot.findings.get(path) ?? EMPTY, findings)) changed.add(path);
        snapshot.findings.set(path, findings);
      }
      if (update.facts) this.setFacts(snapshot, rel, update.facts);
    }
    return [...changed].sort();
  }

  /** A document's new index facts: its entry and the ID table. */
  private setFacts(snapshot: Snapshot, rel: string, facts: DocFacts): void {
    const doc = snapshot.documents.get(rel)!;
    const oldId = doc.node?.document_id;
    const next: WorkspaceDocument = { rel, namespace: doc.namespace, ...(facts.node ? { node: facts.node } : {}) };
    snapshot.documents.set(rel, next);
    if (oldId === facts.node?.document_id) return;
    if (oldId !== undefined) {
      const rest = snapshot.byId.get(oldId)?.filter((r) => r !== rel) ?? [];
      if (rest.length > 0) snapshot.byId.set(oldId, rest);
      else snapshot.byId.delete(oldId);
    }
    if (facts.node) {
      const list = [...(snapshot.byId.get(facts.node.document_id) ?? []), rel].sort();
      snapshot.byId.set(facts.node.document_id, list);
    }
  }

  private async check(signal?: AbortSignal): Promise<Snapshot> {
    const overlay = { files: new Map([...this.texts].map(([rel, text]) => [rel, rawOfText(text)])), gone: new Set<string>() };
    let files: readonly GovernedFile[] = [];
    const facts: (DocFacts | null | undefined)[] = [];
    const findings = new Map<string, readonly Finding[]>();
    let live: LiveInspection | undefined;
    const inspection = await inspectRepository(this.config, {
      overlay,
      keepDocuments: false,
      digest: false,
      ...(signal ? { signal } : {}),
      onWalk: (walked) => void (files = walked),
      onFacts: (i, f) => void (facts[i] = f),
      onDocument: (doc) => void findings.set(doc.rel, doc.findings),
      retain: (loaded) => void (live = new LiveInspection(loaded)),
    });
    const documents = new Map<string, WorkspaceDocument>();
    const byId = new Map<string, string[]>();
    files.forEach((file, i) => {
      const node = facts[i]?.node;
      documents.set(file.rel, { rel: file.rel, namespace: file.namespace.name, ...(node ? { node } : {}) });
      if (!node) return;
      const list = byId.get(node.document_id);
      if (list) list.push(file.rel);
      else byId.set(node.document_id, [file.rel]);
    });
    return { documents, findings, repository: inspection.repository, byId, schemas: inspection.schemas, live };
  }

  private get current(): Snapshot {
    if (!this.snapshot) throw new Error('Workspace: used before open() checked it');
    return this.snapshot;
  }

  /** Whether `rel` is a governed document (one `check` checks). */
  isGoverned(rel: string): boolean {
    return this.current.documents.has(rel);
  }

  /** A document's findings, sorted as check sorts them (empty: none, or not governed). */
  findings(rel: string): readonly Finding[] {
    return this.current.findings.get(rel) ?? EMPTY;
  }

  /** Findings about the repository rather than one document (config, schemas, docs roots). */
  repositoryFindings(): readonly Finding[] {
    return this.current.repository;
  }

  /** Every governed document, in path order. */
  documents(): WorkspaceDocument[] {
    return [...this.current.documents.values()];
  }

  document(rel: string): WorkspaceDocument | undefined {
    return this.current.documents.get(rel);
  }

  /** The documents whose document_id is `id`, in path order (more than one: ID_UNIQUE). */
  withId(id: string): WorkspaceDocument[] {
    return (this.current.byId.get(id) ?? []).map((rel) => this.current.documents.get(rel)!);
  }

  /** The compiled metadata schema a document is checked against (its namespace's). */
  schemaOf(rel: string): CompiledSchema | undefined {
    const doc = this.current.documents.get(rel);
    const ns = doc && this.config.namespaces.find((n) => n.name === doc.namespace);
    return ns ? this.current.schemas.get(ns.schema_path) : undefined;
  }

  /** A document's text: the editor's when it is open, else the file's (undefined: unreadable or too large). */
  text(rel: string): string | undefined {
    return this.texts.get(rel) ?? readEditorText(this.config.root, rel);
  }
}

/** Whether a path not checked now would be a governed document (a Markdown file under a docs root, not excluded). */
function wouldGovern(config: RepoConfig, rel: string): boolean {
  const ns = rel.toLowerCase().endsWith('.md') ? namespaceFor(config, rel) : undefined;
  return ns !== undefined && !isExcluded(ns, rel);
}

/** Whether two documents' findings read the same (every field: a changed suggestion is a change too). */
function sameFindings(a: readonly Finding[], b: readonly Finding[]): boolean {
  return a.length === b.length && (a.length === 0 || JSON.stringify(a) === JSON.stringify(b));
}
