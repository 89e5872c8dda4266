import type { GovernedFile } from './documents/walk.js';
import { CompactDocument, type CompactRow } from './compact.js';
import { NONE, type Finding, type InspectedDocument, type PendingLink } from './model.js';

/** What rows read from the repository-wide tables instead of storing it again (the ContextBuilder). */
export interface RowTables {
  /** The document_id recorded for the document at a position of the walk. */
  idAt(i: number): string | undefined;
  /** The AnchorStore key of the document at a position (the probe keeps it; undefined: none). */
  anchorKeyAt(i: number): number | undefined;
}

const LOADED = 1;
const READABLE = 2;
const CHECKED = 4;

/**
 * What `check` keeps of each loaded document until the rules that need every document run:
 * by position in the walk, a few numbers in typed columns instead of a model object (a model
 * is an object and a boxed time; a row is 7 bytes). Its ID is read back from the builder's
 * IDs (IdMap); its links waiting for later documents' anchors stay as they are, in a map.
 * A document a row cannot describe (it has findings of its own, reading problems, anchors
 * kept as text) keeps its model. `take` gives it back, once.
 */
export class DocumentRows {
  /** 0: no line (lines count from 1). */
  private readonly idLines: Int32Array;
  /** 0: no type; else its position in typeNames. */
  private readonly types: Uint16Array;
  private readonly typeNames: string[] = [''];
  private readonly typeIndex = new Map<string, number>();
  private readonly flags: Uint8Array;
  private readonly pending = new Map<number, PendingLink[]>();
  private readonly models = new Map<number, InspectedDocument>();

  constructor(
    count: number,
    private readonly tables: RowTables,
  ) {
    this.idLines = new Int32Array(count);
    this.types = new Uint16Array(count);
    this.flags = new Uint8Array(count);
  }

  set(i: number, doc: InspectedDocument): void {
    const row = doc instanceof CompactDocument ? doc.row() : undefined;
    const type = row?.type === undefined ? 0 : this.typeOf(row.type);
    if (!row || type < 0) {
      this.models.set(i, doc);
      return;
    }
    if (row.pendingLinks && row.pendingLinks.length > 0) this.pending.set(i, row.pendingLinks);
    this.idLines[i] = row.idLine ?? 0;
    this.types[i] = type;
    this.flags[i] = LOADED | (row.readable ? READABLE : 0) | (row.checked ? CHECKED : 0);
  }

  /** The model of the document at position i (undefined: not loaded); its row is released. */
  take(i: number, file: GovernedFile): InspectedDocument | undefined {
    const model = this.models.get(i);
    if (model) {
      this.models.delete(i);
      return model;
    }
    const flags = this.flags[i]!;
    if (!(flags & LOADED)) return undefined;
    const pendingLinks = this.pending.get(i);
    if (pendingLinks) this.pending.delete(i);
    const row: CompactRow = {
      document_id: this.tables.idAt(i),
      type: this.types[i] === 0 ? undefined : this.typeNames[this.types[i]!],
      idLine: this.idLines[i] === 0 ? undefined : this.idLines[i],
      readable: (flags & READABLE) !== 0,
      checked: (flags & CHECKED) !== 0,
      pendingLinks,
      // Not kept (16 bytes a document): nothing reads a checked document's stat (see InspectOptions.keepDocuments).
      size: Number.NaN,
      mtimeMs: Number.NaN,
      anchorKey: this.tables.anchorKeyAt(i),
    };
    this.flags[i] = 0;
    return CompactDocument.fromRow(file.rel, file.namespace, row);
  }

  /** A type name's position (types repeat: a few dozen names); -1 when the column is full. */
  private typeOf(name: string): number {
    let at = this.typeIndex.get(name);
    if (at === undefined) {
      if (this.typeNames.length > 0xffff) return -1;
      at = this.typeNames.length;
      this.typeNames.push(name);
      this.typeIndex.set(name, at);
    }
    return at;
  }
}

/**
 * Each document's own findings, by position, until the rules that need every document run: a
 * byte a document (whether its rules ran), and the findings of the few that have some (not
 * an array slot a document).
 */
export class OwnFindings {
  private readonly ran: Uint8Array;
  private readonly found = new Map<number, Finding[]>();

  constructor(count: number) {
    this.ran = new Uint8Array(count);
  }

  get length(): number {
    return this.ran.length;
  }

  /** `findings`: undefined when the document's rules do not run. */
  set(i: number, findings: Finding[] | undefined): void {
    if (!findings) return;
    this.ran[i] = 1;
    if (findings.length > 0) this.found.set(i, findings);
  }

  /** The findings of position i (undefined: its rules did not run), once. */
  take(i: number): Finding[] | undefined {
    if (this.ran[i] === 0) return undefined;
    this.ran[i] = 0;
    const findings = this.found.get(i);
    if (!findings) return NONE;
    this.found.delete(i);
    return findings;
  }
}
