import { re2Tester } from './re2.js';
import { provenLinear } from './safety.js';
import { parsePattern } from './syntax.js';

/**
 * How docket runs a pattern from a repository (a schema's `pattern` or `patternProperties`):
 * always in time linear in the input. V8's RegExp where safety.ts proves it linear (the common
 * case, and much faster per match than RE2 in JavaScript), otherwise RE2 through re2js.
 * A pattern RE2 cannot run either (backreferences, lookaround, a Unicode property RE2 does not
 * know, a count over 1000) is refused: never run on the backtracking engine unproven.
 */
export type PatternRunner = { ok: true; engine: 'native' | 're2'; test: (input: string) => boolean } | { ok: false; reason: string };

const cache = new Map<string, PatternRunner>();

function build(source: string): PatternRunner {
  let native: RegExp;
  try {
    native = new RegExp(source, 'u');
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const tree = parsePattern(source);
  if (provenLinear(tree)) return { ok: true, engine: 'native', test: (input) => native.test(input) };
  try {
    return { ok: true, engine: 're2', test: re2Tester(tree) };
  } catch (error) {
    const why = (error as Error).message.replace(/^error parsing regexp: /, '');
    return {
      ok: false,
      reason: `docket runs a repository's patterns in linear time, on RE2 where they could backtrack, and RE2 cannot run this one: ${why}`,
    };
  }
}

export function patternRunner(source: string): PatternRunner {
  let runner = cache.get(source);
  if (!runner) {
    runner = build(source);
    cache.set(source, runner);
  }
  return runner;
}

/** The patterns of a schema that run on RE2, with where each is (for doctor's notes). */
export function re2Patterns(found: readonly { pointer: string; pattern: string }[]): { pointer: string; pattern: string }[] {
  return found.filter(({ pattern }) => {
    const runner = patternRunner(pattern);
    return runner.ok && runner.engine === 're2';
  });
}

/** Thrown from ajv's regExp hook for a refused pattern (compile.ts reports it first). */
class PatternRefused extends Error {}

/** ajv's `code.regExp` option: every pattern ajv compiles goes through patternRunner. */
export function ajvRegExp(source: string): { test: (input: string) => boolean; toString: () => string } {
  const runner = patternRunner(source);
  if (!runner.ok) throw new PatternRefused(`The pattern ${JSON.stringify(source)} cannot be used: ${runner.reason}.`);
  // ajv keys its compiled patterns by toString(): each must have its own.
  return { test: runner.test, toString: () => `/${source}/u` };
}
ajvRegExp.code = 'docketPatternRunner';
