import type { RepoConfig } from '../config/types.js';
import { absolutePath, field, recordOf, type DocumentRecord, type RawRead } from '../engine/documents/read.js';
import { readHeadBytes } from '../engine/documents/read-bytes.js';
import { frontmatterRecord } from '../engine/documents/read-head.js';
import { readInOrder } from '../engine/documents/read-in-order.js';
import { listGoverned, type GovernedFile } from '../engine/documents/walk.js';
import type { Issue } from '../issues.js';
import { escapeRegExp } from '../text/regexp.js';
import { parseId } from './document-id.js';

export interface IdUse {
  document_id: string;
  path: string;
}

export interface IdScan {
  /** Every ID found in a governed document, with its file (an ID may appear in several files). */
  uses: IdUse[];
  /** Files that could not be read (warnings: their IDs are unknown). */
  unreadable: Issue[];
}

// When the frontmatter does not parse, the ID line may still be readable: `document_id: X`.
const RAW_ID_LINE = /^document_id:[ \t]*["']?([A-Z]{3,10}-[A-Z]{3,10}-\d{3})["']?[ \t]*(?:#.*)?$/m;

/** The document_id of a decoded document: from its parsed frontmatter, or from its raw first lines when broken. */
export function idOfRecord(rec: DocumentRecord): string | undefined {
  const parsed = field(rec, 'document_id');
  if (parsed !== undefined) return parsed;
  const text = rec.text;
  if (text === undefined || rec.split === undefined || rec.split.kind === 'none') return undefined;
  return idInHead(text);
}

/** The `document_id:` line of the frontmatter block a text opens with (leading blank lines allowed). */
function idInHead(text: string): string | undefined {
  // From the opening fence, which leading blank lines may precede.
  const from = text.search(/\S/);
  if (from === -1 || !text.startsWith('---', from)) return undefined;
  const head = text.slice(from, from + 64 * 1024);
  const end = head.search(/\n(?:---|\.\.\.)[ \t]*\r?\n/);
  return RAW_ID_LINE.exec(end === -1 ? head : head.slice(0, end))?.[1];
}

/**
 * The ID in the head of a file docket cannot decode (another encoding, binary, too large):
 * an ID is ASCII, so its line reads the same as Latin-1 (UTF-16 by its byte order mark).
 * Such a file still holds its number: `new` must never hand it out again.
 */
export function idOfUndecodable(head: Buffer): string | undefined {
  const bytes = head.subarray(0, 64 * 1024);
  const units = bytes.subarray(2, bytes.length - (bytes.length % 2)); // after the mark, whole 16-bit units
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = units.toString('utf16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = Buffer.from(units).swap16().toString('utf16le');
  else text = bytes.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
  return idInHead(text.replace(/\u0000/g, ''));
}

/**
 * The document_id of a document read whole: from its frontmatter alone when that has one (see
 * frontmatterRecord), else as idOfRecord finds it, else (a file it cannot decode) from its head
 * bytes; `root` lets it read the head of a file too large to read whole.
 */
export function documentIdOf(file: GovernedFile, raw: RawRead, root?: string): { id?: string; problems: readonly Issue[] } {
  const head = frontmatterRecord(file, raw);
  const id = head && field(head, 'document_id');
  if (id !== undefined) return { id, problems: [] };
  const rec = recordOf(file.rel, file.namespace, raw, { digest: false });
  const problems = rec.unreadable ? rec.problems : [];
  if (rec.text !== undefined) return { id: idOfRecord(rec), problems };
  if (raw.kind === 'bytes') return { id: idOfUndecodable(raw.bytes), problems };
  return { id: raw.kind === 'too-large' && root !== undefined ? idInFileHead(root, file.rel) : undefined, problems };
}

/** The ID in the head of a governed file docket could not decode (see idOfUndecodable), read from disk. */
export function idInFileHead(root: string, rel: string): string | undefined {
  const head = readHeadBytes(absolutePath(root, rel), 64 * 1024);
  return head && idOfUndecodable(head);
}

/**
 * Reads the document_id of every governed file in the repository (all namespaces), including
 * files whose other fields are broken, so no used number is ever handed out again.
 */
export async function scanIds(config: RepoConfig, signal?: AbortSignal): Promise<IdScan> {
  // Never cut short by the walk limit: an ID the walk did not reach would be handed out again.
  // Files git ignores count too: an ID in a local draft must not be handed out again.
  const walk = await listGoverned({ ...config, ignoreFiles: false }, signal, Infinity);
  const uses: IdUse[] = [];
  const unreadable = [...walk.unreadable];
  await readInOrder(
    config.root,
    walk.files.map((f) => f.rel),
    (i, raw) => {
      const file = walk.files[i]!;
      const { id, problems } = documentIdOf(file, raw, config.root);
      unreadable.push(...problems);
      if (id) uses.push({ document_id: id, path: file.rel });
    },
    signal,
  );
  return { uses, unreadable };
}

/** The highest sequence number documents use for `prefix` and `type` (0 when none), and the first file (by path) that has it. */
export function highestUse(scan: IdScan, prefix: string, type: string): { seq: number; path?: string } {
  let max = 0;
  let at: string | undefined;
  for (const use of scan.uses) {
    const id = parseId(use.document_id);
    if (!id || id.prefix !== prefix || id.type !== type || id.seq < max) continue;
    if (id.seq > max || at === undefined || use.path < at) at = use.path;
    max = id.seq;
  }
  return { seq: max, ...(at !== undefined ? { path: at } : {}) };
}

/** Highest number in file names `<type>-<NNN>-...md` of a directory listing (a file without an ID still occupies its name). */
export function highestFileSeq(names: readonly string[], type: string): number {
  const re = new RegExp(`^${escapeRegExp(type.toLowerCase())}-(\\d{3})-.*\\.md$`, 'i');
  let max = 0;
  for (const name of names) {
    const m = re.exec(name);
    if (m && Number(m[1]) > max) max = Number(m[1]);
  }
  return max;
}

/** Files (repository-relative) whose frontmatter carries `id`. */
export function pathsWithId(scan: IdScan, id: string): string[] {
  return scan.uses
    .filter((u) => u.document_id === id)
    .map((u) => u.path)
    .sort();
}
