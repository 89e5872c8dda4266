/**
 * What moving files does to a repository: every Markdown file whose links change, and each
 * moved file at its new path, with old and new bytes (for the diff and for writeFileSet).
 */
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { MAX_DOCUMENT_BYTES } from '../engine/documents/read.js';
import { ignoreFilesOf, listMarkdown } from '../engine/documents/walk.js';
import type { SetFile } from '../fs/file-set.js';
import type { Issue } from '../issues.js';
import { renameDiff, unifiedDiff } from '../fix/diff.js';
import { rewriteLinks } from './rewrite.js';
import { DocketError } from '../../errors/docket-error.js';

/** One file of a move: its text before and after (BOM removed), and its new path when it moves. */
export interface MoveEdit {
  rel: string;
  to?: string;
  old: Buffer;
  bom: boolean;
  before: string;
  after: string;
  /** Links whose destination changed. */
  links: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function notRewritten(rel: string, message: string, line?: number, column?: number): Issue {
  return {
    code: 'LINK_NOT_REWRITTEN',
    severity: 'warning',
    message,
    path: rel,
    ...(line ? { line, column } : {}),
    suggestion: 'Edit this link yourself after the move; `docket check` reports it if it is broken.',
  };
}

/** A file's bytes, not through a link and within the document size limit; undefined when it cannot be read. */
export async function readBytesOf(abs: string): Promise<Buffer | undefined> {
  try {
    const stat = await fs.lstat(abs);
    if (!stat.isFile() || stat.size > MAX_DOCUMENT_BYTES) return undefined;
    return await fs.readFile(abs, { flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) });
  } catch {
    return undefined;
  }
}

/** The text of UTF-8 bytes without its BOM; undefined when they are not UTF-8 (rewriting would change other bytes). */
export function decodeText(bytes: Buffer): { text: string; bom: boolean } | undefined {
  try {
    const decoded = utf8.decode(bytes);
    const bom = decoded.charCodeAt(0) === 0xfeff;
    return { text: bom ? decoded.slice(1) : decoded, bom };
  } catch {
    return undefined;
  }
}

async function readText(abs: string): Promise<{ bytes: Buffer; text: string; bom: boolean } | 'unreadable' | 'undecodable'> {
  const bytes = await readBytesOf(abs);
  if (!bytes) return 'unreadable';
  const decoded = decodeText(bytes);
  return decoded ? { bytes, ...decoded } : 'undecodable';
}

/**
 * Plans `moves` (old path to new path, repository-relative): reads every Markdown file of the
 * repository (what git ignores aside, unless the config says otherwise) and rewrites its links.
 * `texts` gives planned new texts (BOM removed) that replace what is on disk (fix's own edits).
 */
export async function planMoves(
  config: RepoConfig,
  moves: ReadonlyMap<string, string>,
  opts: { signal?: AbortSignal; texts?: ReadonlyMap<string, string> } = {},
): Promise<{ edits: MoveEdit[]; warnings: Issue[] }> {
  const listing = await listMarkdown(config.root, '.', opts.signal, ignoreFilesOf(config));
  const warnings: Issue[] = [...listing.unreadable];
  const files = new Set(listing.markdown);
  for (const rel of moves.keys()) files.add(rel);
  const edits: MoveEdit[] = [];
  for (const rel of [...files].sort()) {
    const read = await readText(path.join(config.root, rel));
    if (typeof read === 'string') {
      if (moves.has(rel))
        throw new DocketError(
          'FILE_UNREADABLE',
          `${rel} cannot be read as UTF-8 text, so its links cannot be rewritten; nothing was moved.`,
          { details: { path: rel } },
        );
      if (read === 'undecodable')
        warnings.push(notRewritten(rel, `${rel} is not valid UTF-8: any link in it to a moved file was kept as written.`));
      continue;
    }
    const before = opts.texts?.get(rel) ?? read.text;
    const result = rewriteLinks(before, rel, moves);
    for (const k of result.kept)
      warnings.push(notRewritten(rel, `The link "${k.target}" was kept as written: ${k.reason}.`, k.line, k.column));
    const to = moves.get(rel);
    if (to === undefined && result.rewritten === 0) continue;
    edits.push({
      rel,
      ...(to !== undefined ? { to } : {}),
      old: read.bytes,
      bom: read.bom,
      before: read.text,
      after: result.text,
      links: result.rewritten,
    });
  }
  return { edits, warnings };
}

/** The bytes to write for an edit. */
function bytesOf(edit: MoveEdit): Buffer {
  return Buffer.from(`${edit.bom ? '\uFEFF' : ''}${edit.after}`, 'utf8');
}

/** The edits as a set for writeFileSet. */
export function setOf(edits: readonly MoveEdit[]): SetFile[] {
  return edits.map((e) => ({ rel: e.rel, old: e.old, bytes: bytesOf(e), ...(e.to !== undefined ? { to: e.to } : {}) }));
}

/** An edit as a git diff (a move with its content change is one patch with rename headers). */
export function diffOf(edit: MoveEdit): string {
  if (edit.to === undefined) return unifiedDiff(edit.before, edit.after, edit.rel);
  return edit.before === edit.after ? renameDiff(edit.rel, edit.to) : unifiedDiff(edit.before, edit.after, edit.rel, edit.to);
}
