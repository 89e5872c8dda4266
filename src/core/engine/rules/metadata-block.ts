import { inlineValue } from '../../templates/interpolate.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';

/** What the block shows for a frontmatter value; undefined for values it does not show (lists, mappings). */
function display(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return inlineValue(String(value)).trim();
  return undefined;
}

const unquote = (s: string) => s.replace(/^`([^`]*)`$/, '$1');

/**
 * METADATA_BLOCK_DRIFT: a value the visible metadata block shows (`> **Status:** Draft`)
 * differs from the frontmatter's. Rows the block lacks or has extra, fields the frontmatter
 * lacks, and fields other findings fix (their value is about to change) are not drift.
 */
export function metadataBlockFindings(doc: InspectedDocument, others: readonly Finding[]): Finding[] {
  const rows = doc.metadataBlock;
  const data = doc.metadata;
  if (rows === undefined || !data) return NONE;
  const fm = doc.record.frontmatter;
  let out: Finding[] | undefined;
  for (const row of rows) {
    const expected = display(data[row.field]);
    if (expected === undefined || others.some((f) => f.fix && 'field' in f.fix && f.fix.field === row.field)) continue;
    const shown = unquote(row.shown);
    const source = fm?.source(row.field);
    if (shown === expected || (source !== undefined && shown === source)) continue;
    const to = `${row.before}${expected}${row.after}`;
    (out ??= []).push({
      code: 'METADATA_BLOCK_DRIFT',
      severity: 'warning',
      message: `The metadata block shows ${row.field} \`${row.shown}\`, but the frontmatter says \`${expected}\`.`,
      path: doc.rel,
      line: row.line,
      suggestion: `Write \`${to}\`; \`docket fix --apply\` rewrites the line.`,
      fixable: true,
      fix: { kind: 'line', line: row.line, from: row.text, to },
    });
  }
  return out ?? NONE;
}
