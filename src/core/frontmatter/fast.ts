import { listOf, smiListOf } from '../lists.js';
import type { ParsedFrontmatter, ValueSpan } from './parsed.js';

/**
 * A fast path for the frontmatter almost every governed document has: flat `key: scalar`
 * lines and simple block lists of scalars. It returns exactly what the `yaml` package
 * (YAML 1.2, core schema) gives for the same text — data, key order, scalar sources, lines
 * and value spans — and declines (undefined) anything it is not certain of, which then goes
 * to the `yaml` package: escapes, flow collections, anchors, aliases, tags, block scalars,
 * multi-line scalars, comments, tabs, CR, trailing blanks, unusual characters, numbers other
 * than plain decimals, duplicate or unusual keys. It never evaluates anything; a differential
 * property test (test/unit/frontmatter-fast.property.test.ts) holds it to the `yaml` package.
 */

const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;
/** Characters the fast path accepts anywhere: LF, printable ASCII, and non-ASCII except controls, BOM, separators, non-characters. */
const UNUSUAL = /[^\n\x20-\x7e\u00a0-\u2027\u202a-\ufefe\uff00-\ufffd]/;
/** First characters that make a plain scalar something else (YAML indicators), or that we do not handle. */
const INDICATOR = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', ' ']);
// The core schema's resolvers (yaml/dist/schema/core): a plain scalar matching one is not a string.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
// The six numeric resolvers (octal, integer, hex, infinities and NaN, exponent, float) as one
// alternation: the same language as testing each, one regular expression call instead of six.
const NUMERIC =
  /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;
const SIMPLE_INT = /^[0-9]{1,15}$/;
const SIMPLE_FLOAT = /^[0-9]{1,15}\.[0-9]{1,15}$/;

const DECLINE = Symbol('decline');

/** The value of a plain scalar as the core schema resolves it, or DECLINE. */
function plainValue(src: string): unknown {
  const c = src.charCodeAt(0);
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
    // A letter: only null (n, N) and the booleans (t, T, f, F) start with one; no number does.
    if (c !== 0x6e && c !== 0x4e && c !== 0x74 && c !== 0x54 && c !== 0x66 && c !== 0x46) return src;
    if (NULL.test(src)) return null;
    if (BOOL.test(src)) return c === 0x74 || c === 0x54;
    return src;
  }
  if (src.length === 0 || src === '~') return null;
  // Every number starts with a digit, a sign or a dot.
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) return src;
  if (NUMERIC.test(src)) {
    if (SIMPLE_INT.test(src)) return parseInt(src, 10);
    if (SIMPLE_FLOAT.test(src)) return parseFloat(src);
    return DECLINE;
  }
  return src;
}

/**
 * The fast path's scalars and entries are made by constructors, not literals, for the reason
 * OutlineLink in markdown/simple-outline.ts gives (SPEC-006 §3.12): they hold slices of the document's text.
 */
class Scalar {
  declare value: unknown;
  /** Scalar.source: the plain text, or a quoted scalar's content. */
  declare source: string;
  /** Offsets in the YAML text: [start, end) of the value as written (quotes included). */
  declare start: number;
  declare end: number;
  constructor(value: unknown, source: string, start: number, end: number) {
    this.value = value;
    this.source = source;
    this.start = start;
    this.end = end;
  }
}

/**
 * A one-line scalar value as the fast path reads it (also docops.config.yaml's fast path,
 * config/simple-yaml.ts): its value and Scalar.source, or undefined to decline.
 */
export function simpleScalar(text: string): { value: unknown; source: string } | undefined {
  if (hasUnusualCharacters(text) || text.includes('\n')) return undefined;
  const scalar = scalarAt(text, 0, text.length);
  return scalar === DECLINE ? undefined : { value: scalar.value, source: scalar.source };
}

/** Characters other than LF that the fast paths leave to the `yaml` package. */
export function hasUnusualCharacters(text: string): boolean {
  return UNUSUAL.test(text);
}

/** A key the fast path reads as a plain string key. */
export function simpleKey(key: string): boolean {
  return KEY.test(key) && key !== '__proto__' && plainValue(key) === key;
}

