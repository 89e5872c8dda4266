import type { Connection, ServerCapabilities } from 'vscode-languageserver/lib/common/api.js';
import type { Workspace } from '../../core/workspace/workspace.js';

/** What the navigation handlers need from the server: the workspace (once open) and a document's path and text. */
export interface NavigationContext {
  workspace(): Workspace | undefined;
  /** The repository path and current text of a document URI (the editor's when open), or undefined. */
  document(uri: string): { rel: string; text: string } | undefined;
}

/** The navigation features the server declares: hover, definition, completion, workspace symbols, document links. */
export function navigationCapabilities(): ServerCapabilities {
  return {
    hoverProvider: true,
    definitionProvider: true,
    completionProvider: { triggerCharacters: ['(', '/', '#', ' ', '-'] },
    workspaceSymbolProvider: true,
    documentLinkProvider: { resolveProvider: false },
  };
}

/**
 * The one place the navigation features are wired. The lead plugs the five functions of
 * src/cli/lsp/features/ (h-lspnav: hover, definition, completion, workspaceSymbols,
 * documentLinks, each taking the workspace, the path, the text and the position) in here when
 * merging; until then every handler answers with an empty result.
 */
export function registerNavigation(connection: Connection, ctx: NavigationContext): void {
  // With the features: const ws = ctx.workspace(), doc = ctx.document(params.textDocument.uri);
  // then hover(ws, doc.rel, doc.text, params.position), and so on.
  void ctx;
  connection.onHover(() => null);
  connection.onDefinition(() => []);
  connection.onCompletion(() => []);
  connection.onWorkspaceSymbol(() => []);
  connection.onDocumentLinks(() => []);
}
