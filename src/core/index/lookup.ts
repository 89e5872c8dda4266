import { promises as fs } from 'node:fs';
import path from 'node:path';
import { repairId } from '../check/rules/ids.js';
import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { RepoConfig } from '../config/types.js';
import { resolveInsideRoot } from '../fs/paths.js';
import type { Issue } from '../issues.js';
import { closest } from '../text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import { buildIndex } from './build.js';
import type { IndexNode } from './graph.js';

export interface LoadedIndex {
  nodes: IndexNode[];
  byId: ReadonlyMap<string, IndexNode>;
  byPath: ReadonlyMap<string, IndexNode>;
  /** INDEX_MISSING or INDEX_STALE when the artifact does not match the documents. */
  warnings: Issue[];
  /** Why governed files are not nodes, by path (INDEX_DOCUMENT_SKIPPED messages). */
  skipped: ReadonlyMap<string, string>;
}

/**
 * The index as the documents say it is now: built in memory through the cache (read only,
 * so unchanged files are not read), then compared with the artifact. A missing or stale
 * artifact is a warning, never a wrong answer.
 */
export async function loadIndex(config: RepoConfig, signal?: AbortSignal): Promise<LoadedIndex> {
  const built = await buildIndex(config, { cache: 'use', write: false, compare: true, ...(signal ? { signal } : {}) });
  const onDisk = built.onDisk;
  const warnings: Issue[] = [];
  if (onDisk === 'missing') {
    warnings.push({ code: 'INDEX_MISSING', severity: 'warning', message: `${config.index_path} does not exist; the index was built in memory for this run.`, path: config.index_path, suggestion: 'Run `docket index` to write it.' });
  } else if (onDisk === 'different') {
    warnings.push({ code: 'INDEX_STALE', severity: 'warning', message: `${config.index_path} is out of date; a fresh in-memory index was used for this run.`, path: config.index_path, suggestion: 'Run `docket index` to bring it up to date.' });
  }
  const skipped = new Map(built.warnings.filter((w) => w.code === 'INDEX_DOCUMENT_SKIPPED' && w.path).map((w) => [w.path!, w.message]));
  const nodes = built.nodes!;
  return { nodes, byId: new Map(nodes.map((n) => [n.document_id, n])), byPath: new Map(nodes.map((n) => [n.path, n])), warnings, skipped };
}

/** Exact match after trimming; otherwise ID_NOT_FOUND with the canonical form or the closest IDs. */
export function findById(index: LoadedIndex, input: string): IndexNode {
  const id = input.trim();
  if (id === '') throw new DocketError('INVALID_ID', 'The ID is empty.', { suggestion: 'Pass a document ID such as ACME-ADR-001.' });
  const node = index.byId.get(id);
  if (node) return node;
  const canonical = repairId(id);
  const suggestions = canonical && canonical !== id && index.byId.has(canonical) ? [canonical] : closest(id.toUpperCase(), index.byId.keys(), 3);
  const hint = canonical && canonical !== id && index.byId.has(canonical) ? ` IDs match exactly: did you mean ${canonical}?` : suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
  throw new DocketError('ID_NOT_FOUND', `No governed document has the ID "${id}".${hint}`, {
    suggestion: suggestions.length > 0 ? `Use ${suggestions[0]}${suggestions.length > 1 ? ` (or ${suggestions.slice(1).join(', ')})` : ''}.` : 'List the documents with `docket context --deep`, or run `docket index` and read the artifact.',
    details: { id, did_you_mean: suggestions },
  });
}

/** Why a path inside the root is not a node: missing, a directory, ungoverned, or skipped. */
async function notIndexed(config: RepoConfig, index: LoadedIndex, input: string, rel: string): Promise<never> {
  const stat = await fs.lstat(path.join(config.root, rel)).catch(() => undefined);
  if (!stat) throw new DocketError('FILE_NOT_FOUND', `${rel || '.'} does not exist.`, { suggestion: 'Pass the path of a governed document, relative to the repository root (or --root) or absolute.', details: { path: input } });
  const ns = namespaceFor(config, rel);
  let reason: string;
  if (stat.isDirectory()) reason = 'it is a directory';
  else if (stat.isSymbolicLink()) reason = 'it is a symbolic link';
  else if (!rel.toLowerCase().endsWith('.md')) reason = 'it is not a Markdown file';
  else if (!ns) reason = 'it is outside every namespace\'s docs root';
  else if (isExcluded(ns, rel)) reason = 'it is excluded by the config';
  else reason = index.skipped.get(rel)?.replace(/^Not indexed \(([A-Z_]+)\): (.*?)\.?$/, '$2 ($1)') ?? 'it has no valid document_id';
  throw new DocketError('DOCUMENT_NOT_INDEXED', `${rel} is not in the index: ${reason}.`, {
    suggestion: `Run \`docket check ${rel}\` to see why; identify works on governed documents with a valid document_id.`,
    details: { path: rel, reason },
  });
}

/** The node of a path given on the command line (absolute or relative to the root); outside the root: 77. */
export async function findByPath(config: RepoConfig, index: LoadedIndex, input: string): Promise<IndexNode> {
  const { rel } = resolveInsideRoot(config.root, input);
  return index.byPath.get(rel) ?? notIndexed(config, index, input, rel);
}
