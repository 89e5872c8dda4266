import type { Advice, Issue } from '../issues.js';
import type { DocFacts } from '../index/facts.js';
import type { Hashes } from './index-hashes-file.js';

/**
 * The index cache's manifest (`.docket/cache/index.json`): its shape, and the checks a
 * manifest must pass to be used (see IndexCache in cache.ts). A manifest that fails them is
 * corrupt: the index is built in full and the cache rewritten.
 */

/** What an index build reports about the graph: counts, the first ID, findings. */
export interface IndexSummary {
  node_count: number;
  edge_count: number;
  /** The first node's ID (for the advice to resolve it), null without nodes. */
  first_id: string | null;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
}

/** The last build's summary (its warnings: the documents' and the graph's, not the cache's or the walk's) and the artifact it left. */
export interface StoredResult extends IndexSummary {
  artifact_sha256: string;
  artifact_size: number;
  artifact_mtime_ms: number;
}

/**
 * The manifest: what a run in which nothing changed needs and no more. Stats are parallel
 * arrays in path order; the paths themselves, the hashes and the facts are in files of their
 * own, named by their SHA-256 here.
 */
export interface Manifest {
  cache_version: number;
  fingerprint: string;
  written_ms: number;
  facts_sha256: string;
  hashes_sha256: string;
  /** pathsDigest of the governed paths, in order. */
  paths_sha256: string;
  /**
   * New content digests of files whose bytes changed but not their facts (settled, see
   * unchanged), by position: they override the hashes file, so that settling a body edit
   * rewrites this small file only. Merged into the hashes file past MAX_OVERLAY entries.
   */
  hashes_overlay?: Record<string, string>;
  /**
   * New facts of documents whose facts changed (see rebuiltFromFacts), by position: they
   * override the facts file and the facts hashes of the hashes file.
   */
  facts_overlay?: Record<string, DocFacts>;
  /**
   * Paths of files added since the hashes and facts files were written (see rebuiltFromFacts), in
   * the order they were added: the last positions of sizes and mtimes are theirs, and each
   * has its digest in hashes_overlay and its facts in facts_overlay. paths_sha256 is the
   * digest of the other paths.
   */
  appended?: string[];
  /** Files gone since the hashes and facts files were written: their positions (of those files), and their paths. */
  removed?: Record<string, string>;
  sizes: number[];
  mtimes: number[];
  result: StoredResult | null;
}

const isNumbers = (v: unknown, n: number): v is number[] => Array.isArray(v) && v.length === n && v.every(Number.isFinite);
const isStrings = (v: unknown, n: number): v is string[] => Array.isArray(v) && v.length === n && v.every((s) => typeof s === 'string');

function isResult(r: unknown): r is StoredResult | null {
  if (r === null) return true;
  const x = r as StoredResult;
  return (
    !!x &&
    typeof x === 'object' &&
    typeof x.artifact_sha256 === 'string' &&
    Number.isFinite(x.artifact_size) &&
    Number.isFinite(x.artifact_mtime_ms) &&
    Number.isFinite(x.node_count) &&
    Number.isFinite(x.edge_count) &&
    (x.first_id === null || typeof x.first_id === 'string') &&
    Array.isArray(x.violations) &&
    Array.isArray(x.warnings) &&
    Array.isArray(x.advice)
  );
}

/**
 * A manifest of this version, or of version 1 or 2 (their shas still count additions and
 * changes); undefined when corrupt. This version's shas are in the hashes file (see IndexCache).
 */
