import type { RepoConfig } from '../config/types.js';
import { listGoverned, type WalkResult } from '../documents/walk.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues } from '../issues.js';
import { ContextBuilder, type RuleContext } from './context.js';
import { loadDocuments, type DocumentReuse } from './load.js';
import { detach, detachAll } from '../text/detach.js';
import type { DocumentLink, Finding, InspectedDocument, Inspection } from './model.js';
import type { FsProbe } from './probe.js';
import { idFindings } from './rules/ids.js';
import { linkFindings, pendingLinkFindings } from './rules/links.js';
import { directoryFindings, filenameFindings } from './rules/placement.js';
import { inspectSetup, symlinkFindings } from './rules/repository.js';
import { schemaFindings } from './rules/schema.js';
import type { CompiledSchema } from '../schema/compile.js';

export interface InspectOptions {
  signal?: AbortSignal;
  /**
   * Targeted mode: per-document rules run only on these paths. Every governed document is
   * still loaded, so IDs are unique across the repository and anchors of targets are known.
   */
  only?: ReadonlySet<string>;
  /** Keep each document's text in the model (fix needs it; check does not). */
  retainText?: boolean;
  /**
   * Keep only what rules of other documents need once a document's own rules ran: its ID,
   * anchors and findings; its frontmatter, metadata and links are dropped at once (check).
   * Memory then grows by a few hundred bytes per document, not by its parse tree.
   */
  compact?: boolean;
  /** Hash each document's bytes (record.digest; default true): fix and index need it, check does not. */
  digest?: boolean;
  /** Called once per checked document, in path order, with its complete findings (streaming). */
  onDocument?(doc: InspectedDocument): unknown;
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
}

/** Problems found while reading: only a missing frontmatter in a decodable file is fixable. */
function readingFindings(doc: InspectedDocument): Finding[] {
  return doc.record.problems.map((p): Finding => {
    if (p.code === 'FILE_UNREADABLE') return p;
    if (p.code === 'FRONTMATTER_MISSING' && doc.record.split !== undefined) return { ...p, fixable: true, fix: { kind: 'add-frontmatter' } };
    return { ...p, fixable: false };
  });
}

/**
 * The rules that need only the document itself (and the file system): reading problems,
 * schema, placement, links. Links to another document's anchors are left in
 * `doc.pendingLinks` when `defer` (that document may not be loaded yet).
 */
function localFindings(doc: InspectedDocument, schemaFor: (p: string) => CompiledSchema | undefined, probe: FsProbe, defer: boolean): Finding[] {
  const findings = readingFindings(doc);
  if (doc.record.unreadable) return findings;
  if (doc.metadata) {
    const compiled = schemaFor(doc.namespace.schema_path);
    if (compiled) findings.push(...schemaFindings(doc, compiled));
    findings.push(...directoryFindings(doc));
  }
  const links = linkFindings(doc, probe, defer);
  findings.push(...links.findings);
  if (links.pending.length > 0) doc.pendingLinks = links.pending;
  return findings;
}

/** The rules that need every document: file names (inbound links), IDs, other documents' anchors. */
function crossFindings(doc: InspectedDocument, ctx: RuleContext): Finding[] {
  if (doc.record.unreadable) return [];
  const findings = filenameFindings(doc, ctx);
  if (doc.document_id) findings.push(...idFindings(doc, ctx));
  if (doc.pendingLinks) findings.push(...pendingLinkFindings(doc, doc.pendingLinks, ctx.probe));
  return findings;
}

function finish(doc: InspectedDocument, findings: Finding[]): void {
  const id = doc.document_id;
  doc.findings = findings.map((f) => detachFinding(id && f.document_id === undefined ? { ...f, document_id: id } : f)).sort(compareIssues);
  delete doc.pendingLinks;
  doc.checked = true;
}

/** Runs every per-document rule on one document; fills `doc.findings`. */
export async function checkDocument(doc: InspectedDocument, ctx: RuleContext): Promise<void> {
  finish(doc, [...localFindings(doc, ctx.schemaFor, ctx.probe, false), ...crossFindings(doc, ctx)]);
}

