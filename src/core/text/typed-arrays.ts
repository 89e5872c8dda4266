/** Typed arrays that grow: a copy `size` long of `a`, its new items 0. */
export function grown<T extends Int32Array | Uint16Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
