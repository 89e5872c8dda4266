import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../engine/documents/walk.js';
import { AtomicStream } from '../fs/atomic-stream.js';
import { CACHE_DIR, ensureCacheDirSync, fingerprint, isSealed } from './cache-dir.js';
import { type FileLine, LineReader } from '../fs/line-reader.js';
import { lstatOrNone } from '../fs/paths.js';
import { detach } from '../text/detach.js';
import { isMemo, type DocMemo } from './check-memo.js';

const FILE = `${CACHE_DIR}/check.ndjson`;
/** Bump when DocMemo, the rules that fill it, or this file's format change. */
// check-3: frontmatter shapes of the Python DocOps CLI (leading blank lines, `----` fences) are read.
// check-4: SCALAR_TYPE_MISMATCH (one rule for scalars YAML types otherwise than the schema).
// check-5: METADATA_BLOCK_DRIFT (the visible metadata block against the frontmatter).
// check-6: FILENAME_ID_MISMATCH (a name whose type word or number contradicts the ID).
const CACHE_VERSION = 'check-6';
/**
 * A file modified this close to (or after) the moment the run that remembered it started may
 * have changed again within the same mtime tick: its memo is not trusted (git's "racily
 * clean" rule, with a margin for file systems with coarse timestamps).
 */
const RACY_MS = 2000;

/** A line of the old file: a document's path, its stat when described, the SHA-256 of its bytes, its memo as JSON (parsed only on a hit), and where the line is. */
interface Entry {
  rel: string;
  size: number;
  mtimeMs: number;
  digest: string;
  memo: string;
  start: number;
  end: number;
}

/** Bytes [start, end) of a line of the old cache file (without its newline). */
export interface LineRange {
  start: number;
  end: number;
}

/** What a lookup found for an unchanged document: the memo, the file's stat, and where its line is (copied to the new file). */
export interface Remembered {
  memo: DocMemo;
  size: number;
  mtimeMs: number;
  range: LineRange;
}

/**
 * What a lookup found for a document whose stat changed (or is too recent to trust): the
 * SHA-256 its memo was made from. When the bytes read now have it, `recall` gives the memo.
 */
export interface Candidate {
  digest: string;
  range: LineRange;
}

/** A line's digest: the SHA-256 of the bytes its memo was made from, or empty (a run of the metadata strategy did not hash them). */
const DIGEST = /^(?:[0-9a-f]{64})?$/;

/** `"rel"\tsize\tmtime\tdigest\tmemo` (digest may be empty): JSON strings never hold a raw tab, so the first four tabs split it. */
function parseLine(line: FileLine): Entry | undefined {
  const text = line.text;
  const a = text.indexOf('\t');
  const b = text.indexOf('\t', a + 1);
  const c = text.indexOf('\t', b + 1);
  const d = text.indexOf('\t', c + 1);
  if (a < 0 || b < 0 || c < 0 || d < 0) return undefined;
  // A path without escapes is the text between the quotes (most are); JSON.parse for the others.
  const quoted = text.slice(0, a);
  let rel: unknown;
  try {
    rel =
      !quoted.includes('\\') && quoted.length >= 2 && quoted.startsWith('"') && quoted.endsWith('"')
        ? quoted.slice(1, -1)
        : JSON.parse(quoted);
  } catch {
    return undefined;
  }
  const size = Number(text.slice(a + 1, b));
  const mtimeMs = Number(text.slice(b + 1, c));
  const digest = text.slice(c + 1, d);
  if (typeof rel !== 'string' || !Number.isFinite(size) || !Number.isFinite(mtimeMs) || !DIGEST.test(digest)) return undefined;
  return { rel, size, mtimeMs, digest, memo: text.slice(d + 1), start: line.start, end: line.end };
}

/** The memo of a line, parsed and checked (the cache file is not trusted): undefined when it is not one of this document's. */
function parsedMemo(entry: Entry, rel: string): DocMemo | undefined {
  let memo: unknown;
  try {
    memo = JSON.parse(entry.memo);
  } catch {
    return undefined;
  }
  return isMemo(memo) && memo[6].every((f) => f.path === rel) ? memo : undefined;
}

