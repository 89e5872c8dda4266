/** Three rows of the distance table, reused by every call (suggestions compare thousands of names). */
let rows = new Int32Array(64);
/** Character counts by code modulo 128, all zero between calls. */
const bag = new Int32Array(128);

/**
 * A lower bound of the edit distance in linear time: the characters one string has more of than
 * the other (each edit changes that count by at most one; a transposition, not at all). Codes
 * share a counter modulo 128, which can only lower the count, so it stays a lower bound. Most
 * candidates of a suggestion are far from the input: this rejects them without the table.
 */
function bagDistance(a: string, from: number, endA: number, b: string, endB: number): number {
  for (let i = from; i < endA; i++) bag[a.charCodeAt(i) & 127]!++;
  for (let j = from; j < endB; j++) bag[b.charCodeAt(j) & 127]!--;
  let more = 0;
  let fewer = 0;
  const count = (k: number) => {
    const c = bag[k]!;
    if (c > 0) more += c;
    else fewer -= c;
    bag[k] = 0;
  };
  for (let i = from; i < endA; i++) count(a.charCodeAt(i) & 127);
  for (let j = from; j < endB; j++) count(b.charCodeAt(j) & 127);
  return Math.max(more, fewer);
}

/**
 * Edit distance counting an adjacent transposition as one edit (optimal string alignment),
 * so `titel` is one edit from `title`. Bounded: a distance over `max` is returned as max+1.
 * What both strings start and end with costs nothing and is skipped (IDs share their prefix,
 * file names their extension; an optimal alignment can always match a shared first or last
 * character with itself, which the property test against the full table confirms); then only the cells within `max` of the diagonal are computed
 * (a cell further away is more than `max` edits), so comparing two names costs their length
 * times `max`, not the product of their lengths, and it stops once a whole row is over `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let from = 0;
  let endA = a.length;
  let endB = b.length;
  while (from < endA && from < endB && a.charCodeAt(from) === b.charCodeAt(from)) from++;
  while (endA > from && endB > from && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const n = endA - from;
  const m = endB - from;
  if (n === 0 || m === 0) return n + m > max ? max + 1 : n + m;
  if (max < Math.max(n, m) && bagDistance(a, from, endA, b, endB) > max) return max + 1;
  // No distance exceeds the longer length: the band never needs to be wider.
  const limit = Math.min(max, Math.max(n, m));
  const over = limit + 1;
  const width = m + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  const t = rows;
  let before = 0; // row i-2
  let prev = width; // row i-1
  let cur = 2 * width; // row i
  for (let j = 0; j <= m; j++) t[prev + j] = j <= limit ? j : over;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(m, i + limit);
    t[cur] = i <= limit ? i : over;
    if (lo > 1) t[cur + lo - 1] = over;
    let rowMin = t[cur]!;
    const ai = a.charCodeAt(from + i - 1);
    const aPrev = i > 1 ? a.charCodeAt(from + i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(from + j - 1);
      let v = t[prev + j - 1]! + (ai === bj ? 0 : 1);
      const up = t[prev + j]! + 1;
      if (up < v) v = up;
      const left = t[cur + j - 1]! + 1;
      if (left < v) v = left;
      if (j > 1 && ai === b.charCodeAt(from + j - 2) && aPrev === bj) {
        const swap = t[before + j - 2]! + 1;
        if (swap < v) v = swap;
      }
      if (v > over) v = over;
      t[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < m) t[cur + hi + 1] = over;
    if (rowMin > max) return max + 1;
    const spare = before;
    before = prev;
    prev = cur;
    cur = spare;
  }
  const d = t[prev + m]!;
  return d > max ? max + 1 : d;
}

/**
 * Candidates prepared once (deduplicated, lower-cased) for many questions: the index asks for
 * the nearest known ID of every dangling relation, each time among every ID of the repository.
 */
export class Suggester {
  private readonly values: string[] = [];
  private readonly lowered: string[] = [];
  /** Which of 64 character buckets (code modulo 64) each lower-cased candidate uses: two words each. */
  private readonly masks: Int32Array;

