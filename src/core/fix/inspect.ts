import { inspectRepository } from '../engine/inspect.js';
import type { Finding, InspectedDocument } from '../engine/model.js';
import type { Overlay } from '../engine/overlay.js';
import type { RepoConfig } from '../config/types.js';
import { readDocumentSync } from '../engine/documents/read.js';
import { idInFileHead } from '../ids/next-id.js';
import type { Issue } from '../issues.js';
import type { CompiledSchema } from '../schema/compile.js';
import { changedSinceRead, fixSkipped } from './apply.js';

/** Findings of documents docket could not decode: the ID they carry is read from their bytes. */
const UNDECODABLE = new Set(['FILE_ENCODING', 'FILE_BINARY', 'FILE_TOO_LARGE']);

/** What fix needs of a check of the repository (see inspectForFix). */
export interface FixInspection {
  /** Findings about the repository rather than one document. */
  repository: Finding[];
  /** Every document's findings, in path order. */
  findings: Finding[];
  /** The namespace of each document that has findings, by path. */
  namespaceOf: ReadonlyMap<string, string>;
  /** Every document's ID: new IDs are allocated past them. */
  ids: string[];
  /** The documents with a fix hint, in path order: described again with their text, with the check's findings. */
  fixable: InspectedDocument[];
  /** Documents whose bytes changed between the check and the read for their fixes: left alone. */
  changed: Issue[];
  schemas: ReadonlyMap<string, CompiledSchema | undefined>;
  partial: boolean;
}

/**
 * Checks the repository as `check` does (compact models, none kept past its findings) and
 * keeps what fix needs: the findings, the IDs, and the documents it may change. Those few are
 * read again for their text and described again; their bytes must have the SHA-256 the check
 * read (else FIX_SKIPPED), so a fix is always planned on the text its findings are about.
 * Keeping every document's text and model instead made fix's memory grow with the whole repository's text.
 */
export async function inspectForFix(
  config: RepoConfig,
  opts: { signal?: AbortSignal; fixable: boolean; overlay?: Overlay },
): Promise<FixInspection> {
  const [findings, ids, fixable, changed] = [[] as Finding[], [] as string[], [] as InspectedDocument[], [] as Issue[]];
  const namespaceOf = new Map<string, string>();
  const hinted: InspectedDocument[] = [];
  const inspection = await inspectRepository(config, {
    keepDocuments: false,
    digest: opts.fixable,
    // fix allocates IDs past every one it saw: a walk cut short could hand out a used number again.
    walkLimit: Infinity,
    ...(opts.overlay ? { overlay: opts.overlay } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    onDocument: (doc) => {
      if (doc.document_id) ids.push(doc.document_id);
      else if (doc.findings.some((f) => UNDECODABLE.has(f.code))) {
        // Its ID still holds its number (as for `new`): read from the head bytes, off the common path.
        const id = idInFileHead(config.root, doc.rel);
        if (id) ids.push(id);
      }
      if (doc.findings.length === 0) return;
      findings.push(...doc.findings);
      namespaceOf.set(doc.rel, doc.namespace.name);
      if (opts.fixable && doc.checked && doc.findings.some((f) => f.fix)) hinted.push(doc);
    },
  });
  if (hinted.length > 0) {
    const { describeDocument } = await import('../engine/load.js');
    for (const doc of hinted) {
      const record = readDocumentSync(config.root, doc.rel, doc.namespace);
      if (record.unreadable || record.digest === undefined || record.digest !== doc.record.digest) {
        changed.push(fixSkipped(doc.rel, changedSinceRead(doc.rel), 'docket fix'));
        continue;
      }
      const full = describeDocument(record, inspection.schemas.get(doc.namespace.schema_path), true);
      full.findings = doc.findings;
      full.checked = true;
      fixable.push(full);
    }
  }
  return {
    repository: inspection.repository,
    findings,
    namespaceOf,
    ids,
    fixable,
    changed,
    schemas: inspection.schemas,
    partial: inspection.partial,
  };
}
