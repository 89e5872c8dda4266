import type { DocFacts } from './facts.js';
import { isFacts } from './cache-manifest.js';

/** How each entry of the facts file starts: its links come first (see factsOf). */
const ENTRY = Buffer.from('{"links":');

/**
 * The entries of a facts file (the JSON array of `count` DocFacts a full build writes) that
 * hold one of these strings as a JSON string, parsed, by position: the few documents that may
 * link to some paths, without parsing every document's facts (45 MB at 100k documents).
 * Inside a JSON string every quote is escaped, so `{"links":` starts an entry and nothing
 * else. Undefined when the file does not read so.
 */
export function factsMentioning(bytes: Buffer, values: readonly string[], count: number): Map<number, DocFacts> | undefined {
  const starts: number[] = [];
  for (let i = bytes.indexOf(ENTRY); i >= 0; i = bytes.indexOf(ENTRY, i + ENTRY.length)) starts.push(i);
  const endOf = (k: number) => (k + 1 < starts.length ? starts[k + 1]! - 1 : bytes.length - 1);
  if (starts.length !== count || (count === 0 ? bytes.toString() !== '[]' : starts[0] !== 1 || bytes[bytes.length - 1] !== 0x5d)) return undefined;
  const out = new Map<number, DocFacts>();
  for (const value of values) {
    const needle = Buffer.from(JSON.stringify(value));
    for (let i = bytes.indexOf(needle); i >= 0; i = bytes.indexOf(needle, i + 1)) {
      const k = lastAtOrBefore(starts, i);
      if (k < 0 || out.has(k)) continue;
      // Each entry but the last ends before a comma.
      if (k + 1 < starts.length && bytes[endOf(k)] !== 0x2c) return undefined;
      let facts: unknown;
      try {
        facts = JSON.parse(bytes.toString('utf8', starts[k], endOf(k)));
      } catch {
        return undefined;
      }
      if (!isFacts(facts)) return undefined;
      out.set(k, facts);
    }
  }
  return out;
}

/** The index of the last of these sorted offsets at or before `at`; -1 when none is. */
function lastAtOrBefore(sorted: readonly number[], at: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
