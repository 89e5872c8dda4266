import type { Advice as ContractAdvice, Issue as ContractIssue, Severity } from '../contract/issues.js';
import type { Code } from '../errors/codes.js';

export type { Severity };

/** A finding docket emits: the contract's shape, its code one of the error table's. */
export type Issue = ContractIssue<Code>;

/** An item of `advice` docket emits (see Issue). */
export type Advice = ContractAdvice<Code>;

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
