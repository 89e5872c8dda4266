/** The labels of the visible metadata block (the Python DocOps CLI's, docket's, and Title) and their fields. */
const FIELDS: Readonly<Record<string, string>> = {
  'document id': 'document_id',
  owner: 'owner',
  status: 'status',
  version: 'version',
  'last updated': 'last_updated',
  type: 'type',
  area: 'area',
  description: 'description',
  title: 'title',
};
const MARKER = /^[ \t]*<!--[ \t]*(?:DOCKET|MEMINIT)_METADATA_BLOCK[ \t]*-->[ \t]*$/;
/** `> **Status:** Draft`, with an optional hard break (`\`, `<br>`, trailing spaces) at the end. */
const ROW = /^(>[ \t]?\*\*([^*\n]+?):\*\*[ \t]*)(.*?)((?:[ \t]*(?:\\|<br[ \t]*\/?>))?[ \t]*)$/i;
/** How far into the body the block may be: right under the frontmatter, or under the marker. */
const MAX_LINES = 400;
const MAX_CHARS = 64 * 1024;

/** One `> **Label:** value` row of the block. */
export interface BlockRow {
  /** 1-based file line. */
  line: number;
  /** The line as written (without its line ending). */
  text: string;
  /** The frontmatter field the label stands for. */
  field: string;
  /** The value shown, trimmed. */
  shown: string;
  /** The line before and after the value: a row showing `v` reads `${before}${v}${after}`. */
  before: string;
  after: string;
}

/**
 * The rows of the visible metadata block: the blockquote under a metadata block marker line
 * (`<!-- DOCKET_METADATA_BLOCK -->`, meminit's `MEMINIT_METADATA_BLOCK`), or a blockquote
 * right after the frontmatter with a `**Document ID:**` row. Undefined when there is none;
 * rows with other labels are left out. `bodyOffset`/`bodyLine`: where the body starts.
 * Only the lines up to the block's end are visited, not the whole body.
 */
export function metadataBlockRows(text: string, bodyOffset: number, bodyLine: number): BlockRow[] | undefined {
  // The common case, no blockquote and no marker near the top, costs a look at a few characters.
  let k = bodyOffset;
  while (k < text.length && (text[k] === '\n' || text[k] === '\r' || text[k] === ' ' || text[k] === '\t')) k++;
  const quoted = text[k] === '>';
  if (!quoted && !text.startsWith('<!--', k) && !text.includes('_METADATA_BLOCK', bodyOffset)) return undefined;
  const lines = new BodyLines(text, bodyOffset);
  let marked = false;
  if (!quoted) {
    // A marker line holds the string searched for: only lines holding it are tried.
    let at = text.indexOf('_METADATA_BLOCK', bodyOffset);
    for (; at !== -1 && at < lines.windowEnd; at = text.indexOf('_METADATA_BLOCK', at + 1)) {
      if (!lines.seek(at)) return undefined;
      if (MARKER.test(lines.text())) break;
    }
    if (at === -1 || at >= lines.windowEnd) return undefined;
    marked = true;
    lines.next();
  }
  lines.skipBlank();
  const rows: BlockRow[] = [];
  for (; lines.has() && lines.end > lines.start && text.charCodeAt(lines.start) === 0x3e; lines.next()) {
    const line = lines.text();
    const m = ROW.exec(line);
    const field = m ? FIELDS[m[2]!.trim().toLowerCase()] : undefined;
    if (m && field) rows.push({ line: bodyLine + lines.index, text: line, field, shown: m[3]!.trim(), before: m[1]!, after: m[4]! });
  }
  return rows.length > 0 && (marked || rows.some((r) => r.field === 'document_id')) ? rows : undefined;
}

/**
 * The body's first MAX_LINES lines within MAX_CHARS of its start (what
 * `slice(0, MAX_CHARS).split('\n', MAX_LINES)` gives, a CR before each newline dropped), one at
 * a time.
 */
class BodyLines {
  /** Where the window the lines are cut from ends. */
  readonly windowEnd: number;
  /** The current line: its index, where it starts, where it ends (before its newline). */
  index = 0;
  start: number;
  end = 0;
  constructor(private readonly body: string, offset: number) {
    this.windowEnd = Math.min(body.length, offset + MAX_CHARS);
    this.start = offset;
    this.findEnd();
  }
  private findEnd(): void {
    const nl = this.body.indexOf('\n', this.start);
    this.end = nl === -1 || nl > this.windowEnd ? this.windowEnd : nl;
  }
  has(): boolean {
    return this.index < MAX_LINES && this.start <= this.windowEnd;
  }
  next(): void {
    this.index++;
    this.start = this.end + 1;
    if (this.start <= this.windowEnd) this.findEnd();
  }
  /** Moves to the line holding `at` (at or after the current line); false when it is past the last line. */
  seek(at: number): boolean {
    while (this.has() && this.end < at) this.next();
    return this.has();
  }
  text(): string {
    const end = this.end > this.start && this.body.charCodeAt(this.end - 1) === 0x0d ? this.end - 1 : this.end;
    return this.body.slice(this.start, end);
  }
  skipBlank(): void {
    while (this.has() && this.text().trim() === '') this.next();
  }
}
