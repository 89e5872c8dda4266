import type { Document, Pair, YAMLMap } from 'yaml';
import { QUIET, yamlLib } from '../yaml/lib.js';
import { parseSimpleFrontmatter } from './fast.js';
import type { ParsedFrontmatter, ValueSpan } from './parsed.js';
import { FRONTMATTER_MAX_DEPTH, nestingDepth } from './split.js';
import { unknownTag, unknownTagSuggestion } from '../yaml/tags.js';
import { yamlErrorProblem, type YamlProblem } from './yaml-error.js';

export type { YamlProblem } from './yaml-error.js';

export type { ParsedFrontmatter } from './parsed.js';

const EMPTY: ParsedFrontmatter = {
  data: {},
  keys: () => [],
  hasKeys: () => false,
  source: () => undefined,
  plain: () => false,
  line: () => undefined,
  lineAt: () => undefined,
  valueSpan: () => undefined,
};

function pairOf(map: YAMLMap, key: string | number): Pair | undefined {
  const { isScalar } = yamlLib();
  return map.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
}

function spanOf(yaml: string, pair: Pair): ValueSpan {
  const { isScalar } = yamlLib();
  const value = pair.value;
  const keyEnd = (pair.key as { range?: [number, number, number] }).range?.[1];
  if (keyEnd === undefined) return { kind: 'other' };
  if (isScalar(value) && value.value === null && value.source === '') {
    const colon = yaml.indexOf(':', keyEnd);
    const lineEnd = yaml.indexOf('\n', keyEnd);
    if (colon === -1 || (lineEnd !== -1 && colon > lineEnd)) return { kind: 'other' };
    let end = colon + 1;
    while (yaml[end] === ' ' || yaml[end] === '\t') end++;
    return { kind: 'empty', insertAt: colon + 1, end, comment: yaml[end] === '#' };
  }
  if (!isScalar(value) || !value.range || value.tag || value.anchor) return { kind: 'other' };
  const type = value.type;
  if (type !== 'PLAIN' && type !== 'QUOTE_DOUBLE' && type !== 'QUOTE_SINGLE') return { kind: 'other' };
  const [start, end] = value.range;
  if (yaml.slice(start, end).includes('\n')) return { kind: 'other' };
  return { kind: 'scalar', start, end };
}

/**
 * Parses frontmatter YAML as untrusted input: YAML 1.2 core schema (no timestamps, no
 * octal surprises), duplicate keys are errors, aliases are refused, nesting is bounded.
 * `firstLine` is the file line where the YAML starts, so reported lines are file lines.
 */
