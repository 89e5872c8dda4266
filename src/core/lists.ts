/**
 * Arrays for per-document data, made without an allocation site and fast.
 *
 * An array literal (or `new Array`) has an allocation site, and V8 may decide from one
 * scavenge to make every array of that site in old space for the rest of the run, where
 * short-lived per-document arrays pile up (DOCKET-SPEC-006 §3.12). `Array.of` has no site but
 * is a generic builtin, many times slower than a literal. A copy of a module-level array
 * (`slice`) has no site either and stays cheap. The seeds also fix the elements kind each list
 * is born with, so adding elements of that kind never changes it and never throws optimised
 * code away (§3.12): objects and strings, or small integers.
 */

/** One shared, frozen empty list for every empty list that is kept and never pushed to. */
export const NONE: never[] = Object.freeze([]) as unknown as never[];

/** One element of the kind lists of objects and strings hold (it is overwritten at once). */
const OBJECT_SEED: unknown[] = [{}];
/** The same kind, empty. */
const EMPTY_SEED: unknown[] = [{}];
EMPTY_SEED.length = 0;
/** One small integer. */
const SMI_SEED: number[] = [0];
/** The same kind, empty. */
const EMPTY_SMI_SEED: number[] = [0];
EMPTY_SMI_SEED.length = 0;

/** A new array of objects or strings holding `first`. */
export function listOf<T>(first: T): T[] {
  const list = OBJECT_SEED.slice() as T[];
  list[0] = first;
  return list;
}

/** A new empty array of objects or strings. */
export function emptyList<T>(): T[] {
  return EMPTY_SEED.slice() as T[];
}

/** A new empty array of small integers. */
export function emptySmiList(): number[] {
  return EMPTY_SMI_SEED.slice();
}

/** A new array of small integers holding `first`. */
export function smiListOf(first: number): number[] {
  const list = SMI_SEED.slice();
  list[0] = first;
  return list;
}