/**
 * Keys simpleKey accepted before, by length (at most KNOWN_PER_LENGTH of each), as property
 * names: a document's keys are mostly the same few, and one read again is found by comparing
 * the text in place. A key sliced from each document and tested again (a regular expression,
 * and for `title`, `type` or `tags` two more) cost about a microsecond a document, and making
 * it a property name looked it up in V8's string table each time.
 */
const knownKeys: string[][] = [];
const KNOWN_PER_LENGTH = 16;

/** The known key that `yaml` holds from `from` to `to`, if any. */
function knownKeyAt(yaml: string, from: number, to: number): string | undefined {
  // In bounds only: a read past an array's end throws optimised code away (SPEC-006 §3.12).
  const known = to - from < knownKeys.length ? knownKeys[to - from] : undefined;
  if (known !== undefined) for (let i = 0; i < known.length; i++) if (yaml.startsWith(known[i]!, from)) return known[i];
  return undefined;
}

/** `key` when simpleKey accepts it (remembered as a property name, see knownKeys), else undefined. */
function acceptedKey(key: string): string | undefined {
  if (!simpleKey(key)) return undefined;
  const known = (knownKeys[key.length] ??= []);
  if (known.length >= KNOWN_PER_LENGTH) return key;
  // The property name V8 keeps for it (an object's keys are internalised strings).
  const name = Object.keys({ [key]: true })[0]!;
  known.push(name);
  return name;
}

/** A one-line scalar from `from` to the end of its line (`end`), or DECLINE. */
function scalarAt(yaml: string, from: number, end: number): Scalar | typeof DECLINE {
  const text = yaml.slice(from, end);
  const first = text[0];
  if (first === '"' || first === "'") {
    const inner = text.slice(1, -1);
    if (text.length < 2 || text[text.length - 1] !== first || inner.includes('"') || inner.includes("'") || inner.includes('\\'))
      return DECLINE;
    return new Scalar(inner, inner, from, end);
  }
  if (first === undefined || INDICATOR.has(first)) return DECLINE;
  if (text.includes(': ') || text.includes(' #') || text.endsWith(':') || text.endsWith(' ')) return DECLINE;
  const value = plainValue(text);
  if (value === DECLINE) return DECLINE;
  return new Scalar(value, text, from, end);
}

/** What every entry has: its key and the line it is on. */
abstract class KeyedEntry {
  declare key: string;
  declare line: number;
  constructor(key: string, line: number) {
    this.key = key;
    this.line = line;
  }
}

class ScalarEntry extends KeyedEntry {
  declare readonly kind: 'scalar';
  declare scalar: Scalar;
  constructor(key: string, line: number, scalar: Scalar) {
    super(key, line);
    this.kind = 'scalar';
    this.scalar = scalar;
  }
}

class EmptyEntry extends KeyedEntry {
  declare readonly kind: 'empty';
  declare colon: number;
  constructor(key: string, line: number, colon: number) {
    super(key, line);
    this.kind = 'empty';
    this.colon = colon;
  }
}

class ListEntry extends KeyedEntry {
  declare readonly kind: 'list';
  declare items: Scalar[];
  declare itemLines: number[];
  /** Made with its first item (see core/lists.ts). */
  constructor(key: string, line: number, first: Scalar, firstLine: number) {
    super(key, line);
    this.kind = 'list';
    // Not literals: a literal has an allocation site too (see core/lists.ts).
    this.items = listOf(first);
    this.itemLines = smiListOf(firstLine);
  }
}

type Entry = ScalarEntry | EmptyEntry | ListEntry;

