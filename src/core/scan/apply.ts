import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, readBytes } from '../engine/documents/read.js';
import { renameDiff } from '../fix/diff.js';
import { renameNoReplace } from '../fix/rename.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { assertWritable } from '../fs/paths.js';
import { ensureClaimsDir, tryClaim } from '../ids/claim.js';
import { isId } from '../ids/document-id.js';
import type { Issue } from '../issues.js';
import type { FixChange } from '../../contract/data/fix.js';
import { DocketError } from '../../errors/docket-error.js';
import { editFor, type ContentAction } from './apply-edits.js';
import type { ScanPlan } from './types.js';
import { sha256 } from '../text/sha256.js';
import type { RefusalReason, ActionOutcome } from '../../contract/data/fix.js';
export type { ActionOutcome };

const REASONS: Record<RefusalReason, string> = {
  source_changed: 'its content changed since the plan was made',
  source_missing: 'it does not exist (any more)',
  target_exists: 'the target exists; nothing is ever overwritten',
  has_frontmatter: 'it already has frontmatter, or something like it near its top',
  field_present: 'a field it would add already has a value',
  cannot_edit: 'docket cannot edit it in place (the YAML is not a block it can change line by line)',
  id_claimed: 'its document_id was claimed by another docket process since the plan was made',
  write_failed: 'the file system refused the write',
  config_changed: 'docops.config.yaml changed since the plan was made (its config_fingerprint differs)',
  unsafe_action: 'the plan marks it destructive (safety.destructive), and docket never runs such an action',
};

/**
 * What a dry run pretends: files moved by earlier actions live at their new paths (their
 * bytes are read from the old one), so chained actions are previewed as they would run.
 */
class View {
  private readonly origin = new Map<string, string>();
  private readonly gone = new Set<string>();
  constructor(
    private readonly root: string,
    private readonly simulate: boolean,
  ) {}

  async bytes(rel: string): Promise<Buffer | undefined> {
    if (this.simulate && this.gone.has(rel)) return undefined;
    const real = this.simulate ? (this.origin.get(rel) ?? rel) : rel;
    try {
      return (await readBytes(path.join(this.root, real), MAX_DOCUMENT_BYTES)).bytes;
    } catch {
      return undefined;
    }
  }

  async exists(rel: string): Promise<boolean> {
    if (this.simulate && this.origin.has(rel)) return true;
    if (this.simulate && this.gone.has(rel)) return false;
    return fs.lstat(path.join(this.root, rel)).then(
      () => true,
      () => false,
    );
  }

  moved(from: string, to: string): void {
    if (!this.simulate) return;
    this.origin.set(to, this.origin.get(from) ?? from);
    this.origin.delete(from);
    this.gone.add(from);
    this.gone.delete(to);
  }
}

function refused(out: ActionOutcome, rel: string, reason: RefusalReason, warnings: Issue[]): ActionOutcome {
  warnings.push({
    code: 'PLAN_ACTION_REFUSED',
    severity: 'warning',
    message: `Plan action ${out.index + 1} (${out.action}) on ${rel} was refused: ${REASONS[reason]}.`,
    path: rel,
    suggestion: 'Make a new plan with `docket scan --plan FILE` and apply that one.',
  });
  return { ...out, outcome: 'refused', reason };
}

/**
 * Runs (or, without `apply`, previews) a scan plan's actions in order. Each action is refused
 * when its source's bytes differ from the plan's SHA-256 or its target exists; nothing is
 * overwritten; every write is atomic. Returns each action's outcome and the changes made.
 */
