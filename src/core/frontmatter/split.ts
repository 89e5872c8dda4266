/** Limits applied before any YAML parsing (frontmatter is untrusted input). */
export const FRONTMATTER_MAX_BYTES = 64 * 1024;
export const FRONTMATTER_MAX_DEPTH = 20;

/** Where a document has no frontmatter but something that looks like one near its top (so `fix` must not add another). */
export interface NearMiss {
  /** 1-based file line of the look-alike. */
  line: number;
  /** What was seen, for a person: "a `+++` line". */
  what: string;
}

export type Split =
  | { kind: 'none'; near?: NearMiss }
  /** `---js`, `---javascript`, `---coffee`, ...: another language's front matter; never evaluated. */
  | { kind: 'foreign'; language: string; line: number }
  /** A first line that starts like a fence but is not one: CR-only line endings, or `---` followed by other text. */
  | { kind: 'malformed'; reason: 'cr-line-endings' | 'opener'; opener: string; line: number }
  | { kind: 'unterminated'; line: number }
  | { kind: 'too-large'; bytes: number; line: number }
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

/** What Python's str.strip() removes before python-frontmatter looks for the opener (str.isspace()). */
function isSpace(c: number): boolean {
  if (c < 0x80) return c === 0x0a || c === 0x20 || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x0b || (c >= 0x1c && c <= 0x1f);
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** A fence line's content (trailing whitespace and CR removed): three or more dashes. */
function isDashFence(content: string): boolean {
  if (content.length < 3) return false;
  for (let i = 0; i < content.length; i++) if (content.charCodeAt(i) !== 0x2d) return false;
  return true;
}

/**
 * Whether a new frontmatter block may go on top of the file: only where there is none and
 * nothing near the top looks like one (a second block would shadow a real one).
 */
export function canPrependFrontmatter(split: Split): boolean {
  return split.kind === 'none' && split.near === undefined;
}

/**
 * Splits frontmatter off a document, as python-frontmatter (the Python DocOps CLI's reader,
 * reference §5.2) does: leading whitespace (blank lines, spaces) is skipped, the first line
 * must be three or more dashes (trailing whitespace and CR tolerated), and the block ends at
 * the next line of three or more dashes (or docket's YAML `...`). Leading bytes stay where
 * they are: the offsets returned are offsets in `text`. A first line that starts with `---`
 * but is no fence is never "none" (fix would then add a second block above it): it is
 * foreign (`---js`) or malformed (CR-only line endings, `---__proto__`). Expects text without a BOM.
 */
export function splitFrontmatter(text: string): Split {
  let start = 0;
  let line = 1;
  // Most documents start with the fence itself: the loop only runs for the rare leading whitespace.
  while (start < text.length && isSpace(text.charCodeAt(start))) {
    if (text.charCodeAt(start) === 0x0a) line++;
    start++;
  }
  if (!text.startsWith('---', start)) return noneNear(text, start, line);
  const firstEnd = text.indexOf('\n', start);
  const opener = (firstEnd === -1 ? text.slice(start) : text.slice(start, firstEnd)).trimEnd();
  if (!isDashFence(opener)) {
    if (opener.includes('\r')) return { kind: 'malformed', reason: 'cr-line-endings', opener: opener.slice(0, opener.indexOf('\r')), line };
    const language = opener.slice(3).trim();
    if (/^[A-Za-z][\w-]*$/.test(language)) return { kind: 'foreign', language, line };
    return { kind: 'malformed', reason: 'opener', opener: opener.slice(0, 80), line };
  }
  if (firstEnd === -1) return { kind: 'unterminated', line };
  let pos = firstEnd + 1;
  let at = line + 1;
  while (pos <= text.length) {
    if (pos - firstEnd > FRONTMATTER_MAX_BYTES + 8) return { kind: 'too-large', bytes: pos - firstEnd, line };
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    // Only a line starting with - or . can be a fence: other lines are not cut out.
    const first = text.charCodeAt(pos);
    const content = first === 0x2d || first === 0x2e ? text.slice(pos, end).trimEnd() : '';
    if (content === '...' || isDashFence(content)) {
      const yaml = text.slice(firstEnd + 1, pos);
      const bytes = Buffer.byteLength(yaml, 'utf8');
      if (bytes > FRONTMATTER_MAX_BYTES) return { kind: 'too-large', bytes, line };
      return {
        kind: 'ok',
        yaml,
        firstLine: line + 1,
        yamlOffset: firstEnd + 1,
        closingOffset: pos,
        closingLine: at,
        bodyOffset: nl === -1 ? text.length : nl + 1,
      };
    }
    if (nl === -1) break;
    pos = nl + 1;
    at++;
  }
  return { kind: 'unterminated', line };
}

const NEAR_LINES = 12;
const KEY_LINE = /^[A-Za-z_][\w-]*[ \t]*:(?:[ \t]|$)/;

/**
 * "none", with what looks like frontmatter near the top of the file if anything does: a
 * `+++` block (TOML), a `---` line followed by `key:` lines after some other first line, or a
 * `document_id:` line. Only documents without frontmatter get here, so the look is cheap
 * overall; it makes `fix` leave such a file to a person instead of prepending a second block.
 */
function noneNear(text: string, start: number, line: number): Split {
  if (text.startsWith('+++', start)) return { kind: 'none', near: { line, what: 'a `+++` line (TOML front matter)' } };
  const lines = text.slice(start, start + 4096).split(/\r\n|\r|\n/, NEAR_LINES);
  for (let i = 0; i < lines.length; i++) {
    const content = lines[i]!.trim();
    if (/^document_id[ \t]*:/.test(content)) return { kind: 'none', near: { line: line + i, what: 'a `document_id:` line' } };
    if (isDashFence(content) && i + 1 < lines.length && KEY_LINE.test(lines[i + 1]!))
      return { kind: 'none', near: { line: line + i, what: 'a `---` line followed by `key:` lines' } };
  }
  return { kind: 'none' };
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
