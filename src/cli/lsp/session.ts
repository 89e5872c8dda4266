import type { Connection, Diagnostic } from 'vscode-languageserver/lib/common/api.js';
import { CONFIG_FILE } from '../../core/config/defaults.js';
import { isExcluded, namespaceFor } from '../../core/config/exclusion.js';
import type { Finding } from '../../core/engine/model.js';
import { Workspace, type DiskChange } from '../../core/workspace/workspace.js';
import { toDocketError } from '../to-docket-error.js';
import { Lines, toDiagnostic } from './diagnostics.js';
import { RefreshLoop } from './refresh-loop.js';
import { uriOf } from './uri.js';

/** An open document as the editor has it. */
export interface OpenDocument {
  text: string;
  version: number;
}

/** Counters of a session, reported when the server stops. */
export interface SessionStats {
  documents: number;
  refreshes: number;
  published: number;
}

/** Changes closer together than this make one refresh (a burst of keystrokes, a save of many files). */
const DELAY_MS = 15;

/**
 * The repository behind the server: the workspace, its refreshes, and the diagnostics
 * published from them. Documents are published only when their findings changed (cleared
 * when they have none left); findings about the repository go on the config file.
 */
export class Session {
  private ws: Workspace | undefined;
  private opening: Promise<void> | undefined;
  private readonly loop: RefreshLoop;
  /** Paths whose findings changed in a refresh whose publishing was cut short by a newer change. */
  private readonly unpublished = new Set<string>();
  private repositoryKey = '[]';
  private configChanged = false;
  /** Why the config cannot be read, while it cannot (shown on the config file). */
  private configError: Finding | undefined;
  /** The open documents' versions the last completed refresh checked. */
  private checked = new Map<string, number>();
  readonly stats: SessionStats = { documents: 0, refreshes: 0, published: 0 };

  constructor(
    readonly root: string,
    private readonly connection: Connection,
    private readonly open: () => ReadonlyMap<string, OpenDocument>,
  ) {
    this.loop = new RefreshLoop(
      (signal) => this.refresh(signal),
      DELAY_MS,
      (error) => this.report(error),
    );
  }

  workspace(): Workspace | undefined {
    return this.ws;
  }

  /** Opens the workspace (checks the repository once) and publishes every finding; a failure is shown and retried when the config changes. */
  start(): Promise<void> {
    this.opening ??= this.openWorkspace().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async openWorkspace(): Promise<void> {
    let ws: Workspace;
    try {
      ws = await Workspace.open(this.root);
    } catch (error) {
      const e = toDocketError(error);
      this.configError = { code: e.code, severity: 'error', message: e.message, ...(e.suggestion ? { suggestion: e.suggestion } : {}) };
      this.publishRepository();
      void this.connection.window.showErrorMessage(`docket lsp: ${e.message}`);
      return;
    }
    this.ws = ws;
    this.configError = undefined;
    const open = this.open();
    for (const [rel, doc] of open) ws.setText(rel, doc.text);
    if (open.size > 0) {
      this.loop.request();
      await this.loop.settled();
    } else {
      this.checked = new Map();
    }
    // Everything with findings, once: later refreshes publish only what changed.
    for (const doc of ws.documents()) if (ws.findings(doc.rel).length > 0) this.unpublished.add(doc.rel);
    this.publish();
    this.stats.documents = ws.documents().length;
    const findings = [...this.unpublished].length;
    this.connection.console.info(
      `docket: ready, ${this.stats.documents} governed documents checked in ${this.root} (${findings} with findings).`,
    );
    // So that the first edit is re-checked as quickly as the next ones.
    ws.prepareUpdates();
  }

  /**
   * An open document's text changed (or it was opened); undefined: it was closed. A file no
   * namespace governs (a README beside the docs) changes no finding: it is not checked again.
   */
  setText(rel: string, text: string | undefined): void {
    const ws = this.ws;
    if (!ws) return;
    const ns = namespaceFor(ws.repoConfig, rel);
    if (!ws.isGoverned(rel) && (!ns || isExcluded(ns, rel))) return;
    ws.setText(rel, text);
    this.loop.request();
  }

  /** Files changed on disk (watched files, a save): docops.config.yaml is read again here, the rest the workspace judges. */
  filesChanged(changes: readonly DiskChange[]): void {
    const configRel = this.ws?.repoConfig.config_path ?? CONFIG_FILE;
    const config = changes.some((c) => c.rel === configRel);
    if (config) this.configChanged = true;
    if (!this.ws) {
      if (config) void this.start();
      return;
    }
    this.ws.diskChanged(changes.filter((c) => c.rel !== configRel));
    this.loop.request();
  }

  /** Resolves once every change so far is checked and its diagnostics published. */
  async settled(): Promise<void> {
    await this.opening;
    await this.loop.settled();
  }

  /** The version of an open document the current findings are about (undefined: it changed since). */
  checkedVersion(rel: string): number | undefined {
    return this.checked.get(rel);
  }

  private async refresh(signal: AbortSignal): Promise<void> {
    const ws = this.ws!;
    if (this.configChanged) {
      this.configChanged = false;
      try {
        await ws.reloadConfig();
        this.configError = undefined;
      } catch (error) {
        const e = toDocketError(error);
        this.configError = { code: e.code, severity: 'error', message: e.message, ...(e.suggestion ? { suggestion: e.suggestion } : {}) };
      }
    }
    // The texts checked are those set before this call (the workspace reads them as it starts).
    const versions = new Map([...this.open()].map(([rel, d]) => [rel, d.version] as const));
    const changed = await ws.refresh(signal);
    this.stats.refreshes++;
    for (const rel of changed) this.unpublished.add(rel);
    this.stats.documents = ws.documents().length;
    // A newer change aborted this refresh after it completed: the next one publishes both.
    if (signal.aborted) return;
    this.checked = versions;
    this.publish();
  }

  private publish(): void {
    const ws = this.ws!;
    const open = this.open();
    for (const rel of [...this.unpublished].sort()) {
      const findings = ws.findings(rel);
      const doc = open.get(rel);
      const lines = new Lines(findings.length === 0 ? '' : (doc?.text ?? ws.text(rel)));
      this.send(
        rel,
        findings.map((f) => toDiagnostic(f, lines)),
        doc ? this.checked.get(rel) : undefined,
      );
    }
    this.unpublished.clear();
    this.publishRepository();
  }

  /** Findings about the repository (and a config that cannot be read) go on the config file, when they changed. */
  private publishRepository(): void {
    const findings = [...(this.configError ? [this.configError] : []), ...(this.ws?.repositoryFindings() ?? [])];
    const key = JSON.stringify(findings);
    if (key === this.repositoryKey) return;
    this.repositoryKey = key;
    const configRel = this.ws?.repoConfig.config_path ?? CONFIG_FILE;
    const lines = new Lines(findings.length === 0 ? '' : this.ws?.text(configRel));
    const diagnostics = findings.map((f) => toDiagnostic(f, lines, f.path === undefined || f.path === configRel ? undefined : f.path));
    this.send(configRel, diagnostics, undefined);
  }

  private send(rel: string, diagnostics: Diagnostic[], version: number | undefined): void {
    this.stats.published++;
    void this.connection
      .sendDiagnostics({ uri: uriOf(this.root, rel), diagnostics, ...(version !== undefined ? { version } : {}) })
      .catch(() => undefined);
  }

  private report(error: unknown): void {
    const e = toDocketError(error);
    this.connection.console.error(`docket: the check failed: ${e.code}: ${e.message}`);
  }

  close(): void {
    this.loop.close();
  }
}
