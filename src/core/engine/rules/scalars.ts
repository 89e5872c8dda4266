import type { Normalization } from '../documents/normalize.js';
import { yamlScalar } from '../../yaml/scalar.js';
import { listOf } from '../../lists.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
const WANTED: Record<string, string> = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false' };

type Mismatched = Normalization & { mismatch: NonNullable<Normalization['mismatch']> };

const READER_11 = 'YAML 1.1 readers (the Python DocOps CLI among them)';

function finding(doc: InspectedDocument, n: Mismatched, others: readonly Finding[]): Finding {
  const fm = doc.record.frontmatter;
  const { written, reads, yaml11, wanted, remedy } = n.mismatch;
  const line = fm?.line(n.field);
  const base = {
    code: 'SCALAR_TYPE_MISMATCH' as const,
    severity: 'warning' as const,
    path: doc.rel,
    ...(line !== undefined ? { line } : {}),
  };
  const wants = WANTED[wanted] ?? wanted;
  if (remedy === 'unquote') {
    return {
      ...base,
      message: `\`${n.field}\` is quoted (\`${clip(written)}\`), which YAML reads as ${reads}; the schema wants ${wants}, so docket reads it as one.`,
      suggestion: `Remove the quotes: \`${n.field}: ${clip(written)}\`.`,
      fixable: false,
    };
  }
  if (remedy === 'rewrite') {
    return {
      ...base,
      message: `\`${n.field}\` is written \`${clip(written)}\`, which ${READER_11} read as ${String(n.to)} and YAML 1.2 (docket) as text; the schema wants ${wants}, so docket reads it as ${String(n.to)}.`,
      suggestion: `Write \`${n.field}: ${String(n.to)}\`.`,
      fixable: false,
    };
  }
  const quotedForm = `${n.field}: ${clip(yamlScalar(written))}`;
  // Quoting keeps the characters as written; fix does it where the value is a one-line scalar it
  // can replace, unless another fix rewrites the same value (document_id: the ID repairs).
  const editable =
    fm?.valueSpan(n.field)?.kind === 'scalar' &&
    n.field !== 'document_id' &&
    !others.some((f) => f.fix && 'field' in f.fix && f.fix.field === n.field);
  return {
    ...base,
    message: `\`${n.field}\` is written \`${clip(written)}\`, which ${yaml11 ? `${READER_11} read` : 'YAML reads'} as ${reads}; the schema wants ${wants}, so docket reads it as written.`,
    suggestion: `Quote it: \`${quotedForm}\`${editable ? '; `docket fix --apply` does it' : ''}.`,
    fixable: editable,
    ...(editable ? { fix: { kind: 'set' as const, field: n.field, value: written } } : {}),
  };
}

/**
 * SCALAR_TYPE_MISMATCH: a top-level scalar YAML types otherwise than the schema declares,
 * which docket reads as written (see readScalar in documents/normalize.ts). `others` are the
 * document's other findings: their fixes of a field take precedence.
 */
export function scalarFindings(doc: InspectedDocument, others: readonly Finding[]): Finding[] {
  let out: Finding[] | undefined;
  for (const n of doc.normalized) {
    if (!n.mismatch) continue;
    const f = finding(doc, n as Mismatched, others);
    if (out === undefined) out = listOf(f);
    else out.push(f);
  }
  return out ?? NONE;
}
