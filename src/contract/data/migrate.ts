// The data of the commands that move documents and migrate a repository: mv, migrate-ids, migrate-templates.

export interface MoveChange {
  path: string;
  /** move: the document itself (its own links rewritten too); edit_links: another file's links to it. */
  action: 'move' | 'edit_links';
  /** The new path of a move. */
  to?: string;
  /** Links whose destination changed in this file. */
  links: number;
  /** The change as a git diff; all of them concatenate into one patch (rename headers for the move). */
  diff: string;
}

export interface MoveData {
  dry_run: boolean;
  from: string;
  to: string;
  /** Links rewritten in every file (the moved one included). */
  links_rewritten: number;
  /** The moved document first, then the other files in path order. */
  changes: MoveChange[];
}

export type IdEditKind =
  'document_id' | 'metadata_block' | 'heading' | 'related_ids' | 'superseded_by' | 'mention' | 'link' | 'state_entry' | 'state_dependency';

/** One edit: the file (its path before any rename), the 1-based line, the text before and after. */
export interface IdEdit {
  path: string;
  line: number;
  kind: IdEditKind;
  old: string;
  new: string;
}

/** A document that gets a new ID (and a new name when its name claimed the old number). */
export interface IdMigration {
  path: string;
  /** The new path, when the file is renamed. */
  to?: string;
  namespace: string;
  type: string;
  old_id: string;
  new_id: string;
}

export interface IdSkip {
  path: string;
  document_id: string;
  reason: 'no_type' | 'id_space_exhausted' | 'not_editable';
  message: string;
}

export interface MigrateIdsChange {
  path: string;
  /** The new path of a renamed document. */
  to?: string;
  /** Edits in this file. */
  edits: number;
  /** The change as a git diff; all of them concatenate into one patch. */
  diff: string;
}

export interface MigrateIdsData {
  dry_run: boolean;
  rewrite_references: boolean;
  /** Each document that gets a new ID, in path order. */
  migrations: IdMigration[];
  /** Every edit, by file (its path before any rename) and line. */
  edits: IdEdit[];
  /** One entry per file written, in path order. */
  changes: MigrateIdsChange[];
  /** Documents with a non-canonical ID that were left alone, and why. */
  skipped: IdSkip[];
}

export type ConfigChange = { type: 'config'; action: 'add' | 'remove' | 'update'; path: string; value?: string };

export type TemplateChange =
  | ConfigChange
  | { type: 'file'; action: 'rename'; from: string; to: string }
  | { type: 'file'; action: 'replace'; file: string; from: string; to: string; count: number };

export interface MigrateTemplatesData {
  dry_run: boolean;
  config_file: string;
  /** The templates directory of the default namespace. */
  templates_dir: string;
  /** Where the files changed were copied first (--apply with the backup on); null otherwise. */
  backup_path: string | null;
  summary: {
    config_entries_found: number;
    config_entries_migrated: number;
    template_files_found: number;
    template_files_renamed: number;
    placeholder_replacements: number;
  };
  changes: TemplateChange[];
  /** One entry per file written, in path order, with its diff. */
  files: { path: string; to?: string; diff: string }[];
}
