import { CODES } from '../../errors/codes.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import type { MarkdownLink } from '../markdown/outline.js';
import { resolveLinks } from '../engine/load.js';
import type { Finding, InspectedDocument } from '../engine/model.js';

/**
 * What check's cache keeps of a document: everything its rules need that is a pure function
 * of its bytes, the config and the schemas (never of other files): ID, type, the line of the
 * ID, anchors, links as written, and the findings of the rules that look only at the
 * document (reading, schema, placement). Links are checked again on every run (their targets
 * may have changed); resolving them is lexical, so only the targets as written are kept.
 *
 * A plain array, for a small cache file and a fast JSON.parse:
 * [id, type, idLine, anchors, targets, links, findings] where `links` holds four numbers per
 * link: the index of its target, its kind (0 inline, 1 image, 2 definition), line, column.
 */
export type DocMemo = [string | null, string | null, number | null, string[], string[], number[], Finding[]];

const KINDS: MarkdownLink['kind'][] = ['inline', 'image', 'definition'];

/** The memo of a described document whose own rules gave `intrinsic`. */
export function memoOf(doc: InspectedDocument, links: readonly MarkdownLink[], intrinsic: readonly Finding[]): DocMemo {
  const targets: string[] = [];
  const at = new Map<string, number>();
  const nums: number[] = [];
  for (const l of links) {
    let i = at.get(l.target);
    if (i === undefined) {
      i = targets.length;
      targets.push(l.target);
      at.set(l.target, i);
    }
    nums.push(i, KINDS.indexOf(l.kind), l.line, l.column);
  }
  return [doc.document_id ?? null, doc.type ?? null, doc.idLine ?? null, [...doc.anchors], targets, nums, intrinsic.map((f) => ({ ...f }))];
}

/** A memo with a findings list of its own (link findings are appended to the list a model is made from). */
export function copyMemo(memo: DocMemo): DocMemo {
  return [memo[0], memo[1], memo[2], memo[3], memo[4], memo[5], [...memo[6]]];
}

/** Whether a parsed value has a memo's shape (the cache file is not trusted). */
export function isMemo(v: unknown): v is DocMemo {
  if (!Array.isArray(v) || v.length !== 7) return false;
  const [id, type, idLine, anchors, targets, nums, findings] = v as unknown[];
  return (
    (id === null || typeof id === 'string') &&
    (type === null || typeof type === 'string') &&
    (idLine === null || Number.isInteger(idLine)) &&
    Array.isArray(anchors) &&
    anchors.every((a) => typeof a === 'string') &&
    Array.isArray(targets) &&
    targets.every((t) => typeof t === 'string') &&
    Array.isArray(nums) &&
    nums.length % 4 === 0 &&
    nums.every(
      (n, i) =>
        Number.isInteger(n) &&
        (n as number) >= (i % 4 < 2 ? 0 : 1) &&
        (i % 4 !== 0 || (n as number) < targets.length) &&
        (i % 4 !== 1 || (n as number) < 3),
    ) &&
    Array.isArray(findings) &&
    findings.every(isFinding)
  );
}

const position = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) >= 1);
const optional = (v: unknown, type: 'string' | 'boolean') => v === undefined || typeof v === type;

/** A finding as check itself writes them: a known code, a path, positions from 1. */
function isFinding(f: unknown): f is Finding {
  const x = f as Finding;
  return (
    !!x &&
    typeof x === 'object' &&
    !Array.isArray(x) &&
    typeof x.code === 'string' &&
    Object.hasOwn(CODES, x.code) &&
    (x.severity === 'error' || x.severity === 'warning' || x.severity === 'info') &&
    typeof x.message === 'string' &&
    typeof x.path === 'string' &&
    position(x.line) &&
    position(x.column) &&
    optional(x.suggestion, 'string') &&
    optional(x.fixable, 'boolean') &&
    optional(x.document_id, 'string') &&
    (x.fix === undefined || (!!x.fix && typeof x.fix === 'object' && typeof x.fix.kind === 'string'))
  );
}

/**
 * The document a memo describes, as describeDocument would have built it (with its links
 * resolved again), minus what only the reading rules use; `size` and `mtimeMs` are the file's.
 */
export function documentOf(file: GovernedFile, memo: DocMemo, size: number, mtimeMs: number): InspectedDocument {
  const [id, type, idLine, anchors, targets, nums] = memo;
  const links: MarkdownLink[] = [];
  for (let k = 0; k < nums.length; k += 4)
    links.push({ target: targets[nums[k]!]!, kind: KINDS[nums[k + 1]!]!, line: nums[k + 2]!, column: nums[k + 3]! });
  const doc: InspectedDocument = {
    rel: file.rel,
    namespace: file.namespace,
    record: { rel: file.rel, namespace: file.namespace, size, mtimeMs, bom: false, problems: [], unreadable: false },
    normalized: [],
    links: resolveLinks(file.rel, links),
    anchors,
    readable: true,
    findings: [],
    checked: false,
  };
  if (id !== null) doc.document_id = id;
  if (type !== null) doc.type = type;
  if (idLine !== null) doc.idLine = idLine;
  return doc;
}
