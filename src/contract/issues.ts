/**
 * The findings and advice of every envelope. `C` is the code type: a plain string for a
 * client (a newer docket may emit codes it does not know); core narrows it to its table's codes.
 */
export type Severity = 'error' | 'warning' | 'info';

/** A finding: an item of the envelope's `violations` or `warnings` array. */
export interface Issue<C extends string = string> {
  code: C;
  severity: Severity;
  message: string;
  path?: string;
  line?: number;
  column?: number;
  document_id?: string;
  fixable?: boolean;
  suggestion?: string;
}

/** An item of `advice`: `command` is an exact command line an agent can run next. */
export interface Advice<C extends string = string> {
  code: C;
  message: string;
  command?: string;
  /** In `docket mcp` results: the tool call `command` stands for (src/cli/mcp/advice.ts). */
  tool?: { name: string; arguments: Record<string, unknown> };
}
