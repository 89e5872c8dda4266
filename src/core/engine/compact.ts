import type { NamespaceConfig } from '../config/types.js';
import type { DocumentRecord } from './documents/read.js';
import type { Normalization } from './documents/normalize.js';
import { detach, detachAll } from '../text/detach.js';
import { emptyList, listOf } from '../lists.js';
import { NONE, type DocumentLink, type Finding, type InspectedDocument, type PendingLink } from './model.js';
import type { FsProbe } from './probe.js';

/** Document types repeat: one string per type name, not one per document. */
const typeNames = new Map<string, string>();
/** Fragments repeat too (`#context` in thousands of links): one string per fragment while there are few. */
const fragments = new Map<string, string>();

function shared(table: Map<string, string>, text: string): string {
  let out = table.get(text);
  if (out === undefined) {
    out = detach(text);
    if (table.size < 1000) table.set(out, out);
  }
  return out;
}

/** Anchors as one string of their own (see InspectedDocument.anchorText), or undefined to keep the list. */
function joinAnchors(anchors: readonly string[]): string | undefined {
  if (anchors.length === 0 || anchors.some((a) => a.includes('>'))) return undefined;
  // A one-element join may be the element itself, a slice of the document's text.
  return detach(anchors.join('>'));
}

/** A record that says nothing beyond its path, size and time: most records of a check. */
function isPlain(r: DocumentRecord): boolean {
  return r.problems.length === 0 && !r.unreadable && !r.bom && r.digest === undefined && r.decoded === undefined;
}

/** Every field of a compact model, as its constructor takes them. */
type CompactParts = Pick<
  CompactDocument,
  | 'rel'
  | 'namespace'
  | 'document_id'
  | 'type'
  | 'idLine'
  | 'readable'
  | 'checked'
  | 'findings'
  | 'pendingLinks'
  | 'size'
  | 'mtimeMs'
  | 'full'
  | 'held'
>;

/**
 * What a compact model keeps of a document once its own rules ran (every inspection keeps these):
 * its ID (and type), anchors and the links still to check, as strings of their own, in one
 * object of a fixed shape. Everything a compact model has no more of (links, normalisations,
 * the record of a plain read) is answered by the prototype instead of being stored: a field
 * costs a slot per document that stays until the last document is read.
 */
export class CompactDocument implements InspectedDocument {
  rel: string;
  namespace: NamespaceConfig;
  document_id: string | undefined;
  type: string | undefined;
  idLine: number | undefined;
  readable: boolean;
  checked: boolean;
  findings: Finding[];
  pendingLinks: PendingLink[] | undefined;
  // size, mtimeMs, full and held are the model's own (public only so CompactParts can name them).
  /** Size and time of a plain record (see isPlain); the whole record otherwise, in `full`. */
  readonly size: number;
  readonly mtimeMs: number;
  full: DocumentRecord | undefined;
  /**
   * The anchors: a key of the probe's AnchorStore (on the main thread), else joined by '>'
   * (see InspectedDocument.anchorText), else a list (one contains '>'); undefined: none.
   */
  held: number | string | string[] | undefined;

  private constructor(parts: CompactParts) {
    this.rel = parts.rel;
    this.namespace = parts.namespace;
    this.document_id = parts.document_id;
    this.type = parts.type;
    this.idLine = parts.idLine;
    this.readable = parts.readable;
    this.checked = parts.checked;
    this.findings = parts.findings;
    this.pendingLinks = parts.pendingLinks;
    this.size = parts.size;
    this.mtimeMs = parts.mtimeMs;
    this.full = parts.full;
    this.held = parts.held;
  }

  /** The compact model of a described document whose own rules ran. */
  static of(doc: InspectedDocument, probe: FsProbe): CompactDocument {
    const r = doc.record;
    const key = probe.anchorStore?.add(doc.anchorText !== undefined ? doc.anchorText.split('>') : doc.anchors);
    return new CompactDocument({
      rel: doc.rel,
      namespace: doc.namespace,
      document_id: doc.document_id === undefined ? undefined : detach(doc.document_id),
      type: doc.type === undefined ? undefined : shared(typeNames, doc.type),
      idLine: doc.idLine,
      readable: doc.readable,
      checked: doc.checked,
      findings: doc.findings.length === 0 ? NONE : doc.findings,
      // Only what the check reads, and the target's path as the walk's own string.
      pendingLinks: doc.pendingLinks && pendingLinksOf(doc.pendingLinks, probe),
      size: r.size,
      mtimeMs: r.mtimeMs,
      // The split, text and frontmatter are not kept: the rules that look at them have run.
      full: isPlain(r)
        ? undefined
        : {
            rel: r.rel,
            namespace: r.namespace,
            size: r.size,
            mtimeMs: r.mtimeMs,
            bom: r.bom,
            problems: r.problems.length === 0 ? NONE : r.problems,
            unreadable: r.unreadable,
            digest: r.digest,
            decoded: r.decoded,
          },
      held: key ?? doc.anchorText ?? joinAnchors(doc.anchors) ?? (doc.anchors.length === 0 ? undefined : detachAll(doc.anchors)),
    });
  }

  /** The anchors' key in the probe's AnchorStore, when they are kept as hashes. */
  get anchorKey(): number | undefined {
    return typeof this.held === 'number' ? this.held : undefined;
  }

  get anchorText(): string | undefined {
    return typeof this.held === 'string' ? this.held : undefined;
  }

  get record(): DocumentRecord {
    return (
      this.full ?? {
        rel: this.rel,
        namespace: this.namespace,
        size: this.size,
        mtimeMs: this.mtimeMs,
        bom: false,
        problems: NONE,
        unreadable: false,
      }
    );
  }

  get anchors(): string[] {
    return Array.isArray(this.held) ? this.held : NONE;
  }

  get links(): DocumentLink[] {
    return NONE;
  }

  get normalized(): Normalization[] {
    return NONE;
  }
}

/** pendingLink for each link: a loop, not map() (see outlineMarkdown in markdown/outline.ts). */
function pendingLinksOf(links: readonly PendingLink[], probe: FsProbe): PendingLink[] {
  if (links.length === 0) return emptyList<PendingLink>();
  const out = listOf(pendingLink(links[0]!, probe));
  for (let i = 1; i < links.length; i++) out.push(pendingLink(links[i]!, probe));
  return out;
}

/**
 * Only what the check reads of a link waiting for its target's anchors: the target's path as
 * the walk's own string.
 */
function pendingLink(l: PendingLink, probe: FsProbe): PendingLink {
  const target = probe.position(l.path);
  return {
    line: l.line,
    column: l.column,
    path: target === undefined ? detach(l.path) : probe.pathAt(target),
    fragment: shared(fragments, l.fragment),
  };
}
