import type { Connection, ServerCapabilities } from 'vscode-languageserver/lib/common/api.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import { completion } from './features/completion.js';
import { definition } from './features/definition.js';
import { documentLinks } from './features/document-links.js';
import { hover } from './features/hover.js';
import { workspaceSymbols } from './features/symbols.js';

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
    completionProvider: { triggerCharacters: ['(', '/', '#', '[', ',', ' ', '-'] },
    workspaceSymbolProvider: true,
    documentLinkProvider: { resolveProvider: false },
  };
}

/** The handlers of the navigation features (src/cli/lsp/features/), on the editor's text of the document asked about. */
export function registerNavigation(connection: Connection, ctx: NavigationContext): void {
  /** The workspace and the document of a request, or undefined (not open yet, not in the repository). */
  const at = (uri: string) => {
    const ws = ctx.workspace();
    const doc = ws && ctx.document(uri);
    return ws && doc ? { ws, ...doc } : undefined;
  };
  connection.onHover(({ textDocument, position }) => {
    const a = at(textDocument.uri);
    return a ? hover(a.ws, a.rel, a.text, position) : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const a = at(textDocument.uri);
    return a ? definition(a.ws, a.rel, a.text, position) : [];
  });
  connection.onCompletion(({ textDocument, position }) => {
    const a = at(textDocument.uri);
    return a ? completion(a.ws, a.rel, a.text, position) : [];
  });
  connection.onWorkspaceSymbol(({ query }) => {
    const ws = ctx.workspace();
    return ws ? workspaceSymbols(ws, query) : [];
  });
  connection.onDocumentLinks(({ textDocument }) => {
    const a = at(textDocument.uri);
    return a ? documentLinks(a.ws, a.rel, a.text) : [];
  });
}
