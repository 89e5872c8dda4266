// The data of `docket check` and `docket site` (which checks before it builds).

export interface CheckData {
  files_checked: number;
  files_passed: number;
  files_failed: number;
  files_with_warnings: number;
  violations_count: number;
  warnings_count: number;
  /** Documents checked (and files outside the docs roots that were named), sorted. */
  checked_paths: string[];
  /** Files the PATHS selected that are not governed (excluded, not Markdown, symbolic links), sorted. */
  ignored_paths: string[];
  strict: boolean;
}

export interface SiteData {
  /** The site's directory: repository-relative inside the root, else absolute. */
  out: string;
  /** HTML pages in the site. */
  pages: number;
  /** Every file of the site (pages, stylesheet, script, images). */
  files: number;
  /** Images the pages show, copied from the repository (each once, however many pages show it). */
  images: number;
  /** Files written this time (new or changed); the others already held these bytes. */
  written: number;
  unchanged: number;
  /** Files an earlier build wrote that this one no longer makes, removed. */
  removed: number;
  documents: number;
  relations: number;
  /** Documents by type and by status (`(none)` for a document without one), keys sorted. */
  by_type: Record<string, number>;
  by_status: Record<string, number>;
  /** What `docket check` found, as the home page shows it. */
  check: { files_checked: number; files_failed: number; violations: number; warnings: number };
  /** Whether the site has the work queue's board (the state file exists and reads). */
  board: boolean;
}
