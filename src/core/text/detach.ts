/**
 * A copy of a string that does not keep its source alive. V8 represents `text.slice(...)` (13
 * characters or more) and concatenations as views into the original strings: a document ID
 * sliced from the frontmatter keeps the whole document text in memory for as long as the ID
 * lives. Models kept for the whole run (compact documents, index facts) detach their strings.
 *
 * The copy is a concatenation read once, which makes V8 flatten it into a string of its own
 * (the collector then drops the concatenation node). `(' ' + s).slice(1)`, the usual idiom,
 * leaves a slice of a one-character-longer copy: 30 bytes more per string, which at 100,000
 * documents and several kept strings each was 15 MB.
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
