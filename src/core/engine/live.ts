import { copyMemo, documentOf, type DocMemo } from '../cache/check-memo.js';
import type { DocFacts } from '../index/facts.js';
import type { RawRead } from './documents/read.js';
import { crossFindings, finish, type Loaded } from './inspect.js';
import type { Finding } from './model.js';
import { prepareRaw, prepareRemembered } from './prepare-document.js';
import type { RuleContext } from './rule-context.js';

/** What re-checking one changed document came to. */
export interface LiveUpdate {
  /** Positions (in the inspection's files) whose findings were computed again, ascending. */
  positions: number[];
  /** The changed document's index facts, when the inspection computed facts. */
  facts?: DocFacts;
}

/**
 * An inspection kept alive to re-check single documents whose bytes changed while the set of
 * files stays the same (an editor's keystrokes): the document is described again, put in the
 * repository-wide tables in place of its old model, and its findings and those of every
 * document whose findings may depend on it are computed again by the same rules a full
 * inspection runs. Which documents those are follows from what the rules read of other
 * documents (see RuleContext): the anchors of the documents a link names, the IDs in use (for
 * documents that share an ID or already have an ID finding, whose suggestions name the next
 * free number). Tests
 * hold every update to a full inspection of the same bytes.
 */
export class LiveInspection {
  private readonly ctx: RuleContext;
  private readonly positionOf = new Map<string, number>();
  /** Positions of the documents whose links resolve to each path; made on first use. */
  private linkers: Map<string, Set<number>> | undefined;

  constructor(private readonly loaded: Loaded) {
    this.ctx = loaded.builder.context();
    loaded.files.forEach((f, i) => this.positionOf.set(f.rel, i));
  }

  /** The position of a governed document (undefined: not one of the inspection's files). */
  position(rel: string): number | undefined {
    return this.positionOf.get(rel);
  }

  /** The path of the document at a position. */
  pathAt(i: number): string {
    return this.loaded.files[i]!.rel;
  }

  findings(i: number): readonly Finding[] {
    return this.loaded.findings[i]!;
  }

  /**
   * Re-checks after the bytes of the governed document `rel` changed. Undefined when that
   * cannot be done in place (it is not one of the files, or it or a document depending on it
   * was or is unreadable): the caller inspects the repository again.
   */
  update(rel: string, raw: RawRead): LiveUpdate | undefined {
    const i = this.positionOf.get(rel);
    if (i === undefined) return undefined;
    const { files, memos, prepare } = this.loaded;
    const before = memos[i];
    if (!before) return undefined;
    const file = files[i]!;
    const described = prepareRaw(file, raw, { ...prepare, settings: { ...prepare.settings, only: undefined } });
    const memo = described.memo;
    if (!memo || !described.doc) return undefined;
    const oldDoc = documentOf(file, before, 0, 0);
    const linkers = this.linkersOf();
    this.loaded.builder.replace(i, before[0] ?? undefined, described.doc);
    this.loaded.builder.probe.setAnchors(rel, memo[3]);

    const affected = new Set<number>([i]);
    for (const p of linkers.get(rel) ?? []) affected.add(p);
    const oldId = before[0] ?? undefined;
    const newId = memo[0] ?? undefined;
    if (oldId !== newId) {
      this.ctx.highestSeq = undefined;
      for (const id of [oldId, newId]) for (const other of id ? this.ctx.pathsWithId(id) : []) affected.add(this.positionOf.get(other)!);
      this.loaded.findings.forEach((list, p) => list.some((f) => f.code.startsWith('ID_')) && affected.add(p));
    }
    this.relink(i, oldDoc.links, memo);
    memos[i] = memo;

    const positions = [...affected].sort((a, b) => a - b);
    if (positions.some((p) => !memos[p])) return undefined;
    for (const p of positions) this.loaded.findings[p] = this.check(p, memos[p]!);
    return { positions, ...(described.facts ? { facts: described.facts } : {}) };
  }

  /** A document's findings from its memo, with the tables as they are now. */
  private check(p: number, memo: DocMemo): Finding[] {
    // The link findings are appended to the list the model is made from: the memo keeps its own.
    const prepared = prepareRemembered(this.loaded.files[p]!, copyMemo(memo), 0, Number.NaN, this.loaded.prepare);
    const local = prepared.local ?? [];
    const cross = crossFindings(prepared.doc, this.ctx);
    finish(prepared.doc, cross.length === 0 ? local : [...local, ...cross]);
    return prepared.doc.findings;
  }

  /** Builds the table of who links to whom now rather than at the first update. */
  prepare(): void {
    this.linkersOf();
  }

  /** Who links to each path, from every document's memo. */
  private linkersOf(): Map<string, Set<number>> {
    if (!this.linkers) {
      this.linkers = new Map();
      this.loaded.memos.forEach((memo, p) => memo && this.addLinks(p, documentOf(this.loaded.files[p]!, memo, 0, 0).links));
    }
    return this.linkers;
  }

  private addLinks(p: number, links: readonly { scope: string; path?: string }[]): void {
    for (const link of links) {
      if (link.scope !== 'file' || !link.path) continue;
      const set = this.linkers!.get(link.path);
      if (set) set.add(p);
      else this.linkers!.set(link.path, new Set([p]));
    }
  }

  /** Document i's links changed from `before` to those of `memo`. */
  private relink(i: number, before: readonly { scope: string; path?: string }[], memo: DocMemo): void {
    for (const link of before) if (link.scope === 'file' && link.path) this.linkers!.get(link.path)?.delete(i);
    this.addLinks(i, documentOf(this.loaded.files[i]!, memo, 0, 0).links);
  }
}
