import { createRequire } from 'node:module';
import picomatch from 'picomatch';
import type { RE2JS } from 're2js';

/**
 * PATHS globs with picomatch's syntax and meaning: `*`, `?` and `**` skip dotfiles, `\*`
 * escapes, braces, brackets and extglobs, a leading `!` excludes. Why not picomatch's own
 * matcher: its RegExp backtracks (`*a*a*a*a*b` against a long name runs for minutes) and a glob
 * can come from an MCP agent. So picomatch compiles each path segment, that RegExp runs on the
 * linear engine, the two look-aheads picomatch puts at a segment's start (no leading dot, not
 * empty) are applied as plain checks, and `**` segments are matched here, by a table over
 * segments. A property test holds this to picomatch's `isMatch`.
 */

export interface GlobMatcher {
  test(path: string): boolean;
}

export type CompiledGlob = ({ ok: true } & GlobMatcher) | { ok: false; reason: string };

const requireCjs = createRequire(import.meta.url);
let re2js: typeof RE2JS | undefined;

const STAR = '[^/]*?';

/**
 * Whether V8's RegExp runs the source in linear time: at most one star (`[^/]*?`, which
 * backtracks at most once over the name) and no other repetition. Most globs' segments are
 * such (`*.md`, `adr-*.md`), and RE2 in JavaScript is many times slower per test.
 */
function singleStar(source: string): boolean {
  const at = source.indexOf(STAR);
  const rest = (at === -1 ? source : source.slice(0, at) + source.slice(at + STAR.length)).replaceAll('(?:', '').replaceAll('\\/?', '');
  return !/(?:^|[^\\])(?:\\\\)*[*+?{]/.test(rest);
}

/** picomatch escapes punctuation as ECMAScript's `u` mode refuses (`\-`), and RE2 accepts. */
function linear(source: string): ((input: string) => boolean) | string {
  if (singleStar(source)) {
    const native = new RegExp(source);
    return (input) => native.test(input);
  }
  re2js ??= (requireCjs('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  try {
    const compiled = re2js.compile(source);
    return (input) => compiled.matches(input);
  } catch (error) {
    return (error as Error).message.replace(/^error parsing regexp: /, '');
  }
}

const NO_LEADING_DOT = '(?!\\.)';
const NOT_EMPTY = '(?=.)';
const HEAD = '^(?:';

/** Whether the input is a pattern rather than a plain path: glob syntax, an escape, or a `!`. */
export function isGlob(input: string): boolean {
  const scan = picomatch.scan(input);
  return scan.isGlob || scan.negated || input.includes('\\');
}

/** `!pattern` excludes; the pattern without its `!`. */
export function splitNegation(input: string): { negated: boolean; pattern: string } {
  return input.startsWith('!') && !input.startsWith('!(') ? { negated: true, pattern: input.slice(1) } : { negated: false, pattern: input };
}

function isMagicPart(part: string): boolean {
  return part.includes('\\') || picomatch.scan(part).isGlob;
}

/** The directory part of a pattern before its first glob segment ('' when none). */
export function staticBase(pattern: string): string {
  const parts = picomatch.scan(pattern, { parts: true }).parts ?? pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (isMagicPart(part)) break;
    fixed.push(part);
  }
  return fixed.length === parts.length ? fixed.slice(0, -1).join('/') : fixed.join('/');
}

type Segment = { globstar: true; atLeastOne: boolean } | { globstar: false; noLeadingDot: boolean; test: (s: string) => boolean };

function compileSegment(part: string): Segment | string {
  if (part === '**') return { globstar: true, atLeastOne: false };
  let source = picomatch.makeRe(part).source;
  if (!source.startsWith(HEAD)) return `picomatch compiled "${part}" to an unexpected form`;
  let body = source.slice(HEAD.length);
  const noLeadingDot = body.startsWith(NO_LEADING_DOT);
  if (noLeadingDot) body = body.slice(NO_LEADING_DOT.length);
  // Not empty: always true of a path segment.
  if (body.startsWith(NOT_EMPTY)) body = body.slice(NOT_EMPTY.length);
  source = HEAD + body;
  if (/\(\?<?[=!]/.test(source))
    return `"${part}" needs a look-around (a negated extglob such as !(x)), which cannot run in linear time; exclude with a separate "!pattern" instead`;
  const test = linear(source);
  if (typeof test === 'string') return `"${part}" cannot run in linear time (${test})`;
  return { globstar: false, noLeadingDot, test };
}

/** A matcher for whole POSIX paths relative to the root, or why the pattern cannot be used. */
export function compileGlob(pattern: string): CompiledGlob {
  // `**/**` is one `**`, as in picomatch.
  const parts = (picomatch.scan(pattern, { parts: true }).parts ?? [pattern]).filter(
    (part, i, all) => part !== '**' || all[i - 1] !== '**',
  );
  const segments: Segment[] = [];
  for (const part of parts) {
    if (part.includes('/'))
      return { ok: false, reason: `braces that contain "/" ("${part}") are not supported; pass one pattern per alternative` };
    const segment = compileSegment(part);
    if (typeof segment === 'string') return { ok: false, reason: segment };
    segments.push(segment);
  }
  // picomatch lets a trailing `/**` match nothing after most segments (`a/**` selects `a`), but
  // not after one that ends in a star (`*/**` does not select `a`): asked of picomatch itself.
  const last = segments.at(-1);
  if (last?.globstar && parts.length > 1) {
    last.atLeastOne = !picomatch.makeRe(`${parts.at(-2)!}/**`).source.endsWith('|$))$');
  }
  return { ok: true, test: (path) => matchSegments(segments, path.split('/')) };
}

/**
 * Whether the segments match the path's names: `**` takes zero or more names that do not start
 * with a dot. A table over (segment, name) keeps it at segments x names tests.
 */
function matchSegments(segments: readonly Segment[], names: readonly string[]): boolean {
  // reach[j]: the first i segments can match the first j names.
  let reach: boolean[] = names.map(() => false).concat(false);
  reach[0] = true;
  for (const segment of segments) {
    const next: boolean[] = names.map(() => false).concat(false);
    for (let j = 0; j <= names.length; j++) {
      if (segment.globstar) {
        const extends_ = j > 0 && !names[j - 1]!.startsWith('.') && (next[j - 1]! || (segment.atLeastOne && reach[j - 1]!));
        next[j] = (!segment.atLeastOne && reach[j]!) || extends_;
      } else if (j > 0 && reach[j - 1]) {
        const name = names[j - 1]!;
        next[j] = !(segment.noLeadingDot && name.startsWith('.')) && segment.test(name);
      }
    }
    reach = next;
  }
  return reach[names.length]!;
}
