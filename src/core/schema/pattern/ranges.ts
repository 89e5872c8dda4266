/** Sets of code points as sorted, disjoint, inclusive ranges. */
export type Ranges = readonly (readonly [number, number])[];

const MAX = 0x10ffff;

export function union(a: Ranges, b: Ranges): Ranges {
  const all = [...a, ...b].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of all) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function complement(r: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of r) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

/** Whether any two of the sets share a code point (each set's own ranges are disjoint). */
export function anyOverlap(sets: readonly Ranges[]): boolean {
  const all: (readonly [number, number])[] = [];
  for (const s of sets) all.push(...s);
  all.sort((x, y) => x[0] - y[0]);
  let reach = -1;
  for (const [lo, hi] of all) {
    if (lo <= reach) return true;
    reach = Math.max(reach, hi);
  }
  return false;
}
