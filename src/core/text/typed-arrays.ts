/** Typed arrays that grow: a copy `size` long of `a`, its new items `fill` (0 unless given). */
export function grown<T extends Int32Array | Uint16Array | Uint8Array>(a: T, size: number, fill = 0): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}
