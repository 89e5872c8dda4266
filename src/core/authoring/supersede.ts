import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { eolOf, readDocumentSync } from '../engine/documents/read.js';
import { applyFieldEdits, type FieldEdit } from '../fix/edit.js';
import type { ParsedFrontmatter } from '../frontmatter/parse.js';
import { splitFrontmatter, type Split } from '../frontmatter/split.js';
import { unifiedDiff } from '../fix/diff.js';
import { checkWriteTarget, writeFileAtomic } from '../fs/atomic-write.js';
import { formatId, MAX_SEQ, parseId } from '../ids/document-id.js';
import type { IdScan } from '../ids/next-id.js';
import { closest } from '../text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import { idValue } from './inputs.js';
import { loadMetadataSchema } from './schema.js';
import { withBlockStatus } from './status-block.js';
import type { SupersedeData } from '../../contract/data/authoring.js';
export type { SupersedeData };

/** The document a new one supersedes, read and checked before anything is written. */
export interface SupersedeTarget {
  document_id: string;
  path: string;
  /** Its status before (null when it has none). */
  previousStatus: string | null;
  /** The status it gets, spelt as its schema spells it. */
  status: string;
  /** The ID it already names in superseded_by (the same new document on a repeated `--id` run). */
  previousSuccessor: string | null;
  /** Its text without BOM, and how it was read (to write it back unchanged elsewhere). */
  text: string;
  bom: boolean;
  digest: string;
  split: Extract<Split, { kind: 'ok' }>;
  frontmatter: ParsedFrontmatter;
}

function notEditable(rel: string, reason: string, message: string, suggestion: string): DocketError {
  return new DocketError('DOCUMENT_NOT_EDITABLE', message, { suggestion, details: { path: rel, reason } });
}

/**
 * The ID `--supersedes` names: a full ID, or as with adr-tools' `adr new -s 2`, a bare number
 * meaning that number of the new document's prefix and type.
 */
export function supersedesId(input: string, prefix: string, type: string): string {
  const trimmed = input.trim();
  // adr-tools numbers its files with four digits: `-s 0002` is ADR 2 too.
  if (/^\d{1,4}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= MAX_SEQ) return formatId(prefix, type, Number(trimmed));
  return idValue(input, '--supersedes');
}

/** The file holding `id`: exactly one governed document must. */
function holderOf(id: string, scan: IdScan): string {
  const paths = [...new Set(scan.uses.filter((u) => u.document_id === id).map((u) => u.path))].sort();
  if (paths.length === 1) return paths[0]!;
  if (paths.length > 1) {
    throw new DocketError(
      'DUPLICATE_ID',
      `${id} is the ID of ${paths.length} documents (${paths.join(', ')}); docket cannot tell which one --supersedes means, and wrote nothing.`,
      {
        suggestion: 'Give each document its own ID (`docket check` lists ID_UNIQUE), then run again.',
        details: { document_id: id, paths },
      },
    );
  }
  const near = closest(id, new Set(scan.uses.map((u) => u.document_id)), 3);
  throw new DocketError(
    'ID_NOT_FOUND',
    `--supersedes ${id}: no governed document has that ID; nothing was written.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''}`,
    {
      suggestion: near.length > 0 ? `Use ${near[0]}.` : 'Check the ID with `docket list` or `docket resolve`.',
      details: { id, did_you_mean: near },
    },
  );
}

/**
 * Finds and checks the document `--supersedes` names, for a new document of `type`: it must
 * exist once, be of the same type (an ADR supersedes an ADR, as in adr-tools), not be
 * superseded by another document already, allow the status Superseded in its schema, and be a
 * regular, writable file whose frontmatter parses.
 */
