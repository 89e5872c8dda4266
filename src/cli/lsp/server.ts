import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  createConnection,
  DidChangeWatchedFilesNotification,
  WatchKind,
  type FileSystemWatcher,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type InitializeResult,
  type WatchDog,
} from 'vscode-languageserver/lib/common/api.js';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';
import { CONFIG_FILE } from '../../core/config/defaults.js';
import { codeActions, resolveCodeAction, type ActionContext, type ActionData } from './code-actions.js';
import { navigationCapabilities, registerNavigation } from './navigation.js';
import { refusalOf, serverRoot } from './root.js';
import { Session, type OpenDocument, type SessionStats } from './session.js';
import { GuardedReader } from './transport.js';
import { relOf } from './uri.js';
import type { DiskChange } from '../../core/workspace/workspace.js';

export interface LspOptions {
  name: string;
  version: string;
  /** --root, when given; else the workspace folder from `initialize`. */
  root?: string;
  /** Where a root is looked for when the client names no folder. */
  cwd: string;
  /** --clientProcessId: the server stops when this process is gone (as with initialize's processId). */
  clientProcessId?: number;
  /** Aborts to stop the server (SIGINT/SIGTERM). */
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  debug(message: string): void;
}

export interface LspStats extends SessionStats {
  /** The repository served (undefined: the client never initialized a session). */
  root?: string;
}

/** The files whose changes the server watches: documents, the config, metadata schemas. */
/**
 * What the server asks the editor to watch: every change to documents, the config and schemas;
 * any file created or deleted (a link's target may appear or go).
 */
