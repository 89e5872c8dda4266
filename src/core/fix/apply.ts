import path from 'node:path';
import { MAX_DOCUMENT_BYTES, readBytes } from '../engine/documents/read.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { ensureClaimsDir, tryClaim } from '../ids/claim.js';
import type { Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import type { FilePlan } from './plan.js';
import { renameNoReplace } from './rename.js';
import { sha256 } from '../text/sha256.js';
import type { Overlay } from '../engine/overlay.js';

/** fix left a file alone (FIX_SKIPPED); `rerun`: the command that tries again. */
export function fixSkipped(rel: string, message: string, rerun = 'docket fix --apply'): Issue {
  return { code: 'FIX_SKIPPED', severity: 'warning', message, path: rel, suggestion: `Resolve the conflict, then run \`${rerun}\` again.` };
}

/** The message of a file that is not the one docket read. */
export const changedSinceRead = (rel: string) => `${rel} changed (or vanished) after docket read it; it was left alone.`;

/**
 * Claims the IDs a plan allocated, like `new` claims them, so a concurrent `new` cannot take
 * one too; returns an ID another process claimed first (undefined: all claimed).
 */
export async function claimAllocated(root: string, plan: FilePlan): Promise<string | undefined> {
  for (const edit of plan.fields) {
    if (edit.field !== 'document_id' || edit.op !== 'add') continue; // only freshly allocated IDs
    await ensureClaimsDir(root);
    if (!(await tryClaim(root, edit.to))) return edit.to;
  }
  return undefined;
}

/** Writes one plan: content first (verified unchanged since read, atomic), then the rename. */
export async function applyPlan(root: string, plan: FilePlan, warnings: Issue[]): Promise<{ content: boolean; rename: boolean }> {
  const rel = plan.doc.rel;
  const abs = path.join(root, rel);
  const done = { content: false, rename: false };
  let current: string | undefined;
  try {
    const { bytes } = await readBytes(abs, MAX_DOCUMENT_BYTES);
    current = bytes ? sha256(bytes) : undefined;
  } catch {
    current = undefined;
  }
  if (current !== plan.doc.record.digest) {
    warnings.push(fixSkipped(rel, changedSinceRead(rel)));
    return done;
  }
  const claimed = await claimAllocated(root, plan);
  if (claimed !== undefined) {
    warnings.push(fixSkipped(rel, `${rel} was left alone: ${claimed} was claimed by another docket process after fix planned it.`));
    return done;
  }
  try {
    if (plan.text !== undefined) {
      // Checked again just before the rename: a change made since the check above is kept.
      const written = await writeFileAtomic(root, abs, Buffer.from(`${plan.doc.record.bom ? '\uFEFF' : ''}${plan.text}`, 'utf8'), {
        overwrite: true,
        unchangedSha256: plan.doc.record.digest,
      });
      if (!written) {
        warnings.push(fixSkipped(rel, changedSinceRead(rel)));
        return done;
      }
      done.content = true;
    }
    if (plan.rename) {
      await renameNoReplace(root, rel, plan.rename.to);
      done.rename = true;
    }
  } catch (error) {
    // errno messages carry absolute paths; the envelope only carries repository-relative ones
    const reason =
      error instanceof DocketError ? error.message : `the file system refused it (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    warnings.push(fixSkipped(rel, `${rel} was not ${done.content || plan.text === undefined ? 'renamed' : 'changed'}: ${reason}`));
  }
  return done;
}

/**
 * What applying the plans would leave on disk (see Overlay): each changed file's new bytes
 * at its final path, and each renamed file's old path gone. A rename alone keeps the bytes
 * read from the disk.
 */
export async function plannedOverlay(root: string, plans: readonly FilePlan[]): Promise<Overlay> {
  const files = new Map<string, Buffer>();
  const gone = new Set<string>();
  for (const plan of plans) {
    const rel = plan.doc.rel;
    let bytes: Buffer | undefined;
    if (plan.text !== undefined) bytes = Buffer.from(`${plan.doc.record.bom ? '\uFEFF' : ''}${plan.text}`, 'utf8');
    else
      bytes = await readBytes(path.join(root, rel), MAX_DOCUMENT_BYTES).then(
        (r) => r.bytes,
        () => undefined,
      );
    if (!bytes) continue; // unreadable now: apply would leave it alone (FIX_SKIPPED)
    files.set(plan.rename?.to ?? rel, bytes);
    if (plan.rename) gone.add(rel);
  }
  return { files, gone };
}
