/**
 * A copy of a string that does not keep its source alive. V8 represents `text.slice(...)` (13
 * characters or more) and concatenations as views into the original strings: a document ID
 * sliced from the frontmatter keeps the whole document text in memory for as long as the ID
 * lives. Models kept for the whole run (compact documents, index facts) detach their strings.
 */
export function detach(s: string): string {
  // Shorter slices and concatenations are copies already.
  return s.length < 13 ? s : (' ' + s).slice(1);
}

export function detachAll(list: readonly string[]): string[] {
  return list.map(detach);
}
