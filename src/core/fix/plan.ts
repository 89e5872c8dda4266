import path from 'node:path';
import { canPrependFrontmatter } from '../frontmatter/split.js';
import { claimedMismatch, conventionalName } from '../engine/rules/placement.js';
import { formatId, parseId } from '../ids/document-id.js';
import type { Finding, InspectedDocument } from '../engine/model.js';
import type { CompiledSchema } from '../schema/compile.js';
import { eolOf } from '../engine/documents/read.js';
import { IdAllocator } from '../ids/in-memory.js';
import { applyFieldEdits, prependFrontmatter, type FieldEdit } from './edit.js';
import { FILLABLE, fillableRequired, fillValue, type FillContext } from './values.js';

/** What fix does to one file: new text for the frontmatter, and/or a rename. */
export interface FilePlan {
  doc: InspectedDocument;
  /** The new text (without BOM) when the content changes. */
  text?: string;
  action?: 'add_frontmatter' | 'edit_frontmatter' | 'edit_metadata_block';
  fields: FieldEdit[];
  /** Lines of the visible metadata block rewritten. */
  blockLines?: number;
  /** Findings the content change repairs. */
  contentFixes: Finding[];
  rename?: { to: string; fixes: Finding[] };
}

/** What planning needs: the documents with a fix hint (with their text), every document's ID, the schemas. */
export interface FixInputs {
  fixable: readonly InspectedDocument[];
  ids: readonly string[];
  schemas: ReadonlyMap<string, CompiledSchema | undefined>;
}

function requiredFields(inputs: FixInputs, doc: InspectedDocument): string[] {
  return fillableRequired(inputs.schemas.get(doc.namespace.schema_path)?.schema);
}

/** Rewrites whole lines (1-based) that still read as the hint says; the line endings stay. */
function rewriteLines(text: string, hints: readonly Finding[]): { text: string; done: Finding[] } {
  const done: Finding[] = [];
  if (!hints.some((h) => h.fix?.kind === 'line')) return { text, done };
  const lines = text.split('\n');
  for (const h of hints) {
    if (h.fix?.kind !== 'line') continue;
    const i = h.fix.line - 1;
    const cr = lines[i]?.endsWith('\r') ? '\r' : '';
    if (lines[i] === undefined || lines[i].slice(0, lines[i].length - cr.length) !== h.fix.from) continue;
    lines[i] = `${h.fix.to}${cr}`;
    done.push(h);
  }
  return { text: done.length > 0 ? lines.join('\n') : text, done };
}

function planContent(
  doc: InspectedDocument,
  hinted: Finding[],
  inputs: FixInputs,
  fill: FillContext,
  repairedIds: ReadonlyMap<string, string>,
): Pick<FilePlan, 'text' | 'action' | 'fields' | 'contentFixes' | 'blockLines'> | undefined {
  const original = doc.record.text;
  if (original === undefined) return undefined;
  // Lines of the body (the metadata block): the frontmatter's offsets, before them, stay valid.
  const block = rewriteLines(original, hinted);
  const text = block.text;
  const split = doc.record.split;
  if (text === undefined || !split) return undefined;
  const eol = eolOf(text);
  const wholeBlock = hinted.some((f) => f.fix?.kind === 'add-frontmatter');
  const wanted: FieldEdit[] = [];
  const fm = doc.record.frontmatter;
  // Fields in FILLABLE order, so added lines read document_id, type, title, ... like the templates.
  const fillFields = wholeBlock
    ? requiredFields(inputs, doc)
    : FILLABLE.filter((f) => hinted.some((h) => h.fix?.kind === 'fill' && h.fix.field === f));
  for (const field of fillFields) {
    const value = fillValue(field, doc, fill);
    if (value !== undefined)
      wanted.push({
        field,
        op: fm?.valueSpan(field) ? 'set' : 'add',
        ...(fm?.valueSpan(field) ? { from: fm.source(field) ?? '' } : {}),
        to: value,
      });
  }
  for (const h of hinted) {
    if (h.fix?.kind !== 'set') continue;
    if (h.fix.field === 'document_id' && repairedIds.get(doc.rel) !== h.fix.value) continue; // another document has it
    wanted.push({
      field: h.fix.field,
      op: 'set',
      from: fm?.source(h.fix.field) ?? String(doc.metadata?.[h.fix.field] ?? ''),
      to: h.fix.value,
    });
  }
  const blockLines = block.done.length > 0 ? { blockLines: block.done.length } : {};
  if (wanted.length === 0)
    return block.done.length > 0 ? { text, action: 'edit_metadata_block', fields: [], contentFixes: block.done, ...blockLines } : undefined;
  let next: string | undefined;
  if (canPrependFrontmatter(split))
    next = prependFrontmatter(
      text,
      wanted.map((e) => [e.field, e.to] as const),
      eol,
    );
  else if (split.kind === 'ok') next = applyFieldEdits(text, split, fm, wanted, eol);
  if (next === undefined || next === text)
    return block.done.length > 0 ? { text, action: 'edit_metadata_block', fields: [], contentFixes: block.done, ...blockLines } : undefined;
  const done = new Set(wanted.map((e) => e.field));
  const contentFixes = hinted.filter(
    (h) => h.fix?.kind === 'add-frontmatter' || ((h.fix?.kind === 'fill' || h.fix?.kind === 'set') && done.has(h.fix.field)),
  );
  return {
    text: next,
    action: wholeBlock ? 'add_frontmatter' : 'edit_frontmatter',
    fields: wanted,
    contentFixes: [...contentFixes, ...block.done],
    ...blockLines,
  };
}

