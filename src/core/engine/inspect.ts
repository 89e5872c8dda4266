import type { RepoConfig } from '../config/types.js';
import { listGoverned, type GovernedFile, type WalkResult } from './documents/walk.js';
import type { DocFacts } from '../index/facts.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues } from '../issues.js';
import { ContextBuilder, type RuleContext } from './context.js';
import type { CheckCache } from '../cache/check-cache.js';
import type { DocMemo } from '../cache/check-memo.js';
import type { DocumentReuse } from './load.js';
import { detach } from '../text/detach.js';
import { NONE, type Finding, type InspectedDocument, type Inspection, type InspectionTimings } from './model.js';
import { prepareAll } from './pipeline.js';
import { OwnFindings } from './own-findings.js';
import type { PrepareContext } from './prepare-document.js';
import { idFindings } from './rules/ids.js';
import { pendingLinkFindings } from './rules/links.js';
import { filenameFindings } from './rules/placement.js';
import { inspectSetup, symlinkFindings } from './rules/repository.js';
import { overlaidWalk, type Overlay } from './overlay.js';

export interface InspectOptions {
  signal?: AbortSignal;
  /**
   * Each document's index facts as it is described (undefined: check's cache remembered it;
   * null: it could not be read), before `onSetup` (check's stale index).
   */
  onFacts?(i: number, facts: DocFacts | null | undefined): void;
  /** The governed files, in the order `onFacts` numbers them, before any is read. */
  onWalk?(files: readonly GovernedFile[]): void;
  /** Markdown files the walk lists before it stops (documents/walk.ts walkLimit); Infinity where IDs are allocated. */
  walkLimit?: number;
  /**
   * Targeted mode: per-document rules run only on these paths. Every governed document is
   * still loaded, so IDs are unique across the repository and anchors of targets are known.
   */
  only?: ReadonlySet<string>;
  /** Targeted mode: the symbolic links the paths select; links elsewhere are not reported. */
  onlyLinks?: ReadonlySet<string>;
  /** Hash each document's bytes (record.digest; default true): fix and index need it, check does not. */
  digest?: boolean;
  /**
   * false: the caller reads documents only through `onDocument` (check), so `documents` comes
   * back empty and each model is let go once it was handed on. Default true.
   */
  keepDocuments?: boolean;
  /** Called once per checked document, in path order, with its complete findings (streaming). */
  onDocument?(doc: InspectedDocument): void | Promise<void>;
  /** Called with the repository-level findings before any document is checked (streaming). */
  onSetup?(repository: readonly Finding[]): void | Promise<void>;
  /**
   * After `onDocument`, drop the document's findings and frontmatter: a streaming caller has
   * written them, so memory holds only what other documents' rules need (IDs, links, anchors).
   */
  release?: boolean;
  /** false: read and describe only, no per-document rules (index). Default true. */
  rules?: boolean;
  /** A cache of descriptions (index only: cached documents carry no frontmatter or anchors, so rules cannot run on them). */
  reuse?: DocumentReuse;
  onProgress?(done: number, total: number): unknown;
  /** The governed set, when the caller already walked the docs roots (index). */
  walk?: WalkResult;
  /** check's cache of documents' own findings; the caller saves it. */
  memos?: CheckCache;
  /** Check the repository as a dry run predicts it (see Overlay). */
  overlay?: Overlay;
  /**
   * Called once every document is checked, with what re-checking one of them later needs
   * (see live.ts): each document's memo is kept for it. Only with rules.
   */
  retain?(loaded: Loaded): void;
}

/** The tables of an inspection, kept for later updates of single documents (InspectOptions.retain). */
export interface Loaded {
  files: readonly GovernedFile[];
  builder: ContextBuilder;
  prepare: PrepareContext;
  /** Each document's memo (check-memo.ts), by position; undefined for one that could not be read. */
  memos: (DocMemo | undefined)[];
  /** Each document's findings, by position, as onDocument got them. */
  findings: Finding[][];
}

/** The rules that need every document: file names (rename collisions), IDs, other documents' anchors. */
export function crossFindings(doc: InspectedDocument, ctx: RuleContext): Finding[] {
  if (isUnreadable(doc)) return NONE;
  const byName = filenameFindings(doc, ctx);
  const byId = doc.document_id ? idFindings(doc, ctx) : NONE;
  const byLink = doc.pendingLinks ? pendingLinkFindings(doc, doc.pendingLinks, ctx.probe) : NONE;
  // Most documents have none: no list is made for them (a check makes one of these calls per document).
  return byId.length === 0 && byLink.length === 0 ? byName : [...byName, ...byId, ...byLink];
}

/**
 * Whether the document could not be read. A readable one never was unreadable, so its record
 * is not asked for: a compact model makes one at every ask (compact.ts).
 */
function isUnreadable(doc: InspectedDocument): boolean {
  return !doc.readable && doc.record.unreadable;
}

/** Completes a checked document's findings: its ID on each, sorted as reports list them. */
export function finish(doc: InspectedDocument, findings: Finding[]): void {
  const id = doc.document_id;
  doc.findings =
    findings.length === 0
      ? NONE
      : findings.map((f) => detachFinding(id && f.document_id === undefined ? { ...f, document_id: id } : f)).sort(compareIssues);
  if (doc.pendingLinks) doc.pendingLinks = undefined;
  doc.checked = true;
}

/** Findings live until the report is printed: their texts must not keep document texts alive. */
function detachFinding(f: Finding): Finding {
  f.message = detach(f.message);
  if (f.suggestion !== undefined) f.suggestion = detach(f.suggestion);
  if (f.document_id !== undefined) f.document_id = detach(f.document_id);
  return f;
}

