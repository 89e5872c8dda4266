import type { Document, LineCounter, Node } from 'yaml';
import { QUIET, yamlLib } from '../yaml/lib.js';
import { unknownTag, unknownTagSuggestion } from '../yaml/tags.js';
import { parseSimpleConfig, type ConfigYaml } from './simple-yaml.js';
import { DocketError } from '../../errors/docket-error.js';

/** A parsed YAML file that can say on which line a key or list item sits. */
export class YamlSource implements ConfigYaml {
  private constructor(
    readonly file: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly data: unknown,
  ) {}

  /**
   * Parses YAML 1.2; a syntax error or a duplicate key is CONFIG_INVALID with file and line.
   * Common configs take the fast path (simple-yaml.ts), which gives the same answers.
   */
  static parse(file: string, text: string): ConfigYaml {
    return parseSimpleConfig(file, text) ?? YamlSource.parseWithYaml(file, text);
  }

  /** Parses with the `yaml` package, whatever the text. */
  static parseWithYaml(file: string, text: string): YamlSource {
    const { LineCounter, parseDocument } = yamlLib();
    const lines = new LineCounter();
    const doc = parseDocument(text, { ...QUIET, lineCounter: lines, uniqueKeys: true, prettyErrors: true });
    const first = doc.errors[0];
    if (first) {
      const line = first.linePos?.[0]?.line;
      const reason = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw new DocketError('CONFIG_INVALID', `${file}${line ? `:${line}` : ''}: ${reason}`, {
        suggestion: `Fix the YAML syntax in ${file}${line ? ` at line ${line}` : ''}, then run \`docket doctor\`.`,
        details: { path: file, line: line ?? null, yaml_error: first.code },
      });
    }
    const tag = unknownTag(doc, text, lines);
    if (tag) {
      throw new DocketError(
        'CONFIG_INVALID',
        `${file}:${tag.line}: the YAML tag \`${tag.tag}\` is not supported: its value cannot be read as what the tag says.`,
        {
          suggestion: `${unknownTagSuggestion(tag.tag)} Then run \`docket doctor\`.`,
          details: { path: file, line: tag.line, yaml_error: 'TAG_RESOLVE_FAILED', tag: tag.tag },
        },
      );
    }
    return new YamlSource(file, doc, lines, resolveAliases(file, doc, lines));
  }

  toJS(): unknown {
    return this.data;
  }

  private node(path: readonly (string | number)[]): Node | undefined {
    const { isMap, isPair, isScalar, isSeq } = yamlLib();
    let node: unknown = this.doc.contents;
    let located: Node | undefined = node as Node | undefined;
    for (const step of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(step));
        if (!pair) return located;
        located = pair.key as Node;
        node = pair.value;
      } else if (isSeq(node) && typeof step === 'number') {
        node = node.items[step];
        located = (node as Node | undefined) ?? located;
      } else {
        return located;
      }
    }
    return located;
  }

  /** 1-based line of the key (or list item) at `path`; the closest ancestor when absent. */
  line(path: readonly (string | number)[]): number | undefined {
    const range = this.node(path)?.range;
    return range ? this.lines.linePos(range[0]).line : undefined;
  }

  /** Source text of a scalar (e.g. "2.0" for docops_version: 2.0, which YAML reads as 2). */
  scalarSource(path: readonly (string | number)[]): string | undefined {
    const { isMap, isScalar, isSeq } = yamlLib();
    let node: unknown = this.doc.contents;
    for (const step of path) {
      if (isMap(node)) node = node.get(step, true);
      else if (isSeq(node) && typeof step === 'number') node = node.items[step];
      else return undefined;
    }
    return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  }
}

/**
 * The document as plain data, its aliases expanded once, here where the file and line are
 * known: an alias to no anchor, or so many aliases that expanding them would exhaust memory
 * (an alias bomb), is CONFIG_INVALID rather than an exception thrown later.
 */
function resolveAliases(file: string, doc: Document.Parsed, lines: LineCounter): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const { isAlias, visit } = yamlLib();
    const message = (error as Error).message;
    const unresolved = /^Unresolved alias/.test(message);
    let at: number | undefined;
    visit(doc, {
      Alias(_key, node) {
        if (!isAlias(node) || (unresolved && node.resolve(doc) !== undefined)) return undefined;
        at = node.range?.[0];
        return visit.BREAK;
      },
    });
    const line = at === undefined ? undefined : lines.linePos(at).line;
    const where = `${file}${line ? `:${line}` : ''}`;
    const name = /: (\S+)$/.exec(message)?.[1] ?? 'name';
    const reason = unresolved
      ? `the alias *${name} has no anchor &${name} before it`
      : 'its aliases (*name) expand to too many values (more than 100 aliases in all)';
    throw new DocketError('CONFIG_INVALID', `${where}: ${reason}.`, {
      suggestion: unresolved
        ? `Define the anchor before the alias in ${file}, or write the value out in full, then run \`docket doctor\`.`
        : `Write the values out instead of nesting aliases in ${file}, then run \`docket doctor\`.`,
      details: { path: file, line: line ?? null, yaml_error: unresolved ? 'UNRESOLVED_ALIAS' : 'ALIAS_COUNT_EXCEEDED' },
    });
  }
}