const renameTarget = (f: Finding): string | undefined => (f.fix?.kind === 'rename' ? f.fix.to : undefined);

/**
 * One rename for a document's rename hints: a move into the type's directory (DIRECTORY_MATCH)
 * first, since it gives the file the right name too; it fixes every hint whose name it gives.
 */
function renameOf(hinted: readonly Finding[]): FilePlan['rename'] {
  const hints = hinted.filter((f) => renameTarget(f) !== undefined);
  const chosen = hints.find((f) => f.code === 'DIRECTORY_MATCH') ?? hints[0];
  if (!chosen) return undefined;
  const to = renameTarget(chosen)!;
  const name = to.slice(to.lastIndexOf('/') + 1);
  return { to, fixes: hints.filter((f) => f === chosen || renameTarget(f)!.endsWith(`/${name}`) || renameTarget(f) === name) };
}

/**
 * The IDs the names of files without one claim (`runbook-001-deploy.md`: PREFIX-RUNBOOK-001),
 * reserved before any ID is allocated, so a file earlier in path order never takes a number
 * a later file's name holds. A claimed number already in use is not reserved.
 */
function claimedByNames(docs: readonly InspectedDocument[], ids: IdAllocator): Map<string, string> {
  const claimed = new Map<string, string>();
  for (const doc of docs) {
    if (doc.document_id !== undefined) continue;
    const m = /^([a-z]+)-(\d{3})(?:-|\.md$)/.exec(doc.rel.slice(doc.rel.lastIndexOf('/') + 1));
    if (!m || Number(m[2]) === 0 || !Object.hasOwn(doc.namespace.document_types, m[1]!.toUpperCase())) continue;
    const id = formatId(doc.namespace.repo_prefix, m[1]!.toUpperCase(), Number(m[2]));
    if (ids.has(id)) continue;
    ids.reserve(id);
    claimed.set(doc.rel, id);
  }
  return claimed;
}

/**
 * The rename a document needs once fix gives it an ID or a type, when its name then claims
 * another type or number (`adr-010-x.md` allocated ACME-ADR-001): done in the same run, so
 * one `fix --apply` leaves nothing fixable.
 */
function renameForNewId(doc: InspectedDocument, fields: readonly FieldEdit[]): FilePlan['rename'] {
  const set = (field: string) => fields.find((f) => f.field === field)?.to;
  if (set('document_id') === undefined && set('type') === undefined) return undefined;
  const next: InspectedDocument = { ...doc, document_id: set('document_id') ?? doc.document_id, type: set('type') ?? doc.type };
  const name = doc.rel.slice(doc.rel.lastIndexOf('/') + 1);
  if (claimedMismatch(next, name) === undefined || next.type !== parseId(next.document_id ?? '')?.type) return undefined;
  const conventional = conventionalName(next);
  return conventional ? { to: path.posix.join(path.posix.dirname(doc.rel), conventional), fixes: [] } : undefined;
}

/**
 * Plans every fix for the checked documents with a fix hint (in path order, so allocated IDs
 * are deterministic): missing frontmatter and fields, unambiguous values, renames.
 */
export function planFixes(inputs: FixInputs, opts: { today: string; namespace?: string; claimed?: readonly string[] }): FilePlan[] {
  // IDs `new` has claimed count as used even before their documents exist.
  const ids = new IdAllocator(inputs.ids, opts.claimed);
  const selected = inputs.fixable.filter(
    (doc) => doc.checked && (!opts.namespace || doc.namespace.name.toLowerCase() === opts.namespace.toLowerCase()),
  );
  // Repaired IDs (acme-adr-7 -> ACME-ADR-007) are claimed before new ones are allocated.
  const repairedIds = new Map<string, string>();
  for (const doc of selected) {
    for (const f of doc.findings) {
      if (f.fix?.kind === 'set' && f.fix.field === 'document_id' && !ids.has(f.fix.value)) {
        ids.reserve(f.fix.value);
        repairedIds.set(doc.rel, f.fix.value);
      }
    }
  }
  const named = claimedByNames(selected, ids);
  const plans: FilePlan[] = [];
  for (const doc of selected) {
    const hinted = doc.findings.filter((f) => f.fix);
    if (hinted.length === 0) continue;
    // An ID allocated to a file named `<type>-<NNN>-...` takes that number when it is free, so the name keeps agreeing.
    const mine = named.get(doc.rel);
    const own: FillContext = {
      today: opts.today,
      allocate: (prefix, type) => (mine?.startsWith(`${prefix}-${type}-`) ? mine : ids.next(prefix, type)),
    };
    const content = planContent(doc, hinted, inputs, own, repairedIds);
    const plan: FilePlan = { doc, fields: [], contentFixes: [], ...(content ?? {}) };
    // A move (DIRECTORY_MATCH) keeps the name, which the ID fix gives may then contradict.
    const moved = renameOf(hinted);
    const renamed = renameForNewId(moved ? { ...doc, rel: moved.to } : doc, plan.fields);
    const rename = moved && renamed ? { to: renamed.to, fixes: moved.fixes } : (moved ?? renamed);
    if (rename) plan.rename = rename;
    if (plan.text !== undefined || plan.rename) plans.push(plan);
  }
  return plans;
}