  constructor(candidates: Iterable<string>) {
    for (const value of new Set(candidates)) {
      this.values.push(value);
      this.lowered.push(value.toLowerCase());
    }
    this.masks = new Int32Array(2 * this.lowered.length);
    this.lowered.forEach((hay, k) => charMask(hay, this.masks, 2 * k));
  }

  /**
   * The closest candidates to `input` (case-insensitive), best first, ties broken
   * alphabetically. A candidate qualifies when its distance is at most a third of the longer
   * string (min 1), or when one contains the other.
   *
   * First only the candidates that score at most 1 are looked for: when there are `limit` of
   * them, no other can be among the best (a misspelt ID usually has several IDs of its type a
   * digit away), and the bucket masks reject almost every other candidate without the table.
   * Otherwise every candidate is scored. The same answer as scoring every candidate in full
   * (a property test compares them), at a fraction of the cost: the index asks once per
   * dangling relation, each time among every ID.
   */
  closest(input: string, limit = 3): string[] {
    const keep = Math.floor(limit);
    if (!(keep >= 1)) return [];
    const needle = input.toLowerCase();
    const mine = new Int32Array(2);
    charMask(needle, mine, 0);
    const near = this.best(needle, mine, keep, 1);
    return (near.length === keep ? near : this.best(needle, mine, keep, Infinity)).map((s) => s.value);
  }

  /**
   * The best `keep` candidates (by score, then value) among those that score at most `cap`.
   * Once `keep` are found, a candidate is measured only as far as it could still join them: it
   * must score below the last of them, or as much and come first alphabetically.
   */
  private best(needle: string, mine: Int32Array, keep: number, cap: number): { value: string; score: number }[] {
    const best: { value: string; score: number }[] = [];
    for (let k = 0; k < this.lowered.length; k++) {
      const hay = this.lowered[k]!;
      const value = this.values[k]!;
      const max = Math.max(1, Math.floor(Math.max(hay.length, needle.length) / 3));
      // The highest score with which this candidate would still join the best.
      let bound = Math.min(max, cap);
      if (best.length === keep) {
        const last = best[keep - 1]!;
        bound = Math.min(bound, value < last.value ? last.score : last.score - 1);
        if (bound < 0) continue;
      }
      // An edit adds or removes at most one bucket, a substitution both: a candidate whose
      // buckets differ in more than 2*bound is further than bound, known without the table.
      const apart = bitCount(mine[0]! ^ this.masks[2 * k]!) + bitCount(mine[1]! ^ this.masks[2 * k + 1]!);
      let score = apart > 2 * bound ? bound + 1 : editDistance(needle, hay, bound);
      if (score > bound) {
        // Further than bound: it can only join with the score of containing the other, max, if
        // that is within the bound. Only the longer can contain the other (of equal lengths,
        // only an equal one, at distance 0).
        if (
          bound < max ||
          needle.length < 3 ||
          !(hay.length > needle.length ? hay.includes(needle) : hay.length < needle.length && needle.includes(hay))
        )
          continue;
        score = max;
      }
      let at = best.length;
      while (at > 0 && (best[at - 1]!.score > score || (best[at - 1]!.score === score && best[at - 1]!.value > value))) at--;
      best.splice(at, 0, { value, score });
      if (best.length > keep) best.pop();
    }
    return best;
  }
}

/** Sets, in out[at] and out[at + 1], a bit for each character bucket (code modulo 64) the text uses. */
function charMask(text: string, out: Int32Array, at: number): void {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < text.length; i++) {
    const b = text.charCodeAt(i) & 63;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  out[at] = lo;
  out[at + 1] = hi;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The closest candidates to `input`: see Suggester.closest (for one question). */
export function closest(input: string, candidates: Iterable<string>, limit = 3): string[] {
  return new Suggester(candidates).closest(input, limit);
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  return closest(input, candidates, 1)[0];
}
