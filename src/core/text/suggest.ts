/**
 * Edit distance counting an adjacent transposition as one edit (optimal string alignment),
 * so `titel` is one edit from `title`. Bounded: returns max+1 as soon as the distance must
 * exceed max.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2]! + 1);
      cur.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The closest candidates to `input` (case-insensitive), best first, ties broken alphabetically.
 * A candidate qualifies when its distance is at most a third of the longer string (min 1),
 * or when one contains the other.
 */
export function closest(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const scored: { value: string; score: number }[] = [];
  for (const value of new Set(candidates)) {
    const hay = value.toLowerCase();
    const max = Math.max(1, Math.floor(Math.max(hay.length, needle.length) / 3));
    let score = editDistance(needle, hay, max);
    if (score > max && needle.length >= 3 && (hay.includes(needle) || needle.includes(hay))) score = max;
    if (score <= max) scored.push({ value, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.value);
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  return closest(input, candidates, 1)[0];
}
