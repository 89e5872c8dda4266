/**
 * fix's renames and moves with the links they break rewritten (the machinery of `docket mv`):
 * every renamed file, and every file whose links to one change, is written in one set with
 * its other fixes, all or nothing. A rename whose target is taken is dropped (FIX_SKIPPED)
 * before anything is planned.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { writeFileSet } from '../fs/file-set.js';
import type { Issue } from '../issues.js';
import { diffOf, planMoves, setOf, type MoveEdit } from '../move/plan.js';
import { sha256 } from '../text/sha256.js';
import { DocketError } from '../../errors/docket-error.js';
import type { FixChange } from '../../contract/data/fix.js';
import { claimAllocated, fixSkipped } from './apply.js';
import type { FilePlan } from './plan.js';

/** The files written together: each with its fix plan, when it has one. */
export interface RenameSet {
  edits: MoveEdit[];
  plans: Map<string, FilePlan>;
}

/** Drops renames onto a path that exists (another file) or that another rename takes. */
async function dropTakenTargets(root: string, plans: readonly FilePlan[], warnings: Issue[]): Promise<void> {
  const taken = new Map<string, number>();
  for (const p of plans) if (p.rename) taken.set(p.rename.to.toLowerCase(), (taken.get(p.rename.to.toLowerCase()) ?? 0) + 1);
  for (const plan of plans) {
    if (!plan.rename) continue;
    const { to } = plan.rename;
    const rel = plan.doc.rel;
    const [src, dst] = await Promise.all([
      fs.lstat(path.join(root, rel)).catch(() => undefined),
      fs.lstat(path.join(root, to)).catch(() => undefined),
    ]);
    const other = dst !== undefined && !(src !== undefined && src.ino === dst.ino && src.dev === dst.dev);
    if (other || taken.get(to.toLowerCase())! > 1) {
      warnings.push(
        fixSkipped(rel, `${rel} was not renamed: ${other ? `${to} already exists` : `another file would be renamed to ${to} too`}.`),
      );
      delete plan.rename;
    }
  }
}

/**
 * Plans the set for the plans' renames (undefined when there is none). A file the set reads
 * must still have the bytes its fix was planned on, else FILE_CHANGED.
 */
export async function planRenameSet(
  config: RepoConfig,
  plans: readonly FilePlan[],
  warnings: Issue[],
  signal?: AbortSignal,
): Promise<RenameSet | undefined> {
  await dropTakenTargets(config.root, plans, warnings);
  const renaming = plans.filter((p) => p.rename);
  if (renaming.length === 0) return undefined;
  const moves = new Map(renaming.map((p) => [p.doc.rel, p.rename!.to]));
  const byRel = new Map(plans.map((p) => [p.doc.rel, p]));
  const texts = new Map(plans.flatMap((p) => (p.text !== undefined ? [[p.doc.rel, p.text] as const] : [])));
  const planned = await planMoves(config, moves, { texts, ...(signal ? { signal } : {}) });
  warnings.push(...planned.warnings);
  const inSet = new Map<string, FilePlan>();
  for (const edit of planned.edits) {
    const plan = byRel.get(edit.rel);
    if (!plan) continue;
    if (sha256(edit.old) !== plan.doc.record.digest)
      throw new DocketError('FILE_CHANGED', `${edit.rel} changed after docket read it.`, { details: { path: edit.rel } });
    inSet.set(edit.rel, plan);
  }
  // Fix plans of files the set leaves alone (no rename, no link to a renamed file) are written as before.
  return { edits: planned.edits, plans: inSet };
}

/** The set's changes as fix lists them: one diff per file (rename headers for a move), carried by its first change. */
export function setChanges(set: RenameSet): FixChange[] {
  const out: FixChange[] = [];
  for (const edit of set.edits) {
    const plan = set.plans.get(edit.rel);
    const entries: FixChange[] = [];
    if (plan?.text !== undefined && plan.action !== undefined) {
      entries.push({
        path: edit.rel,
        action: plan.action,
        diff: '',
        fields: plan.fields.map((f) => ({ field: f.field, op: f.op, ...(f.from !== undefined ? { from: f.from } : {}), to: f.to })),
      });
    }
    if (edit.to !== undefined) entries.push({ path: edit.rel, action: 'rename', from: edit.rel, to: edit.to, diff: '' });
    else if (edit.links > 0) entries.push({ path: edit.rel, action: 'edit_links', diff: '' });
    if (entries.length === 0) continue;
    entries[0]!.diff = diffOf(edit);
    out.push(...entries);
  }
  return out;
}

/** Findings the set fixes. */
export function setFixes(set: RenameSet): number {
  let n = 0;
  for (const plan of set.plans.values()) n += (plan.text !== undefined ? plan.contentFixes.length : 0) + (plan.rename?.fixes.length ?? 0);
  return n;
}

/** Writes the set (IDs allocated to its files claimed first); a refusal leaves every file of it alone (FIX_SKIPPED). */
export async function applyRenameSet(root: string, set: RenameSet, warnings: Issue[]): Promise<boolean> {
  const leaveAll = (reason: string) => {
    for (const edit of set.edits)
      warnings.push(
        fixSkipped(edit.rel, `${edit.rel} was left alone with the ${set.edits.length} files renamed or relinked together: ${reason}`),
      );
    return false;
  };
  for (const plan of set.plans.values()) {
    const claim = await claimAllocated(root, plan);
    if (claim !== undefined) return leaveAll(`${claim} was claimed by another docket process after fix planned it.`);
  }
  try {
    await writeFileSet(root, setOf(set.edits));
    return true;
  } catch (error) {
    if (!(error instanceof DocketError)) throw error;
    return leaveAll(error.message);
  }
}