const WATCHED: FileSystemWatcher[] = [
  ...['**/*.md', `**/${CONFIG_FILE}`, '**/*.schema.json'].map((globPattern) => ({ globPattern })),
  { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
];

/** FileChangeType's numbers (1 created, 2 changed, 3 deleted) as the workspace names them. */
const KINDS: Record<number, DiskChange['kind']> = { 1: 'created', 2: 'changed', 3: 'deleted' };

/**
 * Serves the Language Server Protocol over stdio until the client sends `exit`, stdin ends
 * or `signal` aborts. Stdout carries only protocol messages; logs go to the client
 * (window/logMessage) or, with --debug, to stderr. It never writes a file: code actions are
 * edits the client applies.
 */
export async function serveLsp(opts: LspOptions): Promise<LspStats> {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const timers: NodeJS.Timeout[] = [];
  /** Stops the server once the client process `pid` is gone (a client that died without `exit`). */
  const watchClient = (pid: number) => {
    const timer = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        opts.debug(`the client process ${pid} is gone: stopping.`);
        stop();
      }
    }, 3000);
    timer.unref();
    timers.push(timer);
  };
  if (opts.clientProcessId !== undefined) watchClient(opts.clientProcessId);
  // The library's own watchdog ends the process (process.exit) on `exit`, at the end of stdin
  // and when the client process dies; this one stops the server, and the command ends normally.
  const watchDog: WatchDog = {
    shutdownReceived: false,
    initialize(params) {
      if (typeof params.processId === 'number' && opts.clientProcessId === undefined) watchClient(params.processId);
    },
    exit: () => stop(),
  };
  const writer = new StreamMessageWriter(process.stdout);
  const reader = new GuardedReader(new StreamMessageReader(process.stdin), writer, opts.debug);
  const connection = createConnection((logger) => createProtocolConnection(reader, writer, logger), watchDog);
  const documents = new TextDocuments(TextDocument);
  let session: Session | undefined;
  let capabilities: ClientCapabilities = {};

  /** The open documents inside the root, by repository path. */
  const open = (): Map<string, OpenDocument> => {
    const out = new Map<string, OpenDocument>();
    if (!session) return out;
    for (const doc of documents.all()) {
      const rel = relOf(session.root, doc.uri);
      if (rel !== undefined) out.set(rel, { text: doc.getText(), version: doc.version });
    }
    return out;
  };

  connection.onInitialize((params): InitializeResult | ResponseError<{ retry: boolean }> => {
    const root = serverRoot(params, opts.root, opts.cwd);
    const refusal = refusalOf(root);
    if (refusal) return new ResponseError(-32002, refusal, { retry: false });
    capabilities = params.capabilities ?? {};
    session = new Session(root, connection, open);
    opts.debug(`serving ${root}`);
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.docket'], resolveProvider: true },
        ...navigationCapabilities(),
      },
      serverInfo: { name: opts.name, version: opts.version },
    };
  });

  connection.onInitialized(() => {
    if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration)
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED })
        .catch((error: unknown) => opts.debug(`file watching not registered: ${String(error)}`));
    void session?.start();
  });

  const relOfUri = (uri: string): string | undefined => (session ? relOf(session.root, uri) : undefined);
  const isMarkdown = (rel: string | undefined): rel is string => rel !== undefined && rel.toLowerCase().endsWith('.md');

  documents.onDidChangeContent(({ document }) => {
    const rel = relOfUri(document.uri);
    if (isMarkdown(rel)) session!.setText(rel, document.getText());
  });
  documents.onDidClose(({ document }) => {
    const rel = relOfUri(document.uri);
    if (isMarkdown(rel)) session!.setText(rel, undefined);
  });
  documents.onDidSave(({ document }) => {
    const rel = relOfUri(document.uri);
    if (rel !== undefined) session!.filesChanged([{ rel, kind: 'changed' }]);
  });
  // Registered or not: a client may send these without being asked.
  connection.onDidChangeWatchedFiles(({ changes }) => {
    if (!session || !Array.isArray(changes)) return;
    const known: DiskChange[] = [];
    for (const change of changes) {
      const rel = relOfUri(String(change?.uri));
      if (rel !== undefined) known.push({ rel, kind: KINDS[change?.type] ?? 'changed' });
    }
    if (known.length > 0) session.filesChanged(known);
  });

  const actionContext = (only?: readonly string[]): ActionContext => ({
    renames: capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('rename') === true,
    resolve: capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true,
    open: open(),
    ...(only ? { only } : {}),
    now: new Date(),
    env: opts.env,
  });
  /** A document's path and text once every change is checked, when its findings are those of its current version. */
  const checkedDocument = async (uri: string, version?: number | null) => {
    const rel = relOfUri(uri);
    if (!session?.workspace() || rel === undefined) return undefined;
    await session.settled();
    const ws = session.workspace()!;
    const doc = documents.get(uri);
    // Findings are those of the version the last refresh checked: a newer text waits for its own.
    if (doc && (session.checkedVersion(rel) !== doc.version || (version !== undefined && version !== doc.version))) return undefined;
    const text = doc?.getText() ?? ws.text(rel);
    return text === undefined ? undefined : { ws, rel, text, version: doc?.version ?? null };
  };
  connection.onCodeAction(async (params) => {
    const at = await checkedDocument(params.textDocument.uri);
    if (!at) return [];
    return codeActions(at.ws, at.rel, at.text, params.range, at.version, actionContext(params.context.only));
  });
  connection.onCodeActionResolve(async (action) => {
    const data = action.data as ActionData | undefined;
    if (typeof data?.uri !== 'string' || typeof data.finding !== 'number') return action;
    const at = await checkedDocument(data.uri, data.version);
    return at ? resolveCodeAction(at.ws, at.rel, at.text, action, actionContext()) : action;
  });

  registerNavigation(connection, {
    workspace: () => session?.workspace(),
    document: (uri) => {
      const rel = relOfUri(uri);
      const text = documents.get(uri)?.getText() ?? (rel !== undefined ? session?.workspace()?.text(rel) : undefined);
      return rel !== undefined && text !== undefined ? { rel, text } : undefined;
    },
  });

  connection.onShutdown(() => session?.close());
  documents.listen(connection);
  connection.listen();
  reader.onClose(() => stop());
  process.stdin.once('end', stop);
  opts.signal.addEventListener('abort', stop, { once: true });
  try {
    await stopped;
  } finally {
    opts.signal.removeEventListener('abort', stop);
    process.stdin.off('end', stop);
    for (const timer of timers) clearInterval(timer);
    session?.close();
    connection.dispose();
    process.stdin.destroy();
  }
  return { ...(session?.stats ?? { documents: 0, refreshes: 0, published: 0 }), ...(session ? { root: session.root } : {}) };
}