export function parseManifest(text: string): { manifest?: Manifest; shas?: () => Map<string, string> } | undefined {
  const m = JSON.parse(text) as Manifest & {
    sha256?: unknown;
    facts_hashes?: unknown;
    entries?: Record<string, { size: unknown; mtime_ms: unknown; sha256: unknown; facts?: { links?: unknown } }>;
  };
  if (!m || typeof m !== 'object' || typeof m.fingerprint !== 'string' || !Number.isFinite(m.written_ms)) return undefined;
  if (m.cache_version === 1) {
    // The previous format: a full map of entries. Valid ones are a config change, not corruption.
    const entries = m.entries;
    if (!entries || typeof entries !== 'object') return undefined;
    const shas = new Map<string, string>();
    for (const [rel, e] of Object.entries(entries)) {
      if (
        !e ||
        typeof e !== 'object' ||
        !Number.isFinite(e.size) ||
        !Number.isFinite(e.mtime_ms) ||
        typeof e.sha256 !== 'string' ||
        !e.facts ||
        typeof e.facts !== 'object' ||
        !Array.isArray(e.facts.links)
      )
        return undefined;
      shas.set(rel, e.sha256);
    }
    return { shas: () => shas };
  }
  if (m.cache_version === 2) {
    // The previous format, paths and hashes inline: a config change, not corruption.
    const v2 = m as unknown as { paths: unknown; sha256: unknown };
    const n = Array.isArray(v2.paths) ? v2.paths.length : -1;
    if (!isStrings(v2.paths, n) || !isStrings(v2.sha256, n)) return undefined;
    const [paths, shas] = [v2.paths, v2.sha256];
    return { shas: () => new Map(paths.map((p, i) => [p, shas[i]!])) };
  }
  const n = Array.isArray(m.sizes) ? m.sizes.length : -1;
  if (
    typeof m.facts_sha256 !== 'string' ||
    typeof m.hashes_sha256 !== 'string' ||
    typeof m.paths_sha256 !== 'string' ||
    !isNumbers(m.sizes, n) ||
    !isNumbers(m.mtimes, n) ||
    !isResult(m.result) ||
    !isOverlay(m.hashes_overlay, n) ||
    !isFactsOverlay(m.facts_overlay, n)
  )
    return undefined;
  const removed =
    m.removed === undefined ||
    (!!m.removed &&
      typeof m.removed === 'object' &&
      Object.entries(m.removed).every(([k, v]) => isPosition(k, n) && typeof v === 'string'));
  return removed && isAppended(m) ? { manifest: m } : undefined;
}

const isPosition = (k: string, n: number) => /^(0|[1-9]\d*)$/.test(k) && Number(k) < n;

function isOverlay(o: unknown, n: number): o is Record<string, string> | undefined {
  if (o === undefined) return true;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return false;
  return Object.entries(o).every(([k, v]) => isPosition(k, n) && typeof v === 'string');
}

/** Appended paths that are not removed again are unique, and each has its digest and facts in the overlays; they are fewer than the entries. */
function isAppended(m: Manifest): boolean {
  const list = m.appended;
  if (list === undefined) return true;
  if (!isStrings(list, Array.isArray(list) ? list.length : -1)) return false;
  const base = m.sizes.length - list.length;
  const live = list.filter((_, j) => m.removed?.[base + j] === undefined);
  return (
    base >= 0 &&
    new Set(live).size === live.length &&
    list.every(
      (_, j) =>
        m.removed?.[base + j] !== undefined || (m.hashes_overlay?.[base + j] !== undefined && m.facts_overlay?.[base + j] !== undefined),
    )
  );
}

function isFactsOverlay(o: unknown, n: number): o is Record<string, DocFacts> | undefined {
  if (o === undefined) return true;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return false;
  return Object.entries(o).every(([k, v]) => isPosition(k, n) && isFacts(v));
}

function isFacts(f: unknown): f is DocFacts {
  return !!f && typeof f === 'object' && Array.isArray((f as DocFacts).links);
}

/**
 * The files a manifest describes, with their positions and content digests: the hashes
 * file's (`h`, its digests with the overlay applied) and then the appended ones, but those
 * listed as gone.
 */
export function describedFiles(m: Manifest, h: Hashes): { rel: string; at: number; sha256: string }[] {
  const out = h.paths.flatMap((rel, at) => (m.removed?.[at] === undefined ? [{ rel, at, sha256: h.sha256[at]! }] : []));
  m.appended?.forEach((rel, j) => {
    const at = h.paths.length + j;
    if (m.removed?.[at] === undefined) out.push({ rel, at, sha256: m.hashes_overlay![at]! });
  });
  return out;
}
