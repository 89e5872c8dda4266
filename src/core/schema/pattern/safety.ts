import { anyOverlap, type Ranges } from './ranges.js';
import type { PatternNode } from './syntax.js';

/**
 * Whether a backtracking engine (V8's) runs a pattern in time linear in the input, proven
 * conservatively; a pattern this cannot prove runs on RE2 instead (engine.ts), which is always
 * linear but much slower per match, so that the patterns of ordinary schemas keep
 * the fast engine.
 *
 * The proof: the pattern's Glushkov automaton, built keeping every route by which a position
 * follows another, has no two routes on a shared code point (deterministic, and no position
 * reached twice: this is what `(a|a)*`, `(a+)+` and `a*a*` break), every loop body consumes
 * at least one character, and no construct can match the empty string in two ways. Then at
 * most one path of the backtracking search is alive per input prefix, and each abandoned
 * choice fails at its first character: O(input × pattern) for one start position. A pattern
 * not anchored with `^` is tried at every start position, so it must also have a bounded match
 * length (`\d+x` on a long run of digits is quadratic otherwise).
 */

/** Longest match of an unanchored pattern proven safe: each start position costs at most this. */
const UNANCHORED_MAX_LENGTH = 256;
/** Work limit for the proof itself (routes recorded); a larger pattern is left to RE2. */
const MAX_ROUTES = 100_000;

interface Fragment {
  /** Ways to match the empty string (0, 1, or 2 meaning "more than one"). */
  empty: number;
  first: number[];
  last: number[];
  maxLength: number;
}

class NotProven extends Error {}

class Glushkov {
  sets: (Ranges | null)[] = []; // null: a set with \p{..} items, taken to overlap every other
  follow: number[][] = [];
  routes = 0;

  link(from: readonly number[], to: readonly number[]): void {
    for (const x of from) {
      this.follow[x]!.push(...to);
      this.routes += to.length;
    }
    if (this.routes > MAX_ROUTES) throw new NotProven();
  }

  build(node: PatternNode): Fragment {
    switch (node.t) {
      case 'set': {
        const p = this.sets.length;
        this.sets.push(node.props.length > 0 ? null : node.ranges);
        this.follow.push([]);
        return { empty: 0, first: [p], last: [p], maxLength: 1 };
      }
      case 'assert':
        return { empty: 1, first: [], last: [], maxLength: 0 };
      case 'unsupported':
        throw new NotProven();
      case 'seq': {
        let acc: Fragment = { empty: 1, first: [], last: [], maxLength: 0 };
        for (const item of node.items) acc = this.concat(acc, this.build(item));
        return acc;
      }
      case 'alt': {
        const parts = node.alts.map((a) => this.build(a));
        const empty = parts.reduce((n, f) => n + f.empty, 0);
        if (empty > 1) throw new NotProven();
        return {
          empty,
          first: parts.flatMap((f) => f.first),
          last: parts.flatMap((f) => f.last),
          maxLength: Math.max(...parts.map((f) => f.maxLength)),
        };
      }
      case 'rep':
        return this.repeat(node.body, node.min, node.max);
    }
  }

  concat(a: Fragment, b: Fragment): Fragment {
    this.link(a.last, b.first);
    return {
      empty: Math.min(2, a.empty * b.empty),
      first: a.empty > 0 ? [...a.first, ...b.first] : a.first,
      last: b.empty > 0 ? [...b.last, ...a.last] : b.last,
      maxLength: a.maxLength + b.maxLength,
    };
  }

  repeat(bodyNode: PatternNode, min: number, max: number): Fragment {
    const body = this.build(bodyNode);
    if (max === 0) return { empty: 1, first: [], last: [], maxLength: 0 };
    if (body.empty > 0 && (max > 1 || min === 0)) throw new NotProven();
    const optional = min === 0 ? 1 : 0;
    if (max === 1) return { ...body, empty: Math.max(body.empty, optional) };
    // A fixed count of one character (`\d{3}`) has no choice to make: one position suffices.
    const fixedChar = min === max && bodyNode.t === 'set';
    if (!fixedChar) this.link(body.last, body.first);
    return { empty: optional, first: body.first, last: body.last, maxLength: body.maxLength * max };
  }

  deterministic(list: readonly number[]): boolean {
    if (list.length < 2) return true;
    if (list.some((p) => this.sets[p] === null)) return false;
    return !anyOverlap(list.map((p) => this.sets[p]!));
  }
}

function anchored(node: PatternNode): boolean {
  if (node.t === 'alt') return node.alts.every(anchored);
  if (node.t === 'seq') return node.items.length > 0 && anchored(node.items[0]!);
  return node.t === 'assert' && node.kind === '^';
}

export function provenLinear(tree: PatternNode): boolean {
  const g = new Glushkov();
  let whole: Fragment;
  try {
    whole = g.build(tree);
  } catch (error) {
    if (error instanceof NotProven) return false;
    throw error;
  }
  if (!anchored(tree) && whole.maxLength > UNANCHORED_MAX_LENGTH) return false;
  return g.deterministic(whole.first) && g.follow.every((f) => g.deterministic(f));
}
