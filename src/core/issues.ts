import type { Code } from '../errors/codes.js';

export type Severity = 'error' | 'warning' | 'info';

/** A finding: an item of the envelope's `violations` or `warnings` array. */
export interface Issue {
  code: Code;
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
export interface Advice {
  code: Code;
  message: string;
  command?: string;
  /** In `docket mcp` results: the tool call `command` stands for (cli/mcp/advice.ts). */
  tool?: { name: string; arguments: Record<string, unknown> };
}

const ISSUE_KEYS = ['code', 'severity', 'message', 'path', 'line', 'column', 'document_id', 'fixable', 'suggestion'] as const;

/** Rebuilds an issue with the contract's fixed key order, dropping undefined fields. */
export function normalizeIssue(issue: Issue): Issue {
  const out: Record<string, unknown> = {};
  for (const key of ISSUE_KEYS) {
    if (issue[key] !== undefined) out[key] = issue[key];
  }
  return out as unknown as Issue;
}

function cmp(a: string | number | undefined, b: string | number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1; // repository-level findings (no path) come first
  if (b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** Sort by path, line, column, code, then message: independent of discovery order. */
export function compareIssues(a: Issue, b: Issue): number {
  return (
    cmp(a.path, b.path) ||
    cmp(a.line, b.line) ||
    cmp(a.column, b.column) ||
    cmp(a.code, b.code) ||
    cmp(a.message, b.message) ||
    cmp(a.document_id, b.document_id)
  );
}

export function sortIssues(issues: readonly Issue[]): Issue[] {
  return issues.map(normalizeIssue).sort(compareIssues);
}

export function normalizeAdvice(items: readonly Advice[]): Advice[] {
  const seen = new Set<string>();
  const out: Advice[] = [];
  for (const item of items) {
    // The same next step twice is noise, whatever its message: the first (highest-ranked) wins.
    const key = item.command === undefined ? `${item.code}\u0000${item.message}` : `${item.code}\u0000${item.command}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      item.command === undefined
        ? { code: item.code, message: item.message }
        : { code: item.code, message: item.message, command: item.command },
    );
  }
  return out; // advice keeps the producer's order: it is a ranked list of next steps
}
