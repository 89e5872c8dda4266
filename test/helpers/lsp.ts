import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node.js';
import { BIN, cleanEnv } from './cli.js';

/** A `docket lsp` child process with a client connection over its stdio (vscode-languageserver-protocol). */
export interface LspClient {
  connection: ProtocolConnection;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Log messages (window/logMessage) so far. */
  logs: string[];
  /** The latest diagnostics published for each URI. */
  diagnostics: Map<string, PublishDiagnosticsParams>;
  /** The next publishDiagnostics (from now on) for which `accept` holds. */
  nextDiagnostics(accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** Resolves when a log message matching `pattern` was or is received. */
  log(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

export const fileUri = (root: string, rel: string): string => pathToFileURL(path.join(root, rel)).href;

export function startLsp(args: string[], opts: { cwd?: string } = {}): LspClient {
  const child = spawn(process.execPath, [BIN, 'lsp', ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: cleanEnv() as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const logs: string[] = [];
  const diagnosticWaiters: { accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const logWaiters: { pattern: RegExp; resolve: (m: string) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p);
    for (const w of [...diagnosticWaiters])
      if (w.accept(p)) {
        diagnosticWaiters.splice(diagnosticWaiters.indexOf(w), 1);
        w.resolve(p);
      }
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
    for (const w of [...logWaiters])
      if (w.pattern.test(p.message)) {
        logWaiters.splice(logWaiters.indexOf(w), 1);
        w.resolve(p.message);
      }
  });
  connection.onNotification('window/showMessage', (p: { message: string }) => logs.push(p.message));
  // Dynamic registration of file watching: accepted.
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  return {
    connection,
    child,
    stderr: () => stderr,
    logs,
    diagnostics,
    nextDiagnostics: (accept) => new Promise((resolve) => diagnosticWaiters.push({ accept, resolve })),
    log: (pattern) => {
      const seen = logs.find((m) => pattern.test(m));
      return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => logWaiters.push({ pattern, resolve }));
    },
    exited,
  };
}

/** Client capabilities of a full editor (as VS Code's): watched files, versioned diagnostics, resource operations, code actions resolved later. */
const EDITOR_CAPABILITIES = {
  workspace: {
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
  },
  textDocument: {
    synchronization: { didSave: true },
    publishDiagnostics: { versionSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
      resolveSupport: { properties: ['edit'] },
    },
  },
};

/** initialize + initialized, then waits until the server has checked the repository. */
export async function initialize(client: LspClient, root: string, capabilities: object = EDITOR_CAPABILITIES): Promise<any> {
  const result = await client.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'repo' }],
    capabilities,
  });
  await client.connection.sendNotification('initialized', {});
  await client.log(/^docket: ready/);
  return result;
}

/** shutdown, exit: resolves with the exit code. */
export async function stop(client: LspClient): Promise<number | null> {
  await client.connection.sendRequest('shutdown');
  await client.connection.sendNotification('exit');
  const code = await client.exited;
  client.connection.dispose();
  return code;
}
