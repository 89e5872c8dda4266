/**
 * Counts the work a function does on strings, without a clock: every character a string search
 * or a regular expression passes over, every character read or copied. It patches the methods
 * on String.prototype and RegExp.prototype (a regular expression's own backtracking is not seen,
 * but each call is charged the whole stretch of input it may examine), so it holds for any
 * JavaScript parser, not only docket's own. Indexing a string with `s[i]` is not seen either.
 */
type Method = (this: unknown, ...args: unknown[]) => unknown;

let work = 0;
/** The same count by method and caller line, for finding what grows (set DOCKET_WORK_DEBUG=1). */
const workBy = new Map<string, number>();
const debug = process.env.DOCKET_WORK_DEBUG === '1';
let noting = false;
function note(name: string, n: number): void {
  if (!debug || noting) return;
  noting = true;
  const at = new Error().stack!.split('\n')[3]?.trim() ?? '';
  const key = `${name} ${at}`;
  workBy.set(key, (workBy.get(key) ?? 0) + n);
  noting = false;
}

function len(self: unknown): number {
  return typeof self === 'string' ? self.length : String(self).length;
}

const CHARGES: Record<string, (self: unknown, args: unknown[], result: unknown) => number> = {
  indexOf: (self, [, from], r) => ((r as number) === -1 ? len(self) : (r as number) + 1) - Math.max(0, Number(from ?? 0) || 0),
  lastIndexOf: (self, [, from], r) => Math.min(len(self), from === undefined ? len(self) : Number(from) + 1) - Math.max(0, r as number),
  includes: (self, [needle, from]) => len(self) - (Number(from ?? 0) || 0) + String(needle).length,
  startsWith: (_self, [needle]) => String(needle).length,
  endsWith: (_self, [needle]) => String(needle).length,
  charCodeAt: () => 1,
  codePointAt: () => 1,
  charAt: () => 1,
  at: () => 1,
  slice: (_self, _args, r) => (r as string).length + 1,
  substring: (_self, _args, r) => (r as string).length + 1,
  split: (self) => len(self),
  trim: (self) => len(self),
  toLowerCase: (self) => len(self),
  replace: (self) => len(self),
  replaceAll: (self) => len(self),
};

/** The work `fn` does, counted as above (the patches are removed afterwards, even on a throw). */
export function countWork(fn: () => void): number {
  const saved: [object, string, PropertyDescriptor][] = [];
  const patch = (proto: object, name: string, charge: (self: unknown, args: unknown[], result: unknown) => number) => {
    const desc = Object.getOwnPropertyDescriptor(proto, name)!;
    const original = desc.value as Method;
    saved.push([proto, name, desc]);
    Object.defineProperty(proto, name, {
      ...desc,
      value: function (this: unknown, ...args: unknown[]) {
        const result = original.apply(this, args);
        const n = Math.max(1, charge(this, args, result));
        work += n;
        note(name, n);
        return result;
      },
    });
  };
  for (const [name, charge] of Object.entries(CHARGES)) patch(String.prototype, name, charge);
  // A search is charged the input it passed over: up to the end of its match, or to the end of
  // the input when it found none (from lastIndex with the g or y flag, else from the start).
  for (const name of ['exec', 'test'] as const) {
    const desc = Object.getOwnPropertyDescriptor(RegExp.prototype, name)!;
    const original = desc.value as Method;
    saved.push([RegExp.prototype, name, desc]);
    Object.defineProperty(RegExp.prototype, name, {
      ...desc,
      value: function (this: RegExp, ...args: unknown[]) {
        const size = String(args[0]).length;
        const from = this.global || this.sticky ? Math.min(this.lastIndex, size) : 0;
        const result = original.apply(this, args);
        let end = size;
        if (result && (this.global || this.sticky)) end = this.lastIndex;
        else if (result && typeof result === 'object') end = (result as RegExpExecArray).index + (result as RegExpExecArray)[0].length;
        work += Math.max(1, end - from);
        note(name, Math.max(1, end - from));
        return result;
      },
    });
  }
  const before = work;
  try {
    fn();
  } finally {
    for (const [proto, name, desc] of saved.reverse()) Object.defineProperty(proto, name, desc);
  }
  return work - before;
}
