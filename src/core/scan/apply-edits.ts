import { parseConfig } from '../config/load.js';
import { eolOf } from '../engine/documents/read.js';
import { unifiedDiff } from '../fix/diff.js';
import { FILLABLE } from '../fix/values.js';
import { applyFieldEdits, prependFrontmatter, yamlScalar, type FieldEdit } from '../fix/edit.js';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import { canPrependFrontmatter, splitFrontmatter } from '../frontmatter/split.js';
import type { FixChange } from '../../contract/data/fix.js';
import { appendTopLevelItem, parseForEdit, topLevel } from '../yaml/append-item.js';
import type { PlanAction } from './types.js';
import type { EditRefusal } from '../../contract/data/fix.js';
export type { EditRefusal };

/** The new text of a file a content action changes, and the change to report. */
export type Edit = { next: string; change: FixChange; documentId?: string } | { refusal: EditRefusal };

export type ContentAction = Exclude<PlanAction, { action: 'move' | 'rename' }>;

/** Fields in the order `fix` writes them (FILLABLE first), whatever order the plan's JSON has. */
function ordered(fields: Record<string, string>): [string, string][] {
  const rank = (k: string) => {
    const i = (FILLABLE as readonly string[]).indexOf(k);
    return i === -1 ? FILLABLE.length : i;
  };
  return Object.entries(fields).sort((a, b) => rank(a[0]) - rank(b[0]));
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** add_frontmatter: only onto a file without any block; the rest stays byte-identical. */
function addFrontmatter(rel: string, text: string, frontmatter: Record<string, string>): Edit {
  const split = splitFrontmatter(text);
  if (!canPrependFrontmatter(split)) return { refusal: 'has_frontmatter' };
  const fields = ordered(frontmatter);
  const next = prependFrontmatter(text, fields, eolOf(text));
  return {
    next,
    change: {
      path: rel,
      action: 'add_frontmatter',
      diff: unifiedDiff(text, next, rel),
      fields: fields.map(([field, to]) => ({ field, op: 'add', to })),
    },
    ...(frontmatter.document_id ? { documentId: frontmatter.document_id } : {}),
  };
}

/**
 * add_fields: the edit `fix` makes for missing required fields (src/core/fix/edit.ts): new
 * lines before the closing fence, an empty value filled in place; never a field that has a
 * value, never a rewrite of other lines.
 */
function addFields(rel: string, text: string, wanted: Record<string, string>, replace = false): Edit {
  const split = splitFrontmatter(text);
  if (split.kind !== 'ok') return { refusal: 'cannot_edit' };
  const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
  if (!parsed.ok) return { refusal: 'cannot_edit' };
  const fm = parsed.value;
  const edits: FieldEdit[] = [];
  for (const [field, to] of ordered(wanted)) {
    if (!replace && !blank(fm.data[field])) return { refusal: 'field_present' };
    if (replace && !blank(fm.data[field]) && !fm.valueSpan(field)) return { refusal: 'cannot_edit' };
    edits.push(fm.valueSpan(field) ? { field, op: 'set', from: fm.source(field) ?? '', to } : { field, op: 'add', to });
  }
  const next = applyFieldEdits(text, split, fm, edits, eolOf(text));
  if (next === undefined) return { refusal: 'cannot_edit' };
  return {
    next,
    change: { path: rel, action: 'edit_frontmatter', diff: unifiedDiff(text, next, rel), fields: edits.map((e) => ({ ...e })) },
    ...(wanted.document_id ? { documentId: wanted.document_id } : {}),
  };
}

/** set_fields (replace): the same edits, and values present are replaced in place (`accepted` by `Approved`). */

/** exclude: each file appended to the top-level `excluded_files` list, as text (comments and layout kept). */
function exclude(root: string, rel: string, text: string, files: readonly string[]): Edit {
  let next = text;
  for (const file of files) {
    const parsed = parseForEdit(next);
    if (!parsed.ok) return { refusal: 'cannot_edit' };
    const list = topLevel(parsed.value, 'excluded_files')?.toJSON() as unknown;
    if (Array.isArray(list) && list.includes(file)) continue;
    const edited = appendTopLevelItem(next, parsed.value, 'excluded_files', (indent) => `${' '.repeat(indent)}- ${yamlScalar(file)}`);
    if (edited === undefined) return { refusal: 'cannot_edit' };
    next = edited;
  }
  try {
    parseConfig(root, next); // proves the edited config still loads
  } catch {
    return { refusal: 'cannot_edit' };
  }
  return { next, change: { path: rel, action: 'exclude', diff: unifiedDiff(text, next, rel) } };
}

/** What a content action makes of a file's text (BOM removed). */
export function editFor(root: string, action: ContentAction, text: string): Edit {
  switch (action.action) {
    case 'add_frontmatter':
      return addFrontmatter(action.path, text, action.frontmatter);
    case 'add_fields':
      return addFields(action.path, text, action.fields);
    case 'set_fields':
      return addFields(action.path, text, action.fields, true);
    case 'exclude':
      return exclude(root, action.path, text, action.files);
  }
}
