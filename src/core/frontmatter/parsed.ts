// What a parse of front matter gives, apart from parse.ts, which fast.ts (its fast path) would import.

/**
 * Where a top-level value sits in the YAML text (offsets relative to the YAML), so a fixer
 * can replace exactly that value and nothing else.
 */
export type ValueSpan =
  /** A one-line plain or quoted scalar: replace [start, end). */
  | { kind: 'scalar'; start: number; end: number }
  /**
   * No value at all (`key:` or `key: # comment`): replace the blanks [insertAt, end) after
   * the colon; `comment` says a comment follows, which must stay separated by a space.
   */
  | { kind: 'empty'; insertAt: number; end: number; comment: boolean }
  /** A block scalar, a multi-line scalar, a collection or a tagged value: not edited in place. */
  | { kind: 'other' };

export interface ParsedFrontmatter {
  /** Plain data: `__proto__` and `constructor` are ordinary own keys. */
  data: Record<string, unknown>;
  /** Top-level keys in file order. */
  keys(): string[];
  /** Whether there is a top-level key (`keys().length > 0`, without making the list). */
  hasKeys(): boolean;
  /** Source text of a top-level scalar (`version: 1.10` gives "1.10"). */
  source(key: string): string | undefined;
  /**
   * Whether a top-level value is a plain scalar (not quoted, not a block scalar, no tag): the
   * only kind a YAML reader types by its text (`yes`, `2026-01-01`, `1.0`).
   */
  plain(key: string): boolean;
  /** 1-based file line of a top-level key. */
  line(key: string): number | undefined;
  /** 1-based file line of a nested value (`['related_ids', 2]`), or of its closest ancestor key. */
  lineAt(path: readonly (string | number)[]): number | undefined;
  /** Where a top-level key's value is, relative to the YAML text. */
  valueSpan(key: string): ValueSpan | undefined;
}
