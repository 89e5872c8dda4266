// The data of `docket fix`: the changes it made (or would make), and with --plan each action's outcome.

import type { PlanActionKind } from './scan.js';

export type EditRefusal = 'has_frontmatter' | 'field_present' | 'cannot_edit';

export type RefusalReason =
  'source_changed' | 'source_missing' | 'target_exists' | EditRefusal | 'id_claimed' | 'write_failed' | 'config_changed' | 'unsafe_action';

export interface ActionOutcome {
  index: number;
  /** The action's id in a Python DocOps CLI plan. */
  id?: string;
  action: PlanActionKind;
  path: string;
  to?: string;
  outcome: 'applied' | 'would_apply' | 'refused';
  reason?: RefusalReason;
}

// One change of `docket fix` (part of its data), shared by the fix and scan apply steps.

export interface FieldChange {
  field: string;
  op: 'add' | 'set';
  from?: string;
  to: string;
}

export interface FixChange {
  path: string;
  /** exclude (fix --plan only): docops.config.yaml gained entries in `excluded_files`; edit_links: links rewritten for a rename. */
  action: 'add_frontmatter' | 'edit_frontmatter' | 'rename' | 'exclude' | 'edit_metadata_block' | 'edit_links';
  /** The change as a git diff: all of them concatenate into one patch (see changesOf in src/core/usecases/fix.ts). */
  diff: string;
  /** Renames: the old and the new path. */
  from?: string;
  to?: string;
  /** Lines of the visible metadata block rewritten (METADATA_BLOCK_DRIFT). */
  block_lines?: number;
  /** Frontmatter changes: each field added or set. */
  fields?: FieldChange[];
}

export interface FixData {
  dry_run: boolean;
  /** Findings fixed (or, in a dry run, that would be fixed). */
  fixed: number;
  /** Findings left after fixing (in a dry run: predicted). */
  remaining: number;
  changes: FixChange[];
  namespace?: string;
  /** --apply: temporary files of killed docket runs it removed (present when there were any). */
  removed_temp_files?: string[];
  /** fix --plan: the plan file and each action's outcome, in the plan's order. */
  plan?: { path: string; applied: number; refused: number; actions: ActionOutcome[] };
}