/**
 * Loads and checks the repository: the one use case behind `check`, `fix` (and `index`,
 * `scan`, streaming formats). Each governed document is read once, in path order; the rules
 * that need only the document run right after it is read, the ones that need every document
 * (IDs, file names, other documents' anchors) once the last one is loaded. Then each
 * document's findings are complete and `onDocument` can stream them, in path order, so
 * results never depend on the file system's walk order.
 */
export async function inspectRepository(config: RepoConfig, opts: InspectOptions = {}): Promise<Inspection> {
  if (opts.overlay) {
    if (opts.walk) throw new Error('inspectRepository: an overlay needs its own walk');
    return inspectWalked(config, overlaidWalk(config, await listGoverned(config, opts.signal, opts.walkLimit), opts.overlay), opts, 0);
  }
  const walkStart = performance.now();
  const walk = opts.walk ?? (await listGoverned(config, opts.signal, opts.walkLimit));
  return inspectWalked(config, walk, opts, opts.walk ? 0 : performance.now() - walkStart);
}

/** `walkMs`: how long listing the docs roots took (0: the caller's walk). */
async function inspectWalked(config: RepoConfig, walk: WalkResult, opts: InspectOptions, walkMs: number): Promise<Inspection> {
  opts.onWalk?.(walk.files);
  const setup = await inspectSetup(config, walk.refusedRoots);
  const links = opts.onlyLinks ? walk.symlinks.filter((l) => opts.onlyLinks!.has(l)) : walk.symlinks;
  const repository: Finding[] = [...setup.findings, ...(await symlinkFindings(config, links)), ...walk.unreadable];
  const schemaFor = (p: string) => setup.schemas.get(p);
  if (opts.reuse && opts.rules !== false) throw new Error('inspectRepository: a description cache needs rules: false');
  const rules = opts.rules !== false;
  const builder = new ContextBuilder(config, schemaFor, walk.files, opts.overlay);
  /** Each document's own findings, by position (undefined: its rules do not run). */
  const local = new OwnFindings(walk.files.length);
  const documentsStart = performance.now();
  const keep = opts.keepDocuments !== false;
  // Each document is prepared on its own and kept as its compact model (see pipeline.ts) until
  // the rules that need every document ran on it.
  const models = new Array<InspectedDocument | undefined>(walk.files.length);
  const memos = opts.retain ? new Array<DocMemo | undefined>(walk.files.length) : undefined;
  const ctx: PrepareContext = {
    config,
    schemaFor,
    probe: builder.probe,
    ...(opts.overlay ? { overlay: opts.overlay } : {}),
    settings: {
      rules,
      ...(opts.only ? { only: opts.only } : {}),
      digest: opts.digest ?? true,
      facts: opts.reuse !== undefined || opts.onFacts !== undefined,
      memo: opts.memos !== undefined || opts.retain !== undefined,
      memoDigest: opts.memos?.byContent === true,
      anchors: rules,
    },
  };
  await prepareAll(
    walk.files,
    ctx,
    {
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.reuse ? { reuse: opts.reuse } : {}),
      ...(opts.memos ? { memos: opts.memos } : {}),
      ...(opts.onProgress ? { onProgress: (done: number, total: number) => void opts.onProgress?.(done, total) } : {}),
    },
    (i, prepared) => {
      builder.add(prepared.doc, i);
      models[i] = prepared.doc;
      local.set(i, prepared.local);
      if (memos) memos[i] = prepared.memo;
      opts.onFacts?.(i, prepared.doc && isUnreadable(prepared.doc) ? null : prepared.facts);
    },
  );
  const documentsEnd = performance.now();
  await opts.onSetup?.(repository);
  /** A checked document could not be read. */
  let unreadableChecked = false;
  /** Each document's findings, for retain. */
  const checked = opts.retain ? new Array<Finding[]>(walk.files.length).fill(NONE) : undefined;
  if (rules) {
    const ctx = builder.context();
    for (let i = 0; i < local.length; i++) {
      const own = local.take(i);
      if (!own) continue;
      if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while checking documents.');
      const doc = models[i]!;
      if (!keep) models[i] = undefined;
      if (isUnreadable(doc)) unreadableChecked = true;
      const cross = crossFindings(doc, ctx);
      finish(doc, cross.length === 0 ? own : own.length === 0 ? cross : [...own, ...cross]);
      if (checked) checked[i] = doc.findings;
      // A handler with nothing to wait for returns nothing: no await (a microtask) for it.
      const handed = opts.onDocument?.(doc);
      if (handed !== undefined) await handed;
      if (opts.release) {
        doc.findings = NONE;
        if (doc.record.frontmatter) doc.record.frontmatter = undefined;
      }
    }
  }
  if (opts.retain && rules) opts.retain({ files: walk.files, builder, prepare: ctx, memos: memos!, findings: checked! });
  const partial = walk.unreadable.length > 0 || unreadableChecked;
  const documents = keep ? (models as InspectedDocument[]) : [];
  const timings: InspectionTimings = {
    walk_ms: tenths(walkMs),
    documents_ms: tenths(documentsEnd - documentsStart),
    cross_document_ms: tenths(performance.now() - documentsEnd),
  };
  return { config, documents, repository, partial, schemas: setup.schemas, timings };
}

/** Milliseconds to a tenth (as the envelope's elapsed_ms). */
function tenths(ms: number): number {
  return Math.round(ms * 10) / 10;
}
