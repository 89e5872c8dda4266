/** Whether strings are in strictly increasing code-unit order (what `.sort()` gives, without duplicates). */
export function isStrictlySorted(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return false;
  return true;
}

/** Position of `item` in a strictly sorted list, by binary search; undefined when absent. */
export function indexInSorted(list: readonly string[], item: string): number | undefined {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]!;
    if (at === item) return mid;
    if (at < item) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