/** Parses the common frontmatter shape; undefined when the text needs the full YAML parser. */
export function parseSimpleFrontmatter(yaml: string, firstLine: number): ParsedFrontmatter | undefined {
  if (yaml.length === 0 || UNUSUAL.test(yaml)) return undefined;
  const entries: Entry[] = [];
  // The data, made as the keys come (a repeated key is one it has already).
  const data: Record<string, unknown> = {};
  let pos = 0;
  let line = firstLine;
  let open: EmptyEntry | ListEntry | undefined;
  let listIndent = -1;
  while (pos < yaml.length) {
    let nl = yaml.indexOf('\n', pos);
    if (nl === -1) nl = yaml.length;
    if (nl === pos) return undefined; // blank lines can fold scalars or split lists: leave them to the parser
    let indent = 0;
    while (yaml.charCodeAt(pos + indent) === 0x20) indent++;
    if (yaml[pos + indent] === '-' && yaml[pos + indent + 1] === ' ') {
      // A list item: only right after `key:` or another item at the same indentation.
      if (!open || (open.kind === 'list' && indent !== listIndent)) return undefined;
      const scalar = scalarAt(yaml, pos + indent + 2, nl);
      if (scalar === DECLINE) return undefined;
      if (open.kind === 'empty') {
        const list = new ListEntry(open.key, open.line, scalar, line);
        entries[entries.length - 1] = list;
        open = list;
        listIndent = indent;
      } else {
        open.items.push(scalar);
        open.itemLines.push(line);
      }
    } else {
      if (indent !== 0) return undefined;
      const colon = yaml.indexOf(':', pos);
      if (colon === -1 || colon > nl) return undefined;
      // Keys the core schema reads as null, booleans or numbers (`true:`, `null:`) are left to the parser.
      const key = knownKeyAt(yaml, pos, colon) ?? acceptedKey(yaml.slice(pos, colon));
      if (key === undefined || Object.hasOwn(data, key)) return undefined;
      if (colon + 1 === nl) {
        data[key] = null;
        const entry = new EmptyEntry(key, line, colon);
        entries.push(entry);
        open = entry;
      } else {
        if (yaml[colon + 1] !== ' ') return undefined;
        let from = colon + 1;
        while (yaml.charCodeAt(from) === 0x20) from++;
        if (from === nl) return undefined; // `key:` followed by blanks only
        const scalar = scalarAt(yaml, from, nl);
        if (scalar === DECLINE) return undefined;
        data[key] = scalar.value;
        entries.push(new ScalarEntry(key, line, scalar));
        open = undefined;
      }
    }
    pos = nl + 1;
    line++;
  }
  if (entries.length === 0) return undefined;
  // A list's values are known at its end.
  for (const e of entries) if (e.kind === 'list') data[e.key] = e.items.map((i) => i.value);
  return new SimpleFrontmatter(data, entries);
}

/**
 * The parse of a simple frontmatter. Its methods find a key by a linear search of the entries
 * (a frontmatter has a few dozen keys at most) on the prototype, instead of a map and five
 * closures made for every document.
 */
class SimpleFrontmatter implements ParsedFrontmatter {
  constructor(
    readonly data: Record<string, unknown>,
    private readonly entries: readonly Entry[],
  ) {}

  private entry(key: unknown): Entry | undefined {
    const k = String(key);
    const entries = this.entries;
    for (let i = 0; i < entries.length; i++) if (entries[i]!.key === k) return entries[i];
    return undefined;
  }

  hasKeys(): boolean {
    return true; // parseSimpleFrontmatter declines an empty frontmatter
  }

  keys(): string[] {
    // A loop, not map() (see outlineMarkdown in markdown/outline.ts). There is always an entry:
    // parseSimpleFrontmatter declines an empty frontmatter.
    const entries = this.entries;
    const keys = listOf(entries[0]!.key);
    for (let i = 1; i < entries.length; i++) keys.push(entries[i]!.key);
    return keys;
  }

  source(key: string): string | undefined {
    const e = this.entry(key);
    return e?.kind === 'scalar' ? e.scalar.source : e?.kind === 'empty' ? '' : undefined;
  }

  plain(key: string): boolean {
    const e = this.entry(key);
    // A quoted scalar's span holds its quotes too.
    return e?.kind === 'scalar' && e.scalar.end - e.scalar.start === e.scalar.source.length;
  }

  line(key: string): number | undefined {
    return this.entry(key)?.line;
  }

  lineAt(path: readonly (string | number)[]): number | undefined {
    if (path.length === 0) return undefined;
    const e = this.entry(path[0]);
    if (!e) return undefined;
    if (path.length === 1 || e.kind !== 'list' || typeof path[1] !== 'number') return e.line;
    return e.itemLines[path[1]] ?? e.line;
  }

  valueSpan(key: string): ValueSpan | undefined {
    const e = this.entry(key);
    if (!e) return undefined;
    if (e.kind === 'scalar') return { kind: 'scalar', start: e.scalar.start, end: e.scalar.end };
    if (e.kind === 'empty') return { kind: 'empty', insertAt: e.colon + 1, end: e.colon + 1, comment: false };
    return { kind: 'other' };
  }
}
