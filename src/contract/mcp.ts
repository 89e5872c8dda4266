/** Counters of a `docket mcp` session. */
export interface ServeStats {
  calls: number;
  failed_calls: number;
}

/** data of `docket mcp` (printed on stderr when the server stops). */
export interface McpData extends ServeStats {
  server: { name: string; version: string };
  tools: string[];
}
