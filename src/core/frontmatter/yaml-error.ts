import type { Document, LineCounter, Node, YAMLError } from 'yaml';
import { yamlLib } from '../yaml/lib.js';

export interface YamlProblem {
  message: string;
  suggestion?: string;
  /** 1-based line in the file. */
  line: number;
  column?: number;
}

type Range = [number, number, number];

/**
 * The quoted value or flow collection (`[...]`, `{...}`) that runs into an error: an unclosed
 * `"` swallows the lines after it, so the parser notices lines later (often at the end of the
 * frontmatter). The innermost such node around the error's offset that starts on an earlier
 * line (or any, for a missing closing character) is where the problem starts.
 */
function openedEarlier(
  doc: Document.Parsed,
  offset: number,
  lines: LineCounter,
  errorLine: number,
  unclosed: boolean,
): { node: Node; range: Range } | undefined {
  const { isScalar, isCollection, visit } = yamlLib();
  let found: { node: Node; range: Range } | undefined;
  visit(doc, (_key, node) => {
    const range = (node as { range?: Range | null } | null)?.range;
    if (!range || range[0] > offset || offset > range[2]) return undefined;
    const opened =
      (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')) || (isCollection(node) && node.flow === true);
    if (opened && (unclosed || lines.linePos(range[0]).line < errorLine) && (!found || range[0] >= found.range[0]))
      found = { node: node as Node, range };
    return undefined;
  });
  return found;
}

function what(node: Node): { text: string; close: string; suggestion: string } {
  const { isScalar, isSeq } = yamlLib();
  if (isScalar(node) && node.type === 'QUOTE_DOUBLE')
    return {
      text: 'The double-quoted value',
      close: '"',
      suggestion: 'Add the closing " at the end of the value; write a " inside it as \\".',
    };
  if (isScalar(node))
    return {
      text: 'The single-quoted value',
      close: "'",
      suggestion: "Add the closing ' at the end of the value; write a ' inside it as ''.",
    };
  const close = isSeq(node) ? ']' : '}';
  return {
    text: isSeq(node) ? 'The `[` list' : 'The `{` mapping',
    close,
    suggestion: `Close it with ${close} on this line, or quote the value if it is not meant as YAML structure.`,
  };
}

/** The yaml package's first message line, without its position and with its quote words readable. */
function reasonOf(error: YAMLError): string {
  const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  // `Missing closing "quote` reads as if cut off after the quote mark.
  const quote = /^Missing closing (["'])quote$/.exec(first);
  if (quote) return `A ${quote[1] === '"' ? 'double' : 'single'}-quoted value is not closed (its closing ${quote[1]} is missing)`;
  return first;
}

/** The problem a YAML parse error stands for, at the file line where it starts. */
export function yamlErrorProblem(doc: Document.Parsed, error: YAMLError, yaml: string, lines: LineCounter, firstLine: number): YamlProblem {
  const pos = error.linePos?.[0];
  const reason = reasonOf(error);
  const line = (pos?.line ?? 1) + firstLine - 1;
  if (error.code === 'DUPLICATE_KEY' && pos) {
    const key = /^\s*(?:"([^"]*)"|'([^']*)'|([^:#]+?))\s*:/.exec(yaml.split('\n')[pos.line - 1] ?? '');
    const name = key?.[1] ?? key?.[2] ?? key?.[3];
    if (name)
      return {
        message: `The key \`${name}\` appears twice.`,
        suggestion: `Keep one \`${name}\` line and delete the other.`,
        line,
        column: pos.col,
      };
  }
  const start = pos ? openedEarlier(doc, error.pos[0], lines, pos.line, error.code === 'MISSING_CHAR') : undefined;
  if (start) {
    const at = lines.linePos(start.range[0]);
    const { text, close, suggestion } = what(start.node);
    return {
      message: `${text} that starts here is not closed with ${close}: the YAML parser read on to line ${line}.`,
      suggestion,
      line: at.line + firstLine - 1,
      column: at.col,
    };
  }
  return { message: reason, line, ...(pos ? { column: pos.col } : {}) };
}
