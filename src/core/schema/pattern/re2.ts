import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';
import type { Ranges } from './ranges.js';
import type { PatternNode } from './syntax.js';

const requireCjs = createRequire(import.meta.url);
let re2js: typeof RE2JS | undefined;

/** re2js (pure JavaScript RE2), loaded on the first pattern that needs it: most schemas never load it. */
function engine(): typeof RE2JS {
  re2js ??= (requireCjs('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return re2js;
}

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;

function rangesSource(r: Ranges): string {
  return r.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
}

// ECMAScript spells Unicode properties `gc=Lu` or `Script=Greek`; RE2 takes the bare value.
function propertySource(prop: string): string {
  return prop.replace(/^(\\[pP]\{)(?:General_Category|gc|Script|sc)=/, '$1');
}

/**
 * The pattern in RE2's syntax, with ECMAScript's meaning: every set is spelled out as code
 * point ranges (RE2's `\s`, `.` and `\w` differ from ECMAScript's), groups do not capture.
 */
function re2Source(node: PatternNode): string {
  switch (node.t) {
    case 'set': {
      const body = rangesSource(node.ranges) + node.props.map(propertySource).join('');
      // An empty set (`[^\s\S]`) matches nothing, which RE2 writes `[^\x{0}-\x{10ffff}]`.
      if (body === '') return node.negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]';
      return `[${node.negated ? '^' : ''}${body}]`;
    }
    case 'assert':
      return node.kind;
    case 'seq':
      return node.items.map((n) => `(?:${re2Source(n)})`).join('');
    case 'alt':
      return node.alts.map((n) => `(?:${re2Source(n)})`).join('|');
    case 'rep': {
      const q = node.max === Infinity ? `{${node.min},}` : node.min === node.max ? `{${node.min}}` : `{${node.min},${node.max}}`;
      return `(?:${re2Source(node.body)})${q}${node.lazy ? '?' : ''}`;
    }
    case 'unsupported':
      throw new Error(`it has no ${node.what}`);
  }
}

/** A test function running the pattern on RE2; throws with RE2's reason when it cannot. */
export function re2Tester(node: PatternNode): (input: string) => boolean {
  const compiled = engine().compile(re2Source(node));
  return (input) => compiled.test(input);
}
