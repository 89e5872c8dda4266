import { isMap, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { FRONTMATTER_MAX_DEPTH, nestingDepth } from './split.js';

export interface YamlProblem {
  message: string;
  /** 1-based line in the file. */
  line: number;
  column?: number;
}

export interface ParsedFrontmatter {
  /** Plain data: `__proto__` and `constructor` are ordinary own keys. */
  data: Record<string, unknown>;
  /** Source text of a top-level scalar (`version: 1.10` gives "1.10"). */
  source(key: string): string | undefined;
  /** 1-based file line of a top-level key. */
  line(key: string): number | undefined;
}

/**
 * Parses frontmatter YAML as untrusted input: YAML 1.2 core schema (no timestamps, no
 * octal surprises), duplicate keys are errors, aliases are refused, nesting is bounded.
 * `firstLine` is the file line where the YAML starts, so reported lines are file lines.
 */
export function parseFrontmatterYaml(yaml: string, firstLine: number): { ok: true; value: ParsedFrontmatter } | { ok: false; problem: YamlProblem } {
  const depth = nestingDepth(yaml);
  if (depth > FRONTMATTER_MAX_DEPTH) {
    return { ok: false, problem: { message: `Frontmatter nests ${depth} levels deep; the limit is ${FRONTMATTER_MAX_DEPTH}.`, line: firstLine } };
  }
  const lines = new LineCounter();
  const doc: Document.Parsed = parseDocument(yaml, { lineCounter: lines, uniqueKeys: true, prettyErrors: true, schema: 'core', version: '1.2', strict: true });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, problem: { message: reason, line: (pos?.line ?? 1) + firstLine - 1, ...(pos ? { column: pos.col } : {}) } };
  }
  let alias: { line: number; column: number } | undefined;
  visit(doc, {
    Alias(_key, node) {
      const pos = node.range ? lines.linePos(node.range[0]) : { line: 1, col: 1 };
      alias = { line: pos.line, column: pos.col };
      return visit.BREAK;
    },
  });
  if (alias) {
    return { ok: false, problem: { message: 'YAML aliases (*name) are not allowed in frontmatter.', line: alias.line + firstLine - 1, column: alias.column } };
  }
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) {
    return { ok: true, value: { data: {}, source: () => undefined, line: () => undefined } };
  }
  if (!isMap(contents)) {
    return { ok: false, problem: { message: 'Frontmatter must be a mapping of keys to values.', line: firstLine } };
  }
  const data = doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  const find = (key: string) => contents.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return {
    ok: true,
    value: {
      data,
      source(key) {
        const value = find(key)?.value;
        return isScalar(value) && typeof value.source === 'string' ? value.source : undefined;
      },
      line(key) {
        const range = (find(key)?.key as { range?: [number, number, number] } | undefined)?.range;
        return range ? lines.linePos(range[0]).line + firstLine - 1 : undefined;
      },
    },
  };
}
