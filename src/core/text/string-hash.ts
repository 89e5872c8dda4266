/** A 32-bit hash of a string's UTF-16 code units (FNV-1a, then mixed so that the low bits, a hash table's slot, depend on every character). */
export function stringHash(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

/** Slots for an open-addressing table of `count` entries: a power of two at least twice as many, so probes stay short. */
export function slotCount(count: number): number {
  let size = 16;
  while (size < count * 2) size *= 2;
  return size;
}
