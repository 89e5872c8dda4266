import type { Issue } from './issues.js';

/** What an NDJSON `item` record carries: a finding, a graph node or edge, a file, a document. */
export type ItemKind = 'finding' | 'node' | 'edge' | 'file' | 'document' | 'action';

/**
 * Where a streaming use case sends results as it produces them (`--format ndjson`). The CLI
 * writes each item as one line at once, so nothing accumulates; a returned promise means the
 * output is full and the caller should wait before producing more.
 */
export interface ItemSink {
  item(kind: ItemKind, data: object): void | Promise<void>;
  /** A finding item; the sink counts violations and warnings for the summary. */
  finding(issue: Issue): void | Promise<void>;
  /** Optional progress record (`phase`, documents done of total). */
  progress(phase: string, done: number, total: number): void | Promise<void>;
}
