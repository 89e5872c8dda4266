import { ID_PATTERN } from '../../ids/in-memory.js';
import type { RuleContext } from '../rule-context.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';

/** An ID that only differs from the form by letter case or an unpadded number, made regular. */
export function repairId(id: string): string | undefined {
  const m = /^\s*([A-Za-z]{3,10})-([A-Za-z]{3,10})-(\d{1,3})\s*$/.exec(id);
  return m ? `${m[1]!.toUpperCase()}-${m[2]!.toUpperCase()}-${m[3]!.padStart(3, '0')}` : undefined;
}

const SEGMENT = /^[A-Z]{3,10}$/;

/**
 * What `new IdAllocator(ids).next(prefix, type)` answers, from one pass over the IDs in use
 * (cached in the context): the number after the highest one, if it is at most 999.
 */
function nextFree(id: string, ctx: RuleContext): string {
  const [prefix = '', type = ''] = id.split('-');
  if (!SEGMENT.test(prefix) || !SEGMENT.test(type)) return '';
  if (!ctx.highestSeq) {
    const highest = new Map<string, number>();
    for (const key of ctx.ids()) {
      const m = ID_PATTERN.exec(key);
      if (m) highest.set(`${m[1]}-${m[2]}-`, Math.max(highest.get(`${m[1]}-${m[2]}-`) ?? 0, Number(m[3])));
    }
    ctx.highestSeq = highest;
  }
  const next = (ctx.highestSeq.get(`${prefix}-${type}-`) ?? 0) + 1;
  return next <= 999 ? ` (the next free one for this type is ${prefix}-${type}-${String(next).padStart(3, '0')})` : '';
}

/** ID_REGEX, ID_PREFIX and ID_UNIQUE for one document. */
export function idFindings(doc: InspectedDocument, ctx: RuleContext): Finding[] {
  const id = doc.document_id;
  if (!id) return [];
  const prefix0 = doc.namespace.repo_prefix;
  // The common case: a well-formed ID of the namespace's prefix that no other document has.
  // `${prefix0}-` without making that string for every document.
  if (ID_PATTERN.test(id) && id.startsWith(prefix0) && id.charCodeAt(prefix0.length) === 0x2d && ctx.countWithId(id) <= 1) return NONE;
  const out: Finding[] = [];
  const line = doc.idLine;
  const at = { path: doc.rel, ...(line ? { line } : {}) };
  const prefix = doc.namespace.repo_prefix;
  if (!ID_PATTERN.test(id)) {
    const repaired = repairId(id);
    const fixable = repaired !== undefined && ID_PATTERN.test(repaired) && ctx.countWithId(repaired) === 0;
    out.push({
      code: 'ID_REGEX',
      severity: 'error',
      message: `The document_id "${id}" does not have the form PREFIX-TYPE-NNN.`,
      ...at,
      suggestion: fixable
        ? `Write it as ${repaired}; \`docket fix --apply\` does it.`
        : `Use ${prefix}-<TYPE>-<NNN>, for example ${prefix}-${doc.type && /^[A-Z]{3,10}$/.test(doc.type) ? doc.type : 'ADR'}-001, with a number no other document uses; \`docket migrate-ids --rewrite-references\` does it and rewrites the references to it.`,
      fixable,
      ...(fixable ? { fix: { kind: 'set', field: 'document_id', value: repaired } } : {}),
    });
  } else if (!id.startsWith(`${prefix}-`)) {
    out.push({
      code: 'ID_PREFIX',
      severity: 'error',
      message: `The document_id "${id}" does not start with ${prefix}-, the prefix of namespace "${doc.namespace.name}" (${doc.namespace.docs_root}/).`,
      ...at,
      suggestion: `Give the document an ID starting with ${prefix}- and update references to the old ID; IDs are never changed automatically.`,
      fixable: false,
    });
  }
  const sharing = ctx.pathsWithId(id).filter((rel) => rel !== doc.rel);
  if (sharing.length > 0) {
    const list = sharing.slice(0, 5).join(', ') + (sharing.length > 5 ? `, and ${sharing.length - 5} more` : '');
    out.push({
      code: 'ID_UNIQUE',
      severity: 'error',
      message: `The document_id "${id}" is also used by ${list}.`,
      ...at,
      suggestion: `Keep the ID on the document that owns it and give the others new IDs${nextFree(id, ctx)}.`,
      fixable: false,
    });
  }
  return out;
}
