import type { RepoConfig } from '../config/types.js';
import { field, recordOf, type DocumentRecord, type RawRead } from '../documents/read.js';
import { frontmatterRecord } from '../documents/read-head.js';
import { readInOrder } from '../documents/read-in-order.js';
import { listGoverned, type GovernedFile } from '../documents/walk.js';
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
  // From the opening fence, which leading blank lines may precede.
  const from = text.search(/\S/);
  const head = text.slice(from, from + 64 * 1024);
  const end = head.search(/\n(?:---|\.\.\.)[ \t]*\r?\n/);
  return RAW_ID_LINE.exec(end === -1 ? head : head.slice(0, end))?.[1];
}

/** The document_id of a document read whole: from its frontmatter alone when that has one (see frontmatterRecord), else as idOfRecord finds it. */
export function documentIdOf(file: GovernedFile, raw: RawRead): { id?: string; problems: readonly Issue[] } {
  const head = frontmatterRecord(file, raw);
  const id = head && field(head, 'document_id');
  if (id !== undefined) return { id, problems: [] };
  const rec = recordOf(file.rel, file.namespace, raw, { digest: false });
  return { id: idOfRecord(rec), problems: rec.unreadable ? rec.problems : [] };
}

/**
 * Reads the document_id of every governed file in the repository (all namespaces), including
 * files whose other fields are broken, so no used number is ever handed out again.
 */
export async function scanIds(config: RepoConfig, signal?: AbortSignal): Promise<IdScan> {
  const walk = await listGoverned(config, signal);
  const uses: IdUse[] = [];
  const unreadable = [...walk.unreadable];
  await readInOrder(config.root, walk.files.map((f) => f.rel), (i, raw) => {
    const file = walk.files[i]!;
    const { id, problems } = documentIdOf(file, raw);
    unreadable.push(...problems);
    if (id) uses.push({ document_id: id, path: file.rel });
  });
  return { uses, unreadable };
}

/** The highest sequence number used by documents for `prefix` and `type` (0 when none). */
export function highestSeq(scan: IdScan, prefix: string, type: string): number {
  let max = 0;
  for (const use of scan.uses) {
    const id = parseId(use.document_id);
    if (id && id.prefix === prefix && id.type === type && id.seq > max) max = id.seq;
  }
  return max;
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
  return scan.uses.filter((u) => u.document_id === id).map((u) => u.path).sort();
}
