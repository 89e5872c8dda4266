import { realpathSync } from 'node:fs';
import { loadConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { inspectRepository } from '../engine/inspect.js';
import type { Finding } from '../engine/model.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import type { DocFacts, NodeFields } from '../index/facts.js';
import type { CompiledSchema } from '../schema/compile.js';
import { readEditorText } from './text.js';

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
}

const EMPTY: readonly Finding[] = [];

/**
 * The repository as an editor sees it: the files on disk, except the documents open in the
 * editor, which are checked as their unsaved text reads. The one engine `check` runs decides
 * every finding (an open document's text is an overlay, as a dry run's predicted files are),
 * so the editor and `docket check` cannot disagree. Never writes a file.
 */
export class Workspace {
  private readonly texts = new Map<string, string>();
  private snapshot: Snapshot | undefined;
  private config: RepoConfig;

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
  }

  /** The configuration changed on disk: it is read again at the next refresh. */
  async reloadConfig(): Promise<void> {
    this.config = (await loadConfig(this.config.root)).config;
  }

  /**
   * Checks the repository again (open documents as their editor text) and returns the paths
   * whose findings changed, sorted: documents that now have none included.
   */
  async refresh(signal?: AbortSignal): Promise<string[]> {
    const before = this.snapshot;
    const next = await this.check(signal);
    this.snapshot = next;
    const changed = new Set<string>();
    for (const [rel, findings] of next.findings) if (!sameFindings(before?.findings.get(rel) ?? EMPTY, findings)) changed.add(rel);
    if (before) for (const rel of before.findings.keys()) if (!next.findings.has(rel)) changed.add(rel);
    return [...changed].sort();
  }

  private async check(signal?: AbortSignal): Promise<Snapshot> {
    const overlay = { files: new Map([...this.texts].map(([rel, text]) => [rel, Buffer.from(text, 'utf8')])), gone: new Set<string>() };
    let files: readonly GovernedFile[] = [];
    const facts: (DocFacts | null | undefined)[] = [];
    const findings = new Map<string, readonly Finding[]>();
    const inspection = await inspectRepository(this.config, {
      overlay,
      keepDocuments: false,
      digest: false,
      ...(signal ? { signal } : {}),
      onWalk: (walked) => void (files = walked),
      onFacts: (i, f) => void (facts[i] = f),
      onDocument: (doc) => void findings.set(doc.rel, doc.findings),
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
    return { documents, findings, repository: inspection.repository, byId, schemas: inspection.schemas };
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

/** Whether two documents' findings read the same (every field: a changed suggestion is a change too). */
function sameFindings(a: readonly Finding[], b: readonly Finding[]): boolean {
  return a.length === b.length && (a.length === 0 || JSON.stringify(a) === JSON.stringify(b));
}
