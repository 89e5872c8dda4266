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
 * The body's lines: what `slice(bodyOffset, bodyOffset + MAX_CHARS).split('\n', MAX_LINES)`
 * gives, a CR at a line's end left out, made only as far as they are read (the block is near
 * the top: a body split whole cost more than the rest).
 */
function* bodyLines(text: string, bodyOffset: number): Generator<string, undefined> {
  const end = Math.min(text.length, bodyOffset + MAX_CHARS);
  for (let n = 0, start = bodyOffset; n < MAX_LINES && start <= end; n++) {
    let nl = text.indexOf('\n', start);
    if (nl === -1 || nl > end) nl = end;
    yield text.slice(start, nl > start && text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl);
    start = nl + 1;
  }
  return undefined;
}

/**
 * The rows of the visible metadata block: the blockquote under a metadata block marker line
 * (`<!-- DOCKET_METADATA_BLOCK -->`, meminit's `MEMINIT_METADATA_BLOCK`), or a blockquote
 * right after the frontmatter with a `**Document ID:**` row. Undefined when there is none;
 * rows with other labels are left out. `bodyOffset`/`bodyLine`: where the body starts.
 */
export function metadataBlockRows(text: string, bodyOffset: number, bodyLine: number): BlockRow[] | undefined {
  // The common case, no blockquote and no marker, costs a look at a few characters and a search.
  let k = bodyOffset;
  while (k < text.length && (text[k] === '\n' || text[k] === '\r' || text[k] === ' ' || text[k] === '\t')) k++;
  const quoted = text[k] === '>';
  if (!quoted && !text.includes('_METADATA_BLOCK', bodyOffset)) return undefined;
  const lines = bodyLines(text, bodyOffset);
  let i = 0;
  let line = lines.next().value;
  const next = () => {
    i++;
    line = lines.next().value;
  };
  if (!quoted) {
    while (line !== undefined && !MARKER.test(line)) next();
    if (line === undefined) return undefined;
    next();
  }
  while (line !== undefined && line.trim() === '') next();
  const rows: BlockRow[] = [];
  for (; line?.startsWith('>'); next()) {
    const m = ROW.exec(line);
    const field = m ? FIELDS[m[2]!.trim().toLowerCase()] : undefined;
    if (m && field) rows.push({ line: bodyLine + i, text: line, field, shown: m[3]!.trim(), before: m[1]!, after: m[4]! });
  }
  return rows.length > 0 && (!quoted || rows.some((r) => r.field === 'document_id')) ? rows : undefined;
}