/** Findings live until the report is printed: their texts must not keep document texts alive. */
function detachFinding(f: Finding): Finding {
  f.message = detach(f.message);
  if (f.suggestion !== undefined) f.suggestion = detach(f.suggestion);
  if (f.document_id !== undefined) f.document_id = detach(f.document_id);
  return f;
}

const NONE: never[] = Object.freeze([]) as unknown as never[];

/**
 * What a compact model keeps of a document once its own rules ran (see InspectOptions.compact):
 * its ID (and type), anchors, findings and the links still to check, as strings of their own.
 */
function compactDocument(doc: InspectedDocument): void {
  delete doc.record.frontmatter;
  delete doc.record.text;
  delete doc.metadata;
  delete doc.title;
  delete doc.heading;
  doc.normalized = NONE;
  doc.links = NONE;
  if (doc.document_id !== undefined) doc.document_id = detach(doc.document_id);
  if (doc.type !== undefined) doc.type = detach(doc.type);
  doc.anchors = doc.anchors.length === 0 ? NONE : detachAll(doc.anchors);
  if (doc.pendingLinks) {
    doc.pendingLinks = doc.pendingLinks.map((l) => {
      const out: DocumentLink = { target: detach(l.target), kind: l.kind, line: l.line, column: l.column, scope: l.scope };
      if (l.path !== undefined) out.path = detach(l.path);
      if (l.fragment !== undefined) out.fragment = detach(l.fragment);
      return out;
    });
  }
  const split = doc.record.split;
  if (split?.kind === 'ok') doc.record.split = { ...split, yaml: '' };
}

/**
 * Loads and checks the repository: the one use case behind `check`, `fix` (and `index`,
 * `scan`, streaming formats). Each governed document is read once, in path order; the rules
 * that need only the document run right after it is read, the ones that need every document
 * (IDs, inbound links, other documents' anchors) once the last one is loaded. Then each
 * document's findings are complete and `onDocument` can stream them, in path order, so
 * results never depend on the file system's walk order.
 */
export async function inspectRepository(config: RepoConfig, opts: InspectOptions = {}): Promise<Inspection> {
  const walk = opts.walk ?? (await listGoverned(config, opts.signal));
  const setup = await inspectSetup(config, walk.refusedRoots);
  const repository: Finding[] = [...setup.findings, ...(await symlinkFindings(config, walk.symlinks)), ...walk.unreadable];
  const schemaFor = (p: string) => setup.schemas.get(p);
  if (opts.reuse && opts.rules !== false) throw new Error('inspectRepository: a description cache needs rules: false');
  const rules = opts.rules !== false;
  const builder = new ContextBuilder(config, schemaFor, walk.files);
  const local = new Map<InspectedDocument, Finding[]>();
  const documents = await loadDocuments(config, walk.files, schemaFor, {
    signal: opts.signal,
    retainText: opts.retainText ?? false,
    digest: opts.digest ?? true,
    ...(opts.reuse ? { reuse: opts.reuse } : {}),
    ...(opts.onProgress ? { onProgress: (done: number, total: number) => void opts.onProgress?.(done, total) } : {}),
    onLoaded: (doc) => {
      builder.add(doc);
      if (rules && (!opts.only || opts.only.has(doc.rel))) local.set(doc, localFindings(doc, schemaFor, builder.probe, true));
      if (opts.compact) compactDocument(doc);
    },
  });
  await opts.onSetup?.(repository);
  if (rules) {
    const ctx = builder.context();
    for (const doc of documents) {
      const own = local.get(doc);
      if (!own) continue;
      if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while checking documents.');
      local.delete(doc);
      finish(doc, [...own, ...crossFindings(doc, ctx)]);
      await opts.onDocument?.(doc);
      if (opts.release) {
        doc.findings = [];
        delete doc.record.frontmatter;
      }
    }
  }
  const partial = walk.unreadable.length > 0 || documents.some((d) => d.checked && d.record.unreadable);
  return { config, documents, repository, partial, schemas: setup.schemas };
}