export async function findSupersedeTarget(
  config: RepoConfig,
  id: string,
  type: string,
  scan: IdScan,
  cmd: (c: string) => string,
): Promise<SupersedeTarget> {
  const oldType = parseId(id)!.type;
  if (oldType !== type) {
    throw new DocketError(
      'SUPERSEDES_TYPE_MISMATCH',
      `--supersedes ${id} is of type ${oldType}; a new document of type ${type} supersedes one of type ${type}, so nothing was written.`,
      {
        suggestion: `Name a document of type ${type} in --supersedes, or create the new document with type ${oldType}: ${cmd(`new ${oldType} "<title>" --supersedes ${id}`)}.`,
        details: { id, type: oldType, expected_type: type },
      },
    );
  }
  const rel = holderOf(id, scan);
  const abs = path.join(config.root, rel);
  const ns = namespaceFor(config, rel)!;
  checkWriteTarget(config.root, abs, { overwrite: true });
  const rec = readDocumentSync(config.root, rel, ns);
  if (rec.text === undefined || rec.digest === undefined || rec.split?.kind !== 'ok' || !rec.frontmatter) {
    throw notEditable(
      rel,
      'frontmatter',
      `${rel} (${id}) cannot be marked Superseded: ${rec.problems[0]?.message ?? 'its frontmatter does not parse'}`,
      `Run \`docket check ${rel}\`, fix what it reports, then run again.`,
    );
  }
  try {
    await fs.access(abs, constants.W_OK);
  } catch {
    throw notEditable(
      rel,
      'read-only',
      `${rel} (${id}) is read-only, so it cannot be marked Superseded; nothing was written.`,
      `Make ${rel} writable (chmod u+w), then run again.`,
    );
  }
  const data = rec.frontmatter.data;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const successor = text(data.superseded_by);
  const statuses = (await loadMetadataSchema(config.root, ns)).statuses;
  const status = statuses === undefined ? 'Superseded' : statuses.find((s) => s.toLowerCase() === 'superseded');
  if (status === undefined) {
    throw notEditable(
      rel,
      'status',
      `The metadata schema of ${rel} has no status Superseded, so ${id} cannot be marked superseded.`,
      `Add "Superseded" to the status enum of ${ns.schema_path}.`,
    );
  }
  return {
    document_id: id,
    path: rel,
    previousStatus: text(data.status),
    status,
    previousSuccessor: successor,
    text: rec.text,
    bom: rec.bom,
    digest: rec.digest,
    split: rec.split,
    frontmatter: rec.frontmatter,
  };
}

/** Refuses a document another one supersedes already (repeating the same `--id` run is fine). */
export function assertNotSuperseded(target: SupersedeTarget, newId: string | undefined): void {
  const by = target.previousSuccessor;
  if (by === null || by === newId) return;
  throw new DocketError(
    'ALREADY_SUPERSEDED',
    `${target.document_id} is already superseded by ${by} (superseded_by in ${target.path}); nothing was written.`,
    {
      suggestion: `Supersede the current document instead (--supersedes ${by}), or first remove superseded_by from ${target.path} if it is wrong.`,
      details: { id: target.document_id, path: target.path, superseded_by: by },
    },
  );
}

/**
 * The old document's text once superseded by `newId`: only the `status` and `superseded_by`
 * frontmatter values change (a missing key is added before the closing fence), and the visible
 * metadata block's Status line; every other byte stays.
 */
export function supersededText(target: SupersedeTarget, newId: string): string {
  const { text, split, frontmatter } = target;
  const edits: FieldEdit[] = [];
  if (target.previousStatus !== target.status) edits.push({ field: 'status', op: 'add', to: target.status });
  if (target.previousSuccessor !== newId) edits.push({ field: 'superseded_by', op: 'add', to: newId });
  if (edits.length === 0) return text;
  const next = applyFieldEdits(text, split, frontmatter, edits, eolOf(text));
  const after = next === undefined ? undefined : splitFrontmatter(next);
  if (next === undefined || after?.kind !== 'ok') {
    throw notEditable(
      target.path,
      'layout',
      `${target.path} (${target.document_id}) cannot be marked Superseded without rewriting more of its frontmatter than the status and superseded_by lines (one of them is a block, multi-line or flow value); nothing was written.`,
      `Write status and superseded_by as one-line values in ${target.path}, then run again.`,
    );
  }
  return next.slice(0, after.bodyOffset) + withBlockStatus(next.slice(after.bodyOffset), target.status);
}

/** Writes the old document, if it is still the file that was read; false when it changed meanwhile. */
export async function writeSuperseded(root: string, target: SupersedeTarget, next: string): Promise<boolean> {
  const bytes = Buffer.from(`${target.bom ? '\uFEFF' : ''}${next}`, 'utf8');
  return writeFileAtomic(root, path.join(root, target.path), bytes, { overwrite: true, unchangedSha256: target.digest });
}

export function supersedeData(target: SupersedeTarget, newId: string, next: string, updated: boolean): SupersedeData {
  return {
    document_id: target.document_id,
    path: target.path,
    previous_status: target.previousStatus,
    status: target.status,
    superseded_by: newId,
    updated,
    diff: unifiedDiff(target.text, next, target.path),
  };
}
