/**
 * The edits `migrate-ids` makes inside one file, each at its exact position: the document's
 * own `document_id`, its metadata block row and first heading, and (with references) every
 * `related_ids` / `superseded_by` value and body mention of a migrated ID. Link destinations
 * are never touched here: a renamed file's links are rewritten by the move machinery.
 */
import type { Scalar } from 'yaml';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import type { Split } from '../frontmatter/split.js';
import { metadataBlockRows } from '../markdown/metadata-block.js';
import { firstH1Line } from '../markdown/commonmark.js';
import { destinationSpan } from '../move/destination.js';
import { linksOf } from '../move/rewrite.js';
import { QUIET, yamlLib } from '../yaml/lib.js';
import { DocketError } from '../../errors/docket-error.js';
import type { IdEditKind, IdEdit } from '../../contract/data/migrate.js';
export type { IdEdit };

interface Replacement {
  start: number;
  end: number;
  text: string;
  edit: IdEdit;
}

/** Characters that continue an ID: an occurrence must not touch one on either side. */
const ID_CHAR = /[A-Za-z0-9_-]/;
/** Frontmatter keys that hold document IDs. */
const REFERENCE_KEYS = ['related_ids', 'superseded_by'] as const;

/** Offsets of `needle` in text[from, to) that no ID character touches. */
function occurrences(text: string, needle: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(needle, from); at !== -1 && at + needle.length <= to; at = text.indexOf(needle, at + 1)) {
    if ((at > 0 && ID_CHAR.test(text[at - 1]!)) || ID_CHAR.test(text[at + needle.length] ?? '')) continue;
    out.push(at);
  }
  return out;
}

const RUN = /[A-Za-z0-9_-]+/g;
const WORD = /^[A-Za-z0-9_-]+$/;

/**
 * The IDs of `ids` that text[from..] may hold as a bounded occurrence. An ID made of ID
 * characters only occurs bounded exactly where a maximal run of them equals it, so one pass
 * over the runs answers for any number of IDs; others are searched for.
 */
function presentIn(text: string, from: number, ids: Iterable<string>): string[] {
  const list = [...ids];
  if (list.length <= 4) return list.filter((id) => text.includes(id, from));
  let runs: Set<string> | undefined;
  return list.filter((id) => {
    if (!WORD.test(id)) return text.includes(id, from);
    runs ??= new Set(text.slice(from).match(RUN) ?? []);
    return runs.has(id);
  });
}

/** Replaces every bounded occurrence of an old ID in a string (the value a reference holds). */
export function replaceIds(value: string, ids: ReadonlyMap<string, string>): string {
  let out = value;
  for (const [old, next] of ids) {
    const at = occurrences(out, old, 0, out.length);
    for (const k of at.reverse()) out = out.slice(0, k) + next + out.slice(k + old.length);
  }
  return out;
}

