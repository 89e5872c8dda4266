import { readFileSync } from 'node:fs';
import { sha256 } from '../text/sha256.js';

/** index-hashes.json: the governed paths, sorted, and per path its hashes. */
export interface Hashes {
  paths: string[];
  sha256: string[];
  /** A hash of each document's facts: an edit that leaves them equal leaves the graph equal. */
  facts_hashes: string[];
}

const isStrings = (v: unknown, n: number): v is string[] => Array.isArray(v) && v.length === n && v.every((s) => typeof s === 'string');

function isHashes(h: unknown, n: number): h is Hashes {
  return (
    !!h &&
    typeof h === 'object' &&
    isStrings((h as Hashes).paths, n) &&
    isStrings((h as Hashes).sha256, n) &&
    isStrings((h as Hashes).facts_hashes, n)
  );
}

/** An array of equally long quoted items, `["...","..."]`, at a known place in the file's bytes. */
interface FixedArray {
  /** Offset of the first item's opening quote. */
  start: number;
  /** Bytes an item takes with its quotes and the comma after it. */
  stride: number;
  /** What an item holds between its quotes. */
  item: RegExp;
}

const HEX64 = /^[0-9a-f]{64}$/;
const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{43}$/;

/**
 * The hashes file of a manifest, verified against the SHA-256 the manifest records, and read
 * only as far as needed. `index` after a few edits needs the old hashes of those files alone:
 * JSON.parse of the whole file (three strings a document) was the largest part of what such a
 * run spent on it, with page faults for the heap it filled. The file is JSON.stringify's
 * `{"paths":[...],"sha256":[...],"facts_hashes":[...]}`, whose last two arrays hold items of
 * one length (a hex SHA-256, a base64url SHA-256): item i is found by arithmetic and checked
 * where it is read. The key `"sha256":[` cannot occur inside a path (a JSON string escapes its
 * quotes), so its first occurrence is the key. Anything unexpected falls back to parsing the
 * whole file, which validates every item as before.
 */
export class HashesFile {
  private parsed?: Hashes | null;
  private arrays?: { sha256: FixedArray; facts: FixedArray } | null;

  private constructor(
    private readonly bytes: Buffer,
    private readonly count: number,
    private readonly overlay: Readonly<Record<string, string>> | undefined,
  ) {}

  /** The file at `abs` when its bytes have the SHA-256 `expected`; null otherwise (missing, unreadable, another file). */
  static read(abs: string, expected: string, count: number, overlay?: Readonly<Record<string, string>>): HashesFile | null {
    try {
      const bytes = readFileSync(abs);
      return sha256(bytes) === expected ? new HashesFile(bytes, count, overlay) : null;
    } catch {
      return null;
    }
  }

  /** The content digest of entry i (the manifest's overlay first); undefined when the file does not hold one. */
  sha256At(i: number): string | undefined {
    return this.overlay?.[i] ?? this.at('sha256', i);
  }

  /** The facts hash of entry i; undefined when the file does not hold one. */
  factsHashAt(i: number): string | undefined {
    return this.at('facts', i);
  }

  /** The whole file, parsed and checked, with the manifest's overlay applied; null when it is not a hashes file of `count` entries. */
  whole(): Hashes | null {
    if (this.parsed === undefined) {
      try {
        const h = JSON.parse(this.bytes.toString('utf8')) as unknown;
        this.parsed = isHashes(h, this.count) ? h : null;
      } catch {
        this.parsed = null;
      }
      // Positions past the file's entries are the manifest's appended files: not the file's.
      if (this.parsed)
        for (const [k, sha] of Object.entries(this.overlay ?? {})) if (Number(k) < this.count) this.parsed.sha256[Number(k)] = sha;
    }
    return this.parsed;
  }

  /**
   * The paths alone, parsed from the first array of the file (a third of the whole file's
   * strings); null when the file is not a hashes file of `count` entries. The array ends at
   * the first `],"sha256":[`: inside a path, a quote is escaped.
   */
  paths(): string[] | null {
    const head = '{"paths":';
    const end = this.parsed === undefined ? this.bytes.indexOf('],"sha256":[') : -1;
    if (end >= 0 && this.bytes.toString('latin1', 0, head.length) === head) {
      try {
        const paths = JSON.parse(this.bytes.toString('utf8', head.length, end + 1)) as unknown;
        if (isStrings(paths, this.count)) return paths;
      } catch {
        // Not that layout: the whole parse decides.
      }
    }
    return this.whole()?.paths ?? null;
  }

  private at(which: 'sha256' | 'facts', i: number): string | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    if (this.parsed) return which === 'sha256' ? this.parsed.sha256[i] : this.parsed.facts_hashes[i];
    if (this.arrays === undefined) this.arrays = this.locate();
    const a = this.arrays?.[which];
    if (!a) return this.fromWhole(which, i);
    const from = a.start + i * a.stride;
    const end = from + a.stride - 1;
    const text = this.bytes.toString('latin1', from, end);
    const inner = text.slice(1, -1);
    const after = this.bytes[end];
    const fits =
      text.startsWith('"') && text.endsWith('"') && a.item.test(inner) && (i === this.count - 1 ? after === 0x5d : after === 0x2c);
    return fits ? inner : this.fromWhole(which, i);
  }

  private fromWhole(which: 'sha256' | 'facts', i: number): string | undefined {
    const h = this.whole();
    return h ? (which === 'sha256' ? h.sha256[i] : h.facts_hashes[i]) : undefined;
  }

  /** Where the two arrays of fixed-length items start; null when the file is not laid out as JSON.stringify writes it. */
  private locate(): { sha256: FixedArray; facts: FixedArray } | null {
    const sha = this.bytes.indexOf('"sha256":[');
    const facts = this.bytes.indexOf('"facts_hashes":[');
    if (sha < 0 || facts < 0) return null;
    const sha256: FixedArray = { start: sha + 10, stride: 67, item: HEX64 };
    const factsArray: FixedArray = { start: facts + 16, stride: 46, item: BASE64URL_SHA256 };
    // The sha256 array ends exactly where "facts_hashes" begins: `],` then the key.
    const shaEnd = this.count === 0 ? sha256.start + 1 : sha256.start + this.count * 67;
    return shaEnd + 1 === facts ? { sha256, facts: factsArray } : null;
  }
}
