import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import { AtomicStream } from '../fs/atomic-stream.js';
import { CACHE_DIR, ensureCacheDirSync, fingerprint } from '../fs/cache-dir.js';
import { lstatOrNone } from '../fs/paths.js';
import { isMemo, type DocMemo } from './memo.js';

const FILE = `${CACHE_DIR}/check.ndjson`;
/** Bump when DocMemo, the rules that fill it, or this file's format change. */
const CACHE_VERSION = 'check-1';
/**
 * A file modified this close to (or after) the moment the run that remembered it started may
 * have changed again within the same mtime tick: its memo is not trusted (git's "racily
 * clean" rule, with a margin for file systems with coarse timestamps).
 */
const RACY_MS = 2000;

/** A remembered document: its stat when described, its memo as JSON (parsed only on a hit), and the whole line. */
interface Line {
  size: number;
  mtimeMs: number;
  text: string;
  line: string;
}

/** What a lookup found: the memo, the file's stat, and the line to write again. */
export interface Remembered {
  memo: DocMemo;
  size: number;
  mtimeMs: number;
  line: string;
}

/** `"rel"\tsize\tmtime\tmemo`: JSON strings never hold a raw tab, so the first three tabs split it. */
function parseLine(line: string): [string, Line] | undefined {
  const a = line.indexOf('\t');
  const b = line.indexOf('\t', a + 1);
  const c = line.indexOf('\t', b + 1);
  if (a < 0 || b < 0 || c < 0) return undefined;
  // A path without escapes is the text between the quotes (most are); JSON.parse for the others.
  const quoted = line.slice(0, a);
  const rel = !quoted.includes('\\') && quoted.length >= 2 && quoted.startsWith('"') && quoted.endsWith('"') ? quoted.slice(1, -1) : (JSON.parse(quoted) as unknown);
  const size = Number(line.slice(a + 1, b));
  const mtimeMs = Number(line.slice(b + 1, c));
  if (typeof rel !== 'string' || !Number.isFinite(size) || !Number.isFinite(mtimeMs)) return undefined;
  return [rel, { size, mtimeMs, text: line.slice(c + 1), line }];
}

/**
 * check's cache: the memo of each document (see memo.ts) keyed by path, size and mtime, valid
 * for one fingerprint (cache format, docket version, config, schemas). An unchanged document
 * is not opened, decoded or parsed; links and every rule that needs other documents run on
 * every check. The cache only decides what need not be read again, never what check reports:
 * anything unreadable, corrupt or of another fingerprint is ignored, and results are the same
 * with the cache warm, cold or off (tests compare them byte for byte).
 *
 * The new file is written while documents stream by, in path order (`record`), from the
 * first document that changed: memory does not grow with the repository, and a run in which
 * nothing changed writes nothing.
 */
export class CheckCache {
  private previous = new Map<string, Line>();
  private writtenMs = 0;
  /** When this run started: the racy rule of the next run compares mtimes with it. */
  private readonly startedMs = Date.now();
  private valid = false;
  /** Lines of unchanged documents not written yet (nothing has changed so far). */
  private pending: string[] = [];
  private count = 0;
  private stream: AtomicStream | undefined;
  private unwritable = false;

  private constructor(
    private readonly config: RepoConfig,
    private readonly print: string,
  ) {}

  static async open(config: RepoConfig): Promise<CheckCache> {
    const cache = new CheckCache(config, await fingerprint(config, CACHE_VERSION));
    let text: string;
    try {
      text = readFileSync(path.join(config.root, FILE), 'utf8');
    } catch {
      return cache;
    }
    try {
      const lines = text.split('\n');
      const header = JSON.parse(lines[0]!) as { fingerprint?: unknown; written_ms?: unknown };
      if (header?.fingerprint !== cache.print || typeof header.written_ms !== 'number') throw new Error('another fingerprint');
      cache.writtenMs = header.written_ms;
      for (let i = 1; i < lines.length; i++) {
        if (lines[i] === '') continue;
        const entry = parseLine(lines[i]!);
        if (!entry) throw new Error('corrupt line');
        cache.previous.set(entry[0], entry[1]);
      }
      cache.valid = true;
    } catch {
      cache.previous.clear();
    }
    return cache;
  }

  /** The memo of an unchanged document, with its stat; undefined when it must be read. */
  lookup(file: GovernedFile): Remembered | undefined {
    const line = this.previous.get(file.rel);
    if (!line || line.mtimeMs >= this.writtenMs - RACY_MS) return undefined;
    const stat = lstatOrNone(path.join(this.config.root, file.rel));
    if (!stat?.isFile() || stat.size !== line.size || stat.mtimeMs !== line.mtimeMs) return undefined;
    let memo: unknown;
    try {
      memo = JSON.parse(line.text);
    } catch {
      return undefined;
    }
    if (!isMemo(memo) || !memo[6].every((f) => f.path === file.rel)) return undefined;
    return { memo, size: line.size, mtimeMs: line.mtimeMs, line: line.line };
  }

  /**
   * Called for every document in path order: `line` of a remembered one, or the memo of one
   * this run described (neither: it is not remembered, e.g. it could not be read).
   */
  record(file: GovernedFile, remembered: string | undefined, described?: { size: number; mtimeMs: number; memo: DocMemo }): void {
    if (this.unwritable) return;
    let line = remembered;
    if (described) line = `${JSON.stringify(file.rel)}\t${described.size}\t${described.mtimeMs}\t${JSON.stringify(described.memo)}`;
    if (line === undefined) return;
    this.count++;
    if (this.stream) this.stream.write(`${line}\n`);
    else if (described) {
      if (this.begin()) this.stream!.write(`${line}\n`);
    } else this.pending.push(line);
  }

  /** Starts the new file with the lines held so far; false when it cannot be written. */
  private begin(): boolean {
    const stream = ensureCacheDirSync(this.config.root) ? AtomicStream.open(this.config.root, path.join(this.config.root, FILE)) : undefined;
    if (!stream) {
      this.unwritable = true;
      this.pending = [];
      return false;
    }
    this.stream = stream;
    stream.write(`${JSON.stringify({ cache_version: CACHE_VERSION, fingerprint: this.print, written_ms: this.startedMs })}\n`);
    for (const line of this.pending) stream.write(`${line}\n`);
    this.pending = [];
    return true;
  }

  /**
   * Ends the run: the new file replaces the old one when a document changed, or when the old
   * one lists documents this run did not keep (removed, unreadable) or is unusable. Failing
   * to write (read-only checkout, no space) is not an error: the next check reads everything.
   */
  finish(): void {
    if (this.unwritable) return;
    if (!this.stream && (!this.valid || this.count !== this.previous.size) && !this.begin()) return;
    this.stream?.commit();
    this.stream = undefined;
  }

  /** An interrupted run leaves the old file as it was. */
  abort(): void {
    this.stream?.abort();
    this.stream = undefined;
    this.unwritable = true;
  }
}
