import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { decodeDocument, field, readDocument } from '../engine/documents/read.js';
import { pathsWithId, type IdScan } from '../ids/next-id.js';
import { DocketError } from '../../errors/docket-error.js';
import { documentPath, render, type NewPlan } from './plan.js';

/** The frontmatter fields `new` sets from its arguments: a retry must agree on them. */
const REQUESTED_FIELDS = [
  'document_id',
  'type',
  'title',
  'status',
  'owner',
  'area',
  'description',
  'keywords',
  'related_ids',
  'superseded_by',
];

export type ChosenState = { kind: 'free' } | { kind: 'same'; content: string; lastUpdated: string };

/**
 * What exists for an --id: nothing (free), the document itself (idempotent: a file at the
 * path `new` would create that carries this ID, whatever its content now), or a conflict.
 */
export async function chosenIdState(plan: NewPlan, id: string, seq: number, scan: IdScan): Promise<ChosenState> {
  const root = plan.config.root;
  const rel = documentPath(plan, seq);
  const paths = pathsWithId(scan, id);
  const elsewhere = paths.filter((p) => p !== rel);
  if (elsewhere.length > 0) {
    throw new DocketError('DUPLICATE_ID', `${id} is already used by ${elsewhere.join(', ')}; nothing was written.`, {
      suggestion: 'Omit --id to get the next free number, or choose an ID that is not in use.',
      details: { document_id: id, existing_paths: elsewhere, path: rel },
    });
  }
  const stat = await fs.lstat(path.join(root, rel)).catch(() => undefined);
  if (!stat) return { kind: 'free' };
  const rec = stat.isFile() ? await readDocument(root, rel, plan.ns) : undefined;
  const lastUpdated = rec ? field(rec, 'last_updated') : undefined;
  // The document with this ID already lives where `new` would put it: a retry is the same
  // document when the metadata this command sets still agrees (the author may have written the
  // body since). It is reported, never rewritten. The file's own ID decides, not the scan: a
  // concurrent `new --id` may have created it after the scan was taken.
  if (rec?.text !== undefined && field(rec, 'document_id') === id) {
    const expected =
      decodeDocument(rel, plan.ns, Buffer.from(render(plan, id, seq, lastUpdated ?? plan.today).content), 0, 0).frontmatter?.data ?? {};
    const actual = rec.frontmatter?.data ?? {};
    const differing = REQUESTED_FIELDS.filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(actual[k]));
    if (differing.length === 0) return { kind: 'same', content: rec.text, lastUpdated: lastUpdated ?? plan.today };
    throw new DocketError('FILE_EXISTS', `${rel} already exists as ${id} with other ${differing.join(', ')}; nothing was overwritten.`, {
      suggestion: 'Edit the existing document, or repeat the command with the values it has.',
      details: { document_id: id, path: rel, differing_fields: differing },
    });
  }
  throw new DocketError('FILE_EXISTS', `${rel} already exists and is not ${id}; nothing was overwritten.`, {
    suggestion: 'Edit the existing document, or choose another title or ID.',
    details: { document_id: id, path: rel },
  });
}

/** Whether a document with `id` now exists in the type directory (a concurrent creator finished). */
export async function idWritten(config: RepoConfig, plan: NewPlan, id: string, seq: number): Promise<boolean> {
  const dirAbs = path.join(config.root, plan.dir);
  const prefix = `${plan.type.type.toLowerCase()}-${String(seq).padStart(3, '0')}-`;
  const names = await fs.readdir(dirAbs).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.toLowerCase().startsWith(prefix) && n.endsWith('.md'))) {
    const rel = plan.dir === '.' ? name : `${plan.dir}/${name}`;
    const rec = await readDocument(config.root, rel, plan.ns);
    if (field(rec, 'document_id') === id) return true;
  }
  return false;
}