class Lines {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line of an offset. */
  at(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** [start, end) of a 1-based line, without its line ending. */
  range(line: number, text: string): [number, number] {
    const start = this.starts[line - 1] ?? text.length;
    let end = this.starts[line] === undefined ? text.length : this.starts[line] - 1;
    if (text[end - 1] === '\r') end--;
    return [start, end];
  }
}

export interface FileIdInput {
  rel: string;
  /** Text without BOM. */
  text: string;
  split: Split | undefined;
  /** The document's own migration, when it gets a new ID. */
  own?: { old: string; next: string };
  /** Old ID to new ID for references (empty without --rewrite-references). */
  references: ReadonlyMap<string, string>;
  /** Old IDs whose body mentions are rewritten (a subset of `references`). */
  mentions: ReadonlySet<string>;
}

/** The document's own `document_id` value, replaced in place; undefined when it is not a one-line scalar. */
function ownIdReplacement(input: FileIdInput, split: Extract<Split, { kind: 'ok' }>, lines: Lines): Replacement | undefined {
  const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
  const span = parsed.ok ? parsed.value.valueSpan('document_id') : undefined;
  if (span?.kind !== 'scalar') return undefined;
  const start = split.yamlOffset + span.start;
  const end = split.yamlOffset + span.end;
  return {
    start,
    end,
    text: input.own!.next,
    edit: { path: input.rel, line: lines.at(start), kind: 'document_id', old: input.text.slice(start, end), new: input.own!.next },
  };
}

/** The scalars of a reference key: the value itself, or the items of a list. */
function referenceScalars(yaml: string, key: string): Scalar[] {
  const { parseDocument, isMap, isScalar, isSeq } = yamlLib();
  const doc = parseDocument(yaml, { ...QUIET, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return [];
  const node: unknown = doc.contents.get(key, true);
  const nodes: Scalar[] = isScalar(node) ? [node] : isSeq(node) ? node.items.filter((n): n is Scalar => isScalar(n)) : [];
  return nodes.filter(
    (n) =>
      typeof n.value === 'string' &&
      n.range != null &&
      !n.tag &&
      ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'].includes(n.type ?? '') &&
      !yaml.slice(n.range[0], n.range[1]).includes('\n'),
  );
}

function referenceReplacements(input: FileIdInput, split: Extract<Split, { kind: 'ok' }>, lines: Lines): Replacement[] {
  const out: Replacement[] = [];
  if (input.references.size === 0) return out;
  for (const key of REFERENCE_KEYS) {
    const present = presentIn(split.yaml, 0, input.references.keys());
    if (present.length === 0) break;
    for (const scalar of referenceScalars(split.yaml, key)) {
      const [from, to] = scalar.range!;
      for (const old of present) {
        const next = input.references.get(old)!;
        for (const at of occurrences(split.yaml, old, from, to)) {
          const start = split.yamlOffset + at;
          out.push({
            start,
            end: start + old.length,
            text: next,
            edit: { path: input.rel, line: lines.at(start), kind: key, old, new: next },
          });
        }
      }
    }
  }
  return out;
}

/** Spans of link destinations in the body: never edited as mentions. */
function destinationMasks(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const { link, at } of linksOf(text)) {
    const span = destinationSpan(text, at, link.kind, link.target);
    out.push(span ? [span.start, span.end] : [at, at + link.target.length]);
  }
  return out;
}

function bodyReplacements(input: FileIdInput, bodyOffset: number, bodyLine: number, lines: Lines): Replacement[] {
  const { text, own } = input;
  const ownLines = new Map<number, IdEditKind>();
  if (own) {
    const row = metadataBlockRows(text, bodyOffset, bodyLine)?.find((r) => r.field === 'document_id');
    if (row) ownLines.set(row.line, 'metadata_block');
    const heading = firstH1Line(text.slice(bodyOffset));
    if (heading !== undefined) ownLines.set(lines.at(bodyOffset) + heading, 'heading');
  }
  const wanted = new Set(input.mentions);
  if (own) wanted.add(own.old);
  const present = presentIn(text, bodyOffset, wanted);
  if (present.length === 0) return [];
  const masks = destinationMasks(text);
  const masked = (at: number, len: number) => masks.some(([s, e]) => at < e && at + len > s);
  const out: Replacement[] = [];
  for (const old of present) {
    const next = own?.old === old ? own.next : input.references.get(old)!;
    const everywhere = input.mentions.has(old);
    const ranges: [number, number][] = everywhere ? [[bodyOffset, text.length]] : [...ownLines.keys()].map((l) => lines.range(l, text));
    for (const [from, to] of ranges) {
      for (const at of occurrences(text, old, from, to)) {
        if (masked(at, old.length)) continue;
        const line = lines.at(at);
        const kind = own?.old === old ? (ownLines.get(line) ?? 'mention') : 'mention';
        out.push({ start: at, end: at + old.length, text: next, edit: { path: input.rel, line, kind, old, new: next } });
      }
    }
  }
  return out;
}

/** Proves the edited frontmatter reads as intended: the new document_id, references with their IDs replaced. */
function verify(before: Record<string, unknown>, afterText: string, input: FileIdInput, split: (t: string) => Split): void {
  const s = split(afterText);
  const parsed = s.kind === 'ok' ? parseFrontmatterYaml(s.yaml, s.firstLine) : undefined;
  const after = parsed?.ok ? parsed.value.data : undefined;
  const expect = (v: unknown): unknown => (typeof v === 'string' ? replaceIds(v, input.references) : Array.isArray(v) ? v.map(expect) : v);
  const ok =
    after !== undefined &&
    (input.own ? after.document_id === input.own.next : after.document_id === before.document_id) &&
    REFERENCE_KEYS.every((k) => JSON.stringify(after[k]) === JSON.stringify(expect(before[k])));
  if (!ok)
    throw new DocketError(
      'INTERNAL_ERROR',
      `Rewriting the IDs in ${input.rel} would change its frontmatter otherwise than intended; nothing was written.`,
    );
}

/**
 * The new text of a file and its edits (none: the text unchanged). `split` is the frontmatter
 * splitter (passed in so that the verification reads the text as check does).
 */
export function editIds(input: FileIdInput, split: (t: string) => Split): { text: string; edits: IdEdit[]; ownIdEditable: boolean } {
  const lines = new Lines(input.text);
  const s = input.split;
  const replacements: Replacement[] = [];
  let ownIdEditable = input.own === undefined;
  let before: Record<string, unknown> = {};
  if (s?.kind === 'ok') {
    const parsed = parseFrontmatterYaml(s.yaml, s.firstLine);
    if (parsed.ok) before = parsed.value.data;
    if (input.own) {
      const own = ownIdReplacement(input, s, lines);
      if (own) replacements.push(own);
      ownIdEditable = own !== undefined;
    }
    replacements.push(...referenceReplacements(input, s, lines));
  }
  if (!ownIdEditable) return { text: input.text, edits: [], ownIdEditable };
  const bodyOffset = s?.kind === 'ok' ? s.bodyOffset : 0;
  const bodyLine = s?.kind === 'ok' ? s.closingLine + 1 : 1;
  replacements.push(...bodyReplacements(input, bodyOffset, bodyLine, lines));
  if (replacements.length === 0) return { text: input.text, edits: [], ownIdEditable };
  replacements.sort((a, b) => a.start - b.start);
  let out = '';
  let copied = 0;
  for (const r of replacements) {
    out += input.text.slice(copied, r.start) + r.text;
    copied = r.end;
  }
  out += input.text.slice(copied);
  if (s?.kind === 'ok') verify(before, out, input, split);
  return { text: out, edits: replacements.map((r) => r.edit), ownIdEditable };
}
