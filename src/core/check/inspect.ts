import type { RepoConfig } from '../config/types.js';
import { listGoverned } from '../documents/walk.js';
import { DocketError } from '../../errors/docket-error.js';
import { compareIssues } from '../issues.js';
import { buildContext, type RuleContext } from './context.js';
import { loadDocuments, type DocumentReuse } from './load.js';
import type { Finding, InspectedDocument, Inspection } from './model.js';
import { idFindings } from './rules/ids.js';
import { linkFindings } from './rules/links.js';
import { directoryFindings, filenameFindings, planRenames } from './rules/placement.js';
import { inspectSetup, symlinkFindings } from './rules/repository.js';
import { schemaFindings } from './rules/schema.js';

export interface InspectOptions {
  signal?: AbortSignal;
  /**
   * Targeted mode: per-document rules run only on these paths. Every governed document is
   * still loaded, so IDs are unique across the repository and anchors of targets are known.
   */
  only?: ReadonlySet<string>;
  /** Keep each document's text in the model (fix needs it; check does not). */
  retainText?: boolean;
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
}

/** Problems found while reading: only a missing frontmatter in a decodable file is fixable. */
function readingFindings(doc: InspectedDocument): Finding[] {
  return doc.record.problems.map((p): Finding => {
    if (p.code === 'FILE_UNREADABLE') return p;
    if (p.code === 'FRONTMATTER_MISSING' && doc.record.split !== undefined) return { ...p, fixable: true, fix: { kind: 'add-frontmatter' } };
    return { ...p, fixable: false };
  });
}

/** Runs every per-document rule on one document; fills `doc.findings`. */
export async function checkDocument(doc: InspectedDocument, ctx: RuleContext): Promise<void> {
  const findings = readingFindings(doc);
  if (!doc.record.unreadable) {
    findings.push(...(await filenameFindings(doc, ctx)));
    if (doc.metadata) {
      const compiled = ctx.schemaFor(doc.namespace.schema_path);
      if (compiled) findings.push(...schemaFindings(doc, compiled));
      findings.push(...idFindings(doc, ctx));
      findings.push(...directoryFindings(doc));
    }
    findings.push(...(await linkFindings(doc, ctx)));
  }
  const id = doc.document_id;
  doc.findings = findings.map((f) => (id && f.document_id === undefined ? { ...f, document_id: id } : f)).sort(compareIssues);
  doc.checked = true;
}

/**
 * Loads and checks the repository: the one use case behind `check`, `fix` (and `index`,
 * `scan`, streaming formats). Two phases: every governed document is read and described
 * once; then the rules run per document in path order, so results never depend on the
 * file system's walk order and `onDocument` can stream each document's findings.
 */
export async function inspectRepository(config: RepoConfig, opts: InspectOptions = {}): Promise<Inspection> {
  const walk = await listGoverned(config, opts.signal);
  const setup = await inspectSetup(config, walk.refusedRoots);
  const repository: Finding[] = [...setup.findings, ...(await symlinkFindings(config, walk.symlinks)), ...walk.unreadable];
  const schemaFor = (p: string) => setup.schemas.get(p);
  if (opts.reuse && opts.rules !== false) throw new Error('inspectRepository: a description cache needs rules: false');
  const documents = await loadDocuments(config, walk.files, schemaFor, {
    signal: opts.signal,
    retainText: opts.retainText ?? false,
    ...(opts.reuse ? { reuse: opts.reuse } : {}),
    ...(opts.onProgress ? { onProgress: (done: number, total: number) => void opts.onProgress?.(done, total) } : {}),
  });
  await opts.onSetup?.(repository);
  if (opts.rules !== false) {
    const ctx = buildContext(config, documents, schemaFor);
    planRenames(documents, ctx);
    for (const doc of documents) {
      if (opts.only && !opts.only.has(doc.rel)) continue;
      if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while checking documents.');
      await checkDocument(doc, ctx);
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
