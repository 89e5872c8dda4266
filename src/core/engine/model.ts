import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import type { DocumentRecord } from './documents/read.js';
import type { Normalization } from './documents/normalize.js';
import type { Issue } from '../issues.js';
import type { BlockRow } from '../markdown/metadata-block.js';
import type { MarkdownLink } from '../markdown/outline.js';
import type { CompiledSchema } from '../schema/compile.js';

/**
 * How `fix` can repair a finding. Internal: the envelope drops it (only `fixable` shows).
 * `fill` adds a missing required field, or fills it when its value is empty, with the value
 * the fixer derives (ID allocation, type from the directory, title from the heading, ...).
 */
export type FixHint =
  | { kind: 'add-frontmatter' }
  | { kind: 'fill'; field: string }
  | { kind: 'set'; field: string; value: string }
  | { kind: 'rename'; to: string }
  /** Replace line `line` of the file, if it still reads `from` (the visible metadata block). */
  | { kind: 'line'; line: number; from: string; to: string };

/** A finding with an optional fix; the envelope shows it as an Issue. */
export interface Finding extends Issue {
  fix?: FixHint;
}

/** A link with its target resolved lexically against the document's path. */
export interface DocumentLink extends MarkdownLink {
  /**
   * external: has a scheme or is protocol-relative; self: `#anchor` in this document;
   * file: a repository path; outside: leaves the repository root; empty: `[x]()`.
   */
  scope: 'external' | 'self' | 'file' | 'outside' | 'empty';
  /** Repository-relative POSIX path of the target ('.' for the root), for `file`. */
  path?: string;
  /** The decoded fragment, without '#'. */
  fragment?: string;
}

/** A link to another document's anchor, checked once every document is loaded: only what the check reads. */
export interface PendingLink {
  line: number;
  column: number;
  /** Repository-relative path of the target document. */
  path: string;
  fragment: string;
}

/**
 * One governed document as docket understands it: the bytes-level record, the normalised
 * metadata, its links and anchors, and the findings of every rule. `index`, `scan` and
 * streaming renderers reuse this model instead of reading the files again.
 */
export interface InspectedDocument {
  rel: string;
  namespace: NamespaceConfig;
  record: DocumentRecord;
  /** Normalised metadata; undefined when the frontmatter is missing, empty or invalid. */
  metadata?: Record<string, unknown>;
  normalized: Normalization[];
  /** The trimmed `document_id` when it is a string. */
  document_id?: string;
  /** The upper-cased `type` when it is a string (GOVERNANCE is GOV). */
  type?: string;
  title?: string;
  /** Text of the first heading of the body, if any. */
  heading?: string;
  /** The rows of the visible metadata block in the body, when it has one (METADATA_BLOCK_DRIFT). */
  metadataBlock?: BlockRow[];
  /** Line of `document_id` in the frontmatter (kept when the frontmatter is released). */
  idLine?: number;
  links: DocumentLink[];
  anchors: string[];
  /**
   * A compact model's anchors, joined by `>` (which no anchor contains; `anchors` is then
   * empty): one string per document instead of an array and a string per heading. Read them
   * with anchorsOf.
   */
  anchorText?: string;
  /** A compact model's anchors as hashes: their key in the probe's AnchorStore (see anchor-store.ts). */
  anchorKey?: number;
  /** The text was decoded, so `anchors` are the document's (false for unreadable, binary or cached documents). */
  readable: boolean;
  /** Links to #anchors of documents not loaded yet when this one was, checked once every document is. */
  pendingLinks?: PendingLink[];
  /** Filled by the rules; sorted by line, column, code. */
  findings: Finding[];
  /** Whether per-document rules ran (false for documents loaded only for cross-references). */
  checked: boolean;
}

/** The shared empty list (core/lists.ts) for every empty list a model keeps until the end. */
export { NONE } from '../lists.js';

/** A document's anchors, whichever form its model keeps them in. */
export function anchorsOf(doc: InspectedDocument): readonly string[] {
  return doc.anchorText === undefined ? doc.anchors : doc.anchorText.split('>');
}

export interface Inspection {
  config: RepoConfig;
  /** Every governed document, sorted by path. */
  documents: InspectedDocument[];
  /** Findings about the repository rather than one document (docs roots, schemas, namespaces, symbolic links). */
  repository: Finding[];
  /** Something could not be read: the result is incomplete. */
  partial: boolean;
  /** Compiled metadata schema per schema path (undefined when missing or invalid). */
  schemas: ReadonlyMap<string, CompiledSchema | undefined>;
  /** Where the run's time went (see InspectionTimings), for `--include-metrics`. */
  timings: InspectionTimings;
}

/**
 * Milliseconds of each phase of an inspection: a few clock readings per run, reported only
 * when asked (`--include-metrics`), never in the result itself.
 */
export interface InspectionTimings {
  /** Listing the docs roots. */
  walk_ms: number;
  /** Reading every document and describing it (frontmatter, Markdown), with its own rules. */
  documents_ms: number;
  /** The rules that need every document (IDs, anchors in later documents, file names), findings handed on in path order. */
  cross_document_ms: number;
}