export async function applyScanPlan(
  root: string,
  plan: ScanPlan,
  opts: { apply: boolean; claimed: ReadonlySet<string>; warnings: Issue[]; signal?: AbortSignal },
): Promise<{ outcomes: ActionOutcome[]; changes: FixChange[]; predicted: Predicted }> {
  const view = new View(root, !opts.apply);
  const outcomes: ActionOutcome[] = [];
  const changes: FixChange[] = [];
  const predicted: Predicted = { overlay: { files: new Map(), gone: new Set() } };
  for (const [index, action] of plan.actions.entries()) {
    if (opts.signal?.aborted)
      throw new DocketError('INTERRUPTED', 'Interrupted while applying the plan; every action done so far is complete.');
    const base: ActionOutcome = {
      index,
      ...(action.id !== undefined ? { id: action.id } : {}),
      action: action.action,
      path: action.path,
      ...(action.action === 'move' || action.action === 'rename' ? { to: action.to } : {}),
      outcome: opts.apply ? 'applied' : 'would_apply',
    };
    if (action.refuse) {
      outcomes.push(refused(base, action.path, action.refuse, opts.warnings));
      continue;
    }
    const bytes = await view.bytes(action.path);
    if (!bytes) {
      outcomes.push(refused(base, action.path, 'source_missing', opts.warnings));
      continue;
    }
    if (sha256(bytes) !== action.source_sha256) {
      outcomes.push(refused(base, action.path, 'source_changed', opts.warnings));
      continue;
    }
    if (action.action === 'move' || action.action === 'rename') {
      if (await view.exists(action.to)) {
        outcomes.push(refused(base, action.path, 'target_exists', opts.warnings));
        continue;
      }
      if (opts.apply) {
        try {
          // Contained before the directory is made: a linked parent would otherwise be created outside.
          assertWritable(root, path.join(root, action.to));
          await fs.mkdir(path.dirname(path.join(root, action.to)), { recursive: true });
          await renameNoReplace(root, action.path, action.to);
        } catch (error) {
          const reason = error instanceof DocketError && error.code === 'FILE_EXISTS' ? 'target_exists' : 'write_failed';
          outcomes.push(refused(base, action.path, reason, opts.warnings));
          continue;
        }
      }
      view.moved(action.path, action.to);
      if (!opts.apply) predict(predicted, action.path, action.to, bytes);
      changes.push({ path: action.path, action: 'rename', from: action.path, to: action.to, diff: renameDiff(action.path, action.to) });
      outcomes.push(base);
      continue;
    }
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const text = bytes.toString('utf8').slice(bom ? 1 : 0);
    const edit = editFor(root, action as ContentAction, text); // moves and renames were handled above
    if ('refusal' in edit) {
      outcomes.push(refused(base, action.path, edit.refusal, opts.warnings));
      continue;
    }
    const id = edit.documentId;
    if (id && isId(id)) {
      if (opts.apply) {
        await ensureClaimsDir(root);
        if (!(await tryClaim(root, id))) {
          outcomes.push(refused(base, action.path, 'id_claimed', opts.warnings));
          continue;
        }
      } else if (opts.claimed.has(id)) {
        outcomes.push(refused(base, action.path, 'id_claimed', opts.warnings));
        continue;
      }
    }
    if (opts.apply) {
      try {
        // Verified again right before the write: another writer may have been quicker.
        const again = await view.bytes(action.path);
        if (!again || sha256(again) !== action.source_sha256) {
          outcomes.push(refused(base, action.path, 'source_changed', opts.warnings));
          continue;
        }
        await writeFileAtomic(root, path.join(root, action.path), Buffer.from(`${bom ? '\uFEFF' : ''}${edit.next}`, 'utf8'), {
          overwrite: true,
        });
      } catch {
        outcomes.push(refused(base, action.path, 'write_failed', opts.warnings));
        continue;
      }
    }
    if (!opts.apply && action.action === 'exclude') predicted.config = edit.next;
    else if (!opts.apply) predict(predicted, action.path, action.path, Buffer.from(`${bom ? '\uFEFF' : ''}${edit.next}`, 'utf8'));
    changes.push(edit.change);
    outcomes.push(base);
  }
  return { outcomes, changes, predicted };
}

/** What a dry run's actions would leave: the files (see Overlay), and the config's text when an exclusion edits it. */
export interface Predicted {
  overlay: { files: Map<string, Buffer>; gone: Set<string> };
  config?: string;
}

/** Records that `to` would hold `bytes` (and `from`, when it differs, would be gone). */
function predict(p: Predicted, from: string, to: string, bytes: Buffer): void {
  if (from !== to) {
    p.overlay.files.delete(from);
    p.overlay.gone.add(from);
  }
  p.overlay.gone.delete(to);
  p.overlay.files.set(to, Buffer.from(bytes)); // a copy: the reader's buffer is reused
}
