/** Limits applied before any YAML parsing (frontmatter is untrusted input). */
export const FRONTMATTER_MAX_BYTES = 64 * 1024;
export const FRONTMATTER_MAX_DEPTH = 20;

export type Split =
  | { kind: 'none' }
  /** `---js`, `---javascript`, `---coffee`, ...: another language's front matter; never evaluated. */
  | { kind: 'foreign'; language: string }
  | { kind: 'unterminated' }
  | { kind: 'too-large'; bytes: number }
  | {
      kind: 'ok';
      /** The YAML text between the fences. */
      yaml: string;
      /** 1-based file line of the first YAML line. */
      firstLine: number;
      /** Offset in the (BOM-stripped) text where the YAML starts. */
      yamlOffset: number;
      /** Offset in the (BOM-stripped) text where the closing fence line starts. */
      closingOffset: number;
      /** 1-based file line of the closing fence. */
      closingLine: number;
      /** Offset in the (BOM-stripped) text where the body starts. */
      bodyOffset: number;
    };

/**
 * Splits frontmatter off a document. The first line must be exactly `---` (trailing spaces
 * and CR tolerated); the block ends at the next line that is exactly `---` or `...`.
 * Expects text without a BOM.
 */
export function splitFrontmatter(text: string): Split {
  const firstEnd = text.indexOf('\n');
  const firstLine = (firstEnd === -1 ? text : text.slice(0, firstEnd)).replace(/\r$/, '');
  if (!firstLine.startsWith('---')) return { kind: 'none' };
  const opener = firstLine.trimEnd();
  if (opener !== '---') {
    const language = opener.slice(3).trim();
    return /^[A-Za-z][\w-]*$/.test(language) ? { kind: 'foreign', language } : { kind: 'none' };
  }
  if (firstEnd === -1) return { kind: 'unterminated' };
  let pos = firstEnd + 1;
  let line = 2;
  while (pos <= text.length) {
    if (pos - firstEnd > FRONTMATTER_MAX_BYTES + 8) return { kind: 'too-large', bytes: pos - firstEnd };
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    // Only a line starting with - or . can be a fence: other lines are not cut out.
    const first = text.charCodeAt(pos);
    const content = first === 0x2d || first === 0x2e ? text.slice(pos, end).replace(/\r$/, '').trimEnd() : '';
    if (content === '---' || content === '...') {
      const yaml = text.slice(firstEnd + 1, pos);
      const bytes = Buffer.byteLength(yaml, 'utf8');
      if (bytes > FRONTMATTER_MAX_BYTES) return { kind: 'too-large', bytes };
      return { kind: 'ok', yaml, firstLine: 2, yamlOffset: firstEnd + 1, closingOffset: pos, closingLine: line, bodyOffset: nl === -1 ? text.length : nl + 1 };
    }
    if (nl === -1) break;
    pos = nl + 1;
    line++;
  }
  return { kind: 'unterminated' };
}

/**
 * Upper bound of the nesting depth of a YAML text, computed lexically: block indentation
 * levels plus open flow brackets. Checked before parsing so hostile nesting never reaches
 * the parser.
 */
export function nestingDepth(yaml: string): number {
  let max = 0;
  const indents: number[] = [];
  let flow = 0;
  for (const raw of yaml.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const body = line.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    if (flow === 0) {
      const indent = line.length - body.length + (/^(- )+/.exec(body)?.[0].length ?? 0);
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
    }
    let quote: string | undefined;
    for (const ch of body) {
      if (quote) {
        if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '[' || ch === '{') flow++;
      else if (ch === ']' || ch === '}') flow = Math.max(0, flow - 1);
      else if (ch === '#') break;
      max = Math.max(max, indents.length + flow);
    }
    max = Math.max(max, indents.length + flow);
  }
  return max;
}
