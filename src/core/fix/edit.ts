import { parseFrontmatterYaml, type ParsedFrontmatter } from '../frontmatter/parse.js';
import { splitFrontmatter, type Split } from '../frontmatter/split.js';
import { yamlScalar } from '../yaml/scalar.js';

export { yamlScalar };

/** One frontmatter change: add a key, or set the value of an existing one in place. */
export interface FieldEdit {
  field: string;
  op: 'add' | 'set';
  /** The value as written before (source text), for `set`. */
  from?: string;
  to: string;
}

interface Replacement {
  at: number;
  end: number;
  text: string;
}

function splice(text: string, replacements: Replacement[]): string {
  let out = text;
  for (const r of [...replacements].sort((a, b) => b.at - a.at)) out = out.slice(0, r.at) + r.text + out.slice(r.end);
  return out;
}

/**
 * Applies field edits to a document's text (BOM already removed), touching only the lines
 * it must: a `set` replaces the value's characters (comments and the rest of the line stay),
 * an `add` inserts `key: value` lines just before the closing fence. Returns undefined for
 * an edit it cannot make without rewriting more (a block or multi-line value, a flow mapping):
 * the result is parsed again to prove it.
 */
export function applyFieldEdits(
  text: string,
  split: Extract<Split, { kind: 'ok' }>,
  fm: ParsedFrontmatter | undefined,
  edits: readonly FieldEdit[],
  eol: string,
): string | undefined {
  const replacements: Replacement[] = [];
  let added = '';
  for (const edit of edits) {
    const span = fm?.valueSpan(edit.field);
    const scalar = yamlScalar(edit.to);
    if (edit.op === 'add' && span === undefined) {
      added += `${edit.field}: ${scalar}${eol}`;
    } else if (span?.kind === 'scalar') {
      replacements.push({ at: split.yamlOffset + span.start, end: split.yamlOffset + span.end, text: scalar });
    } else if (span?.kind === 'empty') {
      replacements.push({
        at: split.yamlOffset + span.insertAt,
        end: split.yamlOffset + span.end,
        text: ` ${scalar}${span.comment ? ' ' : ''}`,
      });
    } else {
      return undefined;
    }
  }
  if (added) replacements.push({ at: split.closingOffset, end: split.closingOffset, text: added });
  const next = splice(text, replacements);
  // Line edits assume a block mapping; a flow mapping (`{title: x}`) would become invalid YAML.
  return reads(next, edits) ? next : undefined;
}

/** Whether edited text still parses and holds every edited field with its new value. */
function reads(next: string, edits: readonly FieldEdit[]): boolean {
  const split = splitFrontmatter(next);
  if (split.kind !== 'ok') return false;
  const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
  return parsed.ok && edits.every((e) => parsed.value.data[e.field] === e.to);
}

/** Prepends a frontmatter block; the rest of the file stays byte-identical. */
export function prependFrontmatter(text: string, fields: readonly (readonly [string, string])[], eol: string): string {
  return `---${eol}${fields.map(([k, v]) => `${k}: ${yamlScalar(v)}${eol}`).join('')}---${eol}${text}`;
}
