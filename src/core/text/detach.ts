/**
 * A copy of a string that does not keep its source alive. V8 represents `text.slice(...)` (13
 * characters or more) and concatenations as views into the original strings: a document ID
 * sliced from the frontmatter keeps the whole document text in memory for as long as the ID
 * lives. Models kept for the whole run (compact documents, index facts) detach their strings.
 *
 * The copy is a concatenation read once, which makes V8 flatten it into a string of its own
 * (the collector then drops the concatenation node). `(' ' + s).slice(1)`, the usual idiom,
 * leaves a slice of a one-character-longer copy: a header more per string, which adds up over
 * several kept strings for every document of a large repository.
 */
export function detach(s: string): string {
  // Shorter slices and concatenations are copies already.
  if (s.length < 13) return s;
  const copy = s.slice(0, 1) + s.slice(1);
  copy.charCodeAt(0);
  return copy;
}

export function detachAll(list: readonly string[]): string[] {
  return list.map(detach);
}