/**
 * check's cache: the memo of each document (see memo.ts) keyed by path, size and mtime, valid
 * for one fingerprint (cache format, docket version, config, schemas). An unchanged document
 * is not opened, decoded or parsed; links and every rule that needs other documents run on
 * every check. With the content strategy, a document whose stat changed but not its bytes (a
 * fresh clone with a restored cache, `touch`, a branch switched back) is read and hashed, not
 * described: each memo is also keyed by the SHA-256 of the bytes it was made from. The cache
 * only decides what need not be read again, never what check reports:
 * anything unreadable, corrupt, of another fingerprint or not left there by docket (its mtime
 * is not the time in its header: see isSealed) is ignored, and results are the same
 * with the cache warm, cold or off (tests compare them byte for byte).
 *
 * Memory does not grow with the repository: the old file is read forward alongside the
 * documents, which are looked up in path order, the order it was written in (an entry out of
 * order is only a miss). The new file is written while documents stream by (`record`), from
 * the first document that changed; the lines of unchanged ones are copied from the old file
 * as byte ranges, merged when adjacent. A run in which nothing changed writes nothing.
 */
export class CheckCache {
  private reader: LineReader | undefined;
  /** The next entry of the old file not yet passed; null once there is none (or it is corrupt). */
  private ahead: Entry | undefined | null = null;
  /** Entries of the old file read so far (every one, once `drain` ran). */
  private oldEntries = 0;
  private writtenMs = 0;
  /** When this run started: the racy rule of the next run compares mtimes with it. */
  private readonly startedMs = Date.now();
  private valid = false;
  /** Byte ranges of the old file still to copy into the new one, as [start, end) pairs. */
  private ranges: number[] = [];
  private count = 0;
  private stream: AtomicStream | undefined;
  private unwritable = false;

  private constructor(
    private readonly config: RepoConfig,
    private readonly print: string,
    /** The content strategy: documents whose stat changed are looked up by digest too. */
    readonly byContent: boolean,
  ) {}

  static async open(config: RepoConfig, byContent = false): Promise<CheckCache> {
    const cache = new CheckCache(config, await fingerprint(config, CACHE_VERSION), byContent);
    const reader = LineReader.open(path.join(config.root, FILE));
    if (!reader) return cache;
    cache.reader = reader;
    try {
      const header = JSON.parse(reader.next()?.text ?? '') as { fingerprint?: unknown; written_ms?: unknown };
      if (header?.fingerprint !== cache.print || typeof header.written_ms !== 'number') throw new Error('another fingerprint');
      // Not the file docket left here (checked out from git, copied without its times): its digests could be anyone's.
      if (!isSealed(reader.mtimeMs() ?? Number.NaN, header.written_ms)) throw new Error('not sealed');
      cache.writtenMs = header.written_ms;
      cache.valid = true;
      cache.ahead = undefined;
    } catch {
      cache.valid = false;
    }
    return cache;
  }

  /** No document will be remembered: there is no cache file, or not one this run can use. */
  get remembersNothing(): boolean {
    return !this.reader || !this.valid;
  }

  /** The next entry of the old file; null at its end, or at a corrupt line (nothing after it is trusted). */
  private nextEntry(): Entry | null {
    for (;;) {
      const line = this.reader!.next();
      if (!line) return null;
      if (line.text === '') continue;
      this.oldEntries++;
      const entry = parseLine(line);
      if (entry) return entry;
      this.valid = false;
      return null;
    }
  }

  /** The next entry not yet passed, read on demand; null when there is none. */
  private peek(): Entry | null {
    if (this.ahead === undefined) this.ahead = this.nextEntry();
    return this.ahead;
  }

