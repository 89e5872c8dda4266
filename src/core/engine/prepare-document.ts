import type { RepoConfig } from '../config/types.js';
import { absolutePath, readRaw, recordOf, type DocumentRecord, type RawRead } from './documents/read.js';
import type { GovernedFile } from './documents/walk.js';
import { factsOf, type DocFacts } from '../index/facts.js';
import type { CompiledSchema } from '../schema/compile.js';
import { describeDocument } from './load.js';
import { CompactDocument } from './compact.js';
import { NONE, type Finding, type InspectedDocument } from './model.js';
import type { FsProbe } from './probe.js';
import type { LineRange } from '../cache/check-cache.js';
import { documentOf, memoOf, type DocMemo } from '../cache/check-memo.js';
import { addLinkFindings, intrinsicFindings } from './rules/local.js';
import type { Overlay } from './overlay.js';

/** How documents are prepared (see PrepareContext). */
export interface PrepareSettings {
  /** Run each document's own rules (check); false: describe only (index). */
  rules: boolean;
  /** Paths whose rules run (targeted check); undefined: all. */
  only?: ReadonlySet<string>;
  digest: boolean;
  /** Compute the index's facts before the model is compacted. */
  facts: boolean;
  /** Keep what check's cache remembers of each document whose rules ran (Prepared.memo). */
  memo?: boolean;
  /** Key each memo by the SHA-256 of the document's bytes too (Prepared.digest: the content strategy). */
  memoDigest?: boolean;
  /** false: skip the documents' anchors (index: only links and the first heading matter). */
  anchors?: boolean;
}

export interface PrepareContext {
  config: RepoConfig;
  schemaFor(schemaPath: string): CompiledSchema | undefined;
  probe: FsProbe;
  settings: PrepareSettings;
  /** A dry run's predicted files: prepared from these bytes instead of the disk (see Overlay). */
  overlay?: Overlay;
}

/** A document ready for the cross-document phase. */
export interface Prepared {
  doc: InspectedDocument;
  /** Its own findings; undefined when its rules do not run. */
  local?: Finding[];
  facts?: DocFacts;
  /** Set when a cache already knew the bytes: only size, mtime and digest were read. */
  known?: DocumentRecord;
  /** What check's cache remembers of the document (settings.memo), as JSON-ready data. */
  memo?: DocMemo;
  /** The SHA-256 (hex) of the bytes the memo was made from. */
  digest?: string;
  /** For a document check's cache remembered: where its line is in the old cache file, copied to the new one. */
  cacheRange?: LineRange;
}

/** Runs what needs only the document on a described document: its rules, facts, compaction. */
function prepareDescribed(doc: InspectedDocument, ctx: PrepareContext): Prepared {
  const s = ctx.settings;
  const prepared: Prepared = { doc };
  if (s.facts) prepared.facts = factsOf(doc);
  if (s.rules && (!s.only || s.only.has(doc.rel))) {
    const own = intrinsicFindings(doc, ctx.schemaFor);
    // Remembered before links add theirs; a document that could not be read is read again next time.
    if (s.memo && !doc.record.unreadable && doc.readable) {
      prepared.memo = memoOf(doc, doc.links, own);
      if (s.memoDigest && doc.record.digest) prepared.digest = doc.record.digest;
    }
    // Hashed for the memo only: a record with a digest is not plain, and a compact model would keep it whole.
    if (!s.digest && doc.record.digest !== undefined) doc.record.digest = undefined;
    const local = addLinkFindings(doc, own, ctx.probe);
    prepared.local = local.length === 0 ? NONE : local;
  }
  // Only what other documents' rules need is kept once the document's own rules ran (compact.ts).
  prepared.doc = CompactDocument.of(doc, ctx.probe);
  return prepared;
}

/** prepareDescribed for a document check's cache remembered: its links run again, its own rules do not. */
export function prepareRemembered(file: GovernedFile, memo: DocMemo, size: number, mtimeMs: number, ctx: PrepareContext): Prepared {
  const s = ctx.settings;
  const doc = documentOf(file, memo, size, mtimeMs);
  const prepared: Prepared = { doc };
  if (s.rules && (!s.only || s.only.has(doc.rel))) {
    const local = addLinkFindings(doc, memo[6], ctx.probe);
    prepared.local = local.length === 0 ? NONE : local;
  }
  // Only what other documents' rules need is kept once the document's own rules ran (compact.ts).
  prepared.doc = CompactDocument.of(doc, ctx.probe);
  return prepared;
}

/**
 * Describes and prepares one document from its bytes.
 * `expected`: the digest a cache holds for the path; when the bytes have it, nothing is
 * decoded (`known`).
 */
export function prepareRaw(file: GovernedFile, raw: RawRead, ctx: PrepareContext, expected?: string): Prepared {
  const s = ctx.settings;
  const record = recordOf(file.rel, file.namespace, raw, {
    ...(expected !== undefined ? { known: (digest: string) => digest === expected } : {}),
    // check's cache keys each memo by the digest of the bytes it was made from.
    digest: s.digest || (s.memoDigest === true && s.rules && (!s.only || s.only.has(file.rel))),
  });
  if (record.decoded === false) return { doc: undefined as never, known: record };
  const doc = describeDocument(record, ctx.schemaFor(file.namespace.schema_path), false, s.anchors !== false);
  return prepareDescribed(doc, ctx);
}

/** Reads, describes and prepares one document. */
export function prepareFile(file: GovernedFile, ctx: PrepareContext, expected?: string): Prepared {
  return prepareRaw(file, readRaw(absolutePath(ctx.config.root, file.rel)), ctx, expected);
}
