/** data of `docket lsp` (printed on stderr when the server stops). */
export interface LspData {
  server: { name: string; version: string };
  /** The repository served: --root, or the client's workspace folder (null: no session was initialized). */
  served_root: string | null;
  /** Governed documents in the repository when the server stopped. */
  documents: number;
  /** Checks of the repository after changes (the first check at start not counted). */
  refreshes: number;
  /** textDocument/publishDiagnostics notifications sent. */
  published: number;
}
