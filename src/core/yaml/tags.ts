import type { Document, LineCounter } from 'yaml';

/** A tag the YAML 1.2 core schema cannot resolve (`!!js/function`, `!!python/object/apply:...`, `!custom`). */
export interface UnknownTag {
  tag: string;
  line: number;
  column: number;
}

/**
 * The first tag the parser could not resolve. The `yaml` package then reads the value as if
 * the tag were absent (a warning nobody sees); the Python tool's `yaml.safe_load` refuses such
 * a file, so docket reports it instead of using the bare scalar. `yaml` is the parsed text.
 */
export function unknownTag(doc: Document.Parsed, yaml: string, lines: LineCounter): UnknownTag | undefined {
  const warning = doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED');
  if (!warning) return undefined;
  const at = warning.pos[0];
  const tag = /^!\S*/.exec(yaml.slice(at, at + 200))?.[0] ?? /Unresolved tag: (\S+)/.exec(warning.message)?.[1] ?? '!';
  const pos = lines.linePos(at);
  return { tag, line: pos.line, column: pos.col };
}

export const unknownTagSuggestion = (tag: string) =>
  `Remove the tag \`${tag}\` and write the value as plain YAML (a quoted string, a number, a list).`;
