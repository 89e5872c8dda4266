import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver/lib/common/api.js';
import type { Finding } from '../../core/engine/model.js';
import { CODES, isCode } from '../../errors/codes.js';

/** Characters that end the token a finding points at (a link target, an ID, a YAML key or value). */
const TOKEN_END = /[\s)\]>"',:`|]/;

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** A text's lines without their line endings (a line past the end reads empty). */
export class Lines {
  private readonly lines: string[];
  constructor(text: string | undefined) {
    this.lines = (text ?? '').split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  }
  get count(): number {
    return this.lines.length;
  }
  at(i: number): string {
    return this.lines[i] ?? '';
  }
}

/**
 * Where a finding is, as an LSP range. docket's lines and columns are 1-based and its columns
 * count UTF-16 code units (JavaScript string offsets), which is LSP's default position
 * encoding: the character is the column less one. A finding names a point, not a span: the
 * range covers the token there (up to a space, a bracket, a quote or a colon), or the line's
 * text when the finding has no column; a finding without a line is on the first line.
 */
export function rangeOf(finding: Pick<Finding, 'line' | 'column'>, lines: Lines): Range {
  const line = Math.min(Math.max((finding.line ?? 1) - 1, 0), lines.count - 1);
  const text = lines.at(line);
  if (finding.line === undefined || finding.column === undefined) {
    const start = text.length - text.trimStart().length;
    return { start: { line, character: start }, end: { line, character: Math.max(start, text.trimEnd().length) } };
  }
  const start = Math.min(Math.max(finding.column - 1, 0), text.length);
  let end = start;
  while (end < text.length && !TOKEN_END.test(text[end]!)) end++;
  // A finding on a space or a bracket still marks one character there.
  if (end === start && start < text.length) end = start + 1;
  return { start: { line, character: start }, end: { line, character: end } };
}

const explanations = new Map<string, string>();

/**
 * What `docket explain CODE` says of a code, as plain text: its summary, cause and fix. It is
 * the tail of every diagnostic's message, so every editor shows it where it shows the problem
 * (a hover, the problems list), with no web link and no request to the server.
 */
export function explanationOf(code: string): string | undefined {
  if (!isCode(code)) return undefined;
  let text = explanations.get(code);
  if (text === undefined) {
    const spec = CODES[code];
    text = `docket explain ${code}: ${spec.summary}\nCause: ${spec.cause}\nFix: ${spec.remediation.action}`;
    explanations.set(code, text);
  }
  return text;
}

/** The data a docket diagnostic carries (for clients and the server's code actions). */
export interface DiagnosticData {
  /** `docket fix` can repair it: a quick fix is offered. */
  fixable: boolean;
  /** The repository path the finding is about, when it is not the file it is shown on. */
  path?: string;
}

/** One finding as an LSP diagnostic: code, source "docket", severity, range, message with suggestion and explanation. */
export function toDiagnostic(finding: Finding, lines: Lines, elsewhere?: string): Diagnostic {
  const where = elsewhere ? `${elsewhere}${finding.line ? `:${finding.line}${finding.column ? `:${finding.column}` : ''}` : ''}: ` : '';
  const parts = [`${where}${finding.message}`];
  if (finding.suggestion) parts.push(finding.suggestion);
  const explanation = explanationOf(finding.code);
  if (explanation) parts.push('', explanation);
  const data: DiagnosticData = { fixable: finding.fix !== undefined, ...(elsewhere ? { path: elsewhere } : {}) };
  return {
    range: elsewhere ? rangeOf({}, lines) : rangeOf(finding, lines),
    severity: SEVERITY[finding.severity],
    code: finding.code,
    source: 'docket',
    message: parts.join('\n'),
    data,
  };
}