  /**
   * The memo of an unchanged document, with its stat; for a document whose stat changed, the
   * digest its memo needs (a Candidate); undefined when it must be described. Called in path order.
   */
  lookup(file: GovernedFile): Remembered | Candidate | undefined {
    let entry = this.peek();
    // Entries before this path belong to documents that are gone.
    while (entry && entry.rel < file.rel) {
      this.ahead = undefined;
      entry = this.peek();
    }
    if (!entry || entry.rel !== file.rel) return undefined;
    this.ahead = undefined;
    const range = { start: entry.start, end: entry.end };
    const byDigest = this.byContent && entry.digest !== '';
    const racy = entry.mtimeMs >= this.writtenMs - RACY_MS;
    if (racy && !byDigest) return undefined;
    const stat = lstatOrNone(path.join(this.config.root, file.rel));
    if (!stat?.isFile()) return undefined;
    if (racy || stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) {
      // The digest is a slice of the whole line: detached, it does not keep the line alive until the document is read.
      return byDigest ? { digest: detach(entry.digest), range } : undefined;
    }
    const memo = parsedMemo(entry, file.rel);
    return memo ? { memo, size: entry.size, mtimeMs: entry.mtimeMs, range } : undefined;
  }

  /** The memo of a Candidate whose bytes had its digest, read back from the old file; undefined if it is not a valid memo. */
  recall(file: GovernedFile, range: LineRange): DocMemo | undefined {
    const text = this.reader?.textAt(range.start, range.end);
    if (text === undefined) return undefined;
    const entry = parseLine({ text, start: range.start, end: range.end });
    return entry && entry.rel === file.rel ? parsedMemo(entry, file.rel) : undefined;
  }

  /**
   * Called for every document in path order: the line range of a remembered one, or the memo
   * of one this run described (neither: it is not remembered, e.g. it could not be read).
   */
  record(
    file: GovernedFile,
    remembered: LineRange | undefined,
    described?: { size: number; mtimeMs: number; digest?: string; memo: DocMemo },
  ): void {
    if (this.unwritable) return;
    if (described) {
      this.count++;
      if (!this.stream && !this.begin()) return;
      this.copyRanges();
      this.stream!.write(
        `${JSON.stringify(file.rel)}\t${described.size}\t${described.mtimeMs}\t${described.digest ?? ''}\t${JSON.stringify(described.memo)}\n`,
      );
    } else if (remembered) {
      this.count++;
      const last = this.ranges.length - 1;
      // Adjacent lines of the old file are copied as one range (with the newline between them).
      if (last > 0 && this.ranges[last] === remembered.start - 1) this.ranges[last] = remembered.end;
      else this.ranges.push(remembered.start, remembered.end);
    }
  }

  /** Starts the new file; false when it cannot be written. */
  private begin(): boolean {
    const stream = ensureCacheDirSync(this.config.root)
      ? AtomicStream.open(this.config.root, path.join(this.config.root, FILE))
      : undefined;
    if (!stream) {
      this.unwritable = true;
      this.ranges = [];
      return false;
    }
    this.stream = stream;
    stream.write(`${JSON.stringify({ cache_version: CACHE_VERSION, fingerprint: this.print, written_ms: this.startedMs })}\n`);
    return true;
  }

  /** Copies the pending lines of the old file into the new one. */
  private copyRanges(): void {
    const stream = this.stream!;
    for (let k = 0; k < this.ranges.length; k += 2) {
      const copied = this.reader?.copy(this.ranges[k]!, this.ranges[k + 1]!, (bytes) => stream.writeBytes(bytes)) ?? false;
      if (!copied) {
        // The old file cannot give its lines back: the new one is not written (the next check reads everything).
        stream.abort();
        this.stream = undefined;
        this.unwritable = true;
        break;
      }
      stream.write('\n');
    }
    this.ranges = [];
  }

  /**
   * Ends the run: the new file replaces the old one when a document changed, or when the old
   * one lists documents this run did not keep (removed, unreadable) or is unusable. Failing
   * to write (read-only checkout, no space) is not an error: the next check reads everything.
   */
  finish(): void {
    if (!this.unwritable) {
      // Count the entries no document asked for: removed documents make the file stale.
      if (!this.stream && this.valid) {
        while (this.peek()) this.ahead = undefined;
      }
      if ((this.stream || !this.valid || this.count !== this.oldEntries) && (this.stream || this.begin())) this.copyRanges();
    }
    this.reader?.close();
    this.reader = undefined;
    this.stream?.commit(this.startedMs);
    this.stream = undefined;
  }

  /** An interrupted run leaves the old file as it was. */
  abort(): void {
    this.stream?.abort();
    this.stream = undefined;
    this.unwritable = true;
    this.reader?.close();
    this.reader = undefined;
  }
}