export function parseFrontmatterYaml(
  yaml: string,
  firstLine: number,
): { ok: true; value: ParsedFrontmatter } | { ok: false; problem: YamlProblem } {
  const simple = parseSimpleFrontmatter(yaml, firstLine);
  if (simple) return { ok: true, value: simple };
  return parseWithYaml(yaml, firstLine);
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/;

/**
 * The finding for a mapping used as a key. Nearly always a template's unfilled placeholder:
 * `title: {{title}}` is, to YAML, a mapping whose key is the mapping `{title}`.
 */
function collectionKeyProblem(sourceLine: string, line: number, column: number): YamlProblem {
  const placeholder = PLACEHOLDER.exec(sourceLine);
  if (!placeholder)
    return {
      message: 'A mapping or list is used as a key; docket reads text keys only.',
      suggestion: 'Write the key as plain text, or quote the value if it is not meant as YAML structure.',
      line,
      column,
    };
  const field = /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*:/.exec(sourceLine)?.[1];
  const what = field ? `The value of \`${field}\`` : 'A value';
  return {
    message: `${what} is an unfilled template placeholder: ${placeholder[0]}.`,
    suggestion: `Replace ${placeholder[0]} with the real ${field ? `\`${field}\`` : 'value'} (\`docket new\` fills a template's placeholders); quote it if the braces are meant literally.`,
    line,
    column: placeholder.index + 1,
  };
}

/** The full YAML parser (the `yaml` package), for everything the fast path declines. */
export function parseWithYaml(
  yaml: string,
  firstLine: number,
): { ok: true; value: ParsedFrontmatter } | { ok: false; problem: YamlProblem } {
  const { isCollection, isMap, isScalar, isSeq, LineCounter, parseDocument, visit } = yamlLib();
  const depth = nestingDepth(yaml);
  if (depth > FRONTMATTER_MAX_DEPTH) {
    return {
      ok: false,
      problem: { message: `Frontmatter nests ${depth} levels deep; the limit is ${FRONTMATTER_MAX_DEPTH}.`, line: firstLine },
    };
  }
  const lines = new LineCounter();
  const doc: Document.Parsed = parseDocument(yaml, {
    ...QUIET,
    lineCounter: lines,
    uniqueKeys: true,
    prettyErrors: true,
    schema: 'core',
    version: '1.2',
    strict: true,
  });
  const error = doc.errors[0];
  if (error) return { ok: false, problem: yamlErrorProblem(doc, error, yaml, lines, firstLine) };
  const tag = unknownTag(doc, yaml, lines);
  if (tag) {
    return {
      ok: false,
      problem: {
        message: `The YAML tag \`${tag.tag}\` is not supported: its value cannot be read as what the tag says.`,
        suggestion: unknownTagSuggestion(tag.tag),
        line: tag.line + firstLine - 1,
        column: tag.column,
      },
    };
  }
  let refused: YamlProblem | undefined;
  visit(doc, {
    Alias(_key, node) {
      const pos = node.range ? lines.linePos(node.range[0]) : { line: 1, col: 1 };
      refused = { message: 'YAML aliases (*name) are not allowed in frontmatter.', line: pos.line + firstLine - 1, column: pos.col };
      return visit.BREAK;
    },
    Pair(_key, pair) {
      // A mapping or list as a key has no JS form (PyYAML fails on it: unhashable key).
      if (!isCollection(pair.key)) return undefined;
      const range = (pair.key as { range?: [number, number, number] }).range;
      const pos = range ? lines.linePos(range[0]) : { line: 1, col: 1 };
      refused = collectionKeyProblem(yaml.split('\n')[pos.line - 1] ?? '', pos.line + firstLine - 1, pos.col);
      return visit.BREAK;
    },
  });
  if (refused) return { ok: false, problem: refused };
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) return { ok: true, value: EMPTY };
  if (!isMap(contents)) {
    return { ok: false, problem: { message: 'Frontmatter must be a mapping of keys to values.', line: firstLine } };
  }
  const data = doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  const fileLine = (offset: number) => lines.linePos(offset).line + firstLine - 1;
  return {
    ok: true,
    value: {
      data,
      keys: () => contents.items.filter((p) => isScalar(p.key)).map((p) => String((p.key as { value: unknown }).value)),
      hasKeys: () => contents.items.some((p) => isScalar(p.key)),
      source(key) {
        const value = pairOf(contents, key)?.value;
        return isScalar(value) && typeof value.source === 'string' ? value.source : undefined;
      },
      plain(key) {
        const value = pairOf(contents, key)?.value;
        return isScalar(value) && value.type === 'PLAIN' && !value.tag && value.source !== '';
      },
      line(key) {
        const range = (pairOf(contents, key)?.key as { range?: [number, number, number] } | undefined)?.range;
        return range ? fileLine(range[0]) : undefined;
      },
      lineAt(path) {
        let node: unknown = contents;
        let found: number | undefined;
        for (const step of path) {
          if (isMap(node)) {
            const pair = pairOf(node, step);
            const range = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
            if (!pair || !range) break;
            found = fileLine(range[0]);
            node = pair.value;
          } else if (isSeq(node) && typeof step === 'number') {
            node = node.items[step];
            const range = (node as { range?: [number, number, number] } | undefined)?.range;
            if (!range) break;
            found = fileLine(range[0]);
          } else break;
        }
        return found;
      },
      valueSpan(key) {
        const pair = pairOf(contents, key);
        return pair ? spanOf(yaml, pair) : undefined;
      },
    },
  };
}
