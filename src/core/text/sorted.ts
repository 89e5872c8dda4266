/** Whether strings are in strictly increasing code-unit order (what `.sort()` gives, without duplicates). */
export function isStrictlySorted(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return false;
  return true;
}
