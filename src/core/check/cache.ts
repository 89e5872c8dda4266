import { lstatSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import type { GovernedFile } from '../documents/walk.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { CACHE_DIR, ensureCacheDir, fingerprint } from '../fs/cache-dir.js';
import { isMemo, type DocMemo } from './memo.js';

const FILE = `${CACHE_DIR}/check.ndjson`;
/** Bump when DocMemo, the rules that fill it, or this file's format change. */
const CACHE_VERSION = 'check-1';
/**
 * A file modified this close to (or after) the moment the cache was written may have changed
 * again within the same mtime tick: its memo is not trusted (git's "racily clean" rule).
 */
const RACY_MS = 2000;

/** A remembered document: its stat when described, and its memo as JSON (parsed only on a hit). */
interface Line {
  size: number;
  mtimeMs: number;
  /** The memo's JSON. */
  text: string;
  /** The whole line, written again as is when the document did not change. */
  line: string;
}

function lstatOf(abs: string): Stats | undefined {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
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
 */
export class CheckCache {
  private previous = new Map<string, Line>();
  private next = new Map<string, string>();
  private writtenMs = 0;
  private changed = false;

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
      cache.changed = true;
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
    } catch {
      cache.previous.clear();
      cache.changed = true;
    }
    return cache;
  }

  /** The memo of an unchanged document, with its stat; undefined when it must be read. */
  lookup(file: GovernedFile): { memo: DocMemo; size: number; mtimeMs: number } | undefined {
    const line = this.previous.get(file.rel);
    if (!line || line.mtimeMs >= this.writtenMs - RACY_MS) return undefined;
    const stat = lstatOf(path.join(this.config.root, file.rel));
    if (!stat?.isFile() || stat.size !== line.size || stat.mtimeMs !== line.mtimeMs) return undefined;
    let memo: unknown;
    try {
      memo = JSON.parse(line.text);
    } catch {
      return undefined;
    }
    if (!isMemo(memo) || !memo[6].every((f) => f.path === file.rel)) return undefined;
    this.next.set(file.rel, line.line);
    return { memo, size: line.size, mtimeMs: line.mtimeMs };
  }

  /** A document this run described. */
  remember(file: GovernedFile, size: number, mtimeMs: number, memo: DocMemo): void {
    this.next.set(file.rel, `${JSON.stringify(file.rel)}\t${size}\t${mtimeMs}\t${JSON.stringify(memo)}`);
    this.changed = true;
  }

  /**
   * Writes the memos of this run's documents when any of them is new; keeps the file when
   * nothing changed. Failing to write (read-only checkout, no space) is not an error: the
   * next check just reads everything again.
   */
  async save(): Promise<void> {
    if (!this.changed && this.next.size === this.previous.size) return;
    const lines = [...this.next.keys()].sort().map((rel) => this.next.get(rel)!);
    const header = JSON.stringify({ cache_version: CACHE_VERSION, fingerprint: this.print, written_ms: Date.now() });
    try {
      if (!(await ensureCacheDir(this.config.root))) return;
      await writeFileAtomic(this.config.root, path.join(this.config.root, FILE), `${header}\n${lines.join('\n')}\n`, { overwrite: true });
    } catch {
      // best effort: see above
    }
  }
}
