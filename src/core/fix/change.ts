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
  /** The change as a git diff: all of them concatenate into one patch (see changesOf in usecases/fix.ts). */
  diff: string;
  /** Renames: the old and the new path. */
  from?: string;
  to?: string;
  /** Lines of the visible metadata block rewritten (METADATA_BLOCK_DRIFT). */
  block_lines?: number;
  /** Frontmatter changes: each field added or set. */
  fields?: FieldChange[];
}
