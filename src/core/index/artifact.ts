import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { ChangedFile, type ChangedFileOptions, type ChangedFileResult } from '../fs/changed-file.js';
import { sha256OfFile } from '../fs/chunks.js';
import type { StoredResult } from '../cache/index-cache.js';
import type { IndexEdge, IndexNode } from './graph.js';

const INDEX_VERSION = '1.0';

export interface IndexArtifact {
  index_version: string;
  node_count: number;
  edge_count: number;
  namespaces: { name: string; docs_root: string; repo_prefix: string }[];
  nodes: readonly IndexNode[];
  edges: readonly IndexEdge[];
}

/** The order of a node's keys in the artifact. */
export const NODE_KEYS = [
  'document_id',
  'path',
  'namespace',
  'type',
  'title',
  'status',
  'owner',
  'version',
  'last_updated',
  'area',
  'description',
  'keywords',
  'related_ids',
  'superseded_by',
] as const;
/** The order of an edge's keys in the artifact. */
export const EDGE_KEYS = ['source', 'target', 'type', 'guaranteed'] as const;

/** The keys of the artifact's nodes and edges, in the order they are written (the spec's, not alphabetical). */
export const ARTIFACT_KEY_ORDER: KeyOrder = { nodes: NODE_KEYS, edges: EDGE_KEYS };

/** For some top-level arrays, the keys of their items in the order to write them (other keys are left out). */
export type KeyOrder = Readonly<Record<string, readonly string[]>>;

/**
 * The artifact. Its nodes and edges are the graph's own objects, not copies in the artifact's
 * key order (an object fewer per document): serializeArtifact writes their keys in
 * the order of ARTIFACT_KEY_ORDER.
 */
export function buildArtifact(config: RepoConfig, nodes: readonly IndexNode[], edges: readonly IndexEdge[]): IndexArtifact {
  const namespaces = config.namespaces
    .map((ns) => ({ name: ns.name, docs_root: ns.docs_root, repo_prefix: ns.repo_prefix }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    index_version: INDEX_VERSION,
    node_count: nodes.length,
    edge_count: edges.length,
    namespaces,
    nodes,
    edges,
  };
}

/** What the cache stores of this run for the next one: the artifact as it now is on disk (`sha256`: its hash when this run made its bytes; else the file is hashed), and the findings. */
export function stampArtifact(
  config: RepoConfig,
  sha256: string | undefined,
  result: Omit<StoredResult, 'artifact_sha256' | 'artifact_size' | 'artifact_mtime_ms'>,
  abs = path.join(config.root, config.index_path),
): StoredResult | null {
  try {
    const stat = lstatSync(abs);
    if (!stat.isFile()) return null;
    const onDisk = sha256 ?? sha256OfFile(abs);
    if (onDisk === undefined) return null;
    return { artifact_sha256: onDisk, artifact_size: stat.size, artifact_mtime_ms: stat.mtimeMs, ...result };
  } catch {
    return null;
  }
}

/**
 * How many items of an array are written by one JSON.stringify call: a piece of nodes stays
 * well below V8's 128 kB large-object threshold, so each is a young-generation string (a piece
 * past it is a fresh mapping of its own, faulted in page by page and unmapped again).
 */
const ITEMS_PER_CHUNK = 128;

/**
 * Items of one of the artifact's arrays as they are written inside it: four spaces in, one
 * after the other with `,\n` between them, the keys of objects in `keys` order (only those;
 * all, as they are, when null). '{\n  "x": [\n' ITEMS '\n  ]\n}' is their text wrapped in an
 * object at the depth they have in the artifact, cut out again.
 */
export function itemsText(items: readonly unknown[], keys: readonly string[] | null): string {
  // A property list orders (and selects) the keys of every object inside: the items' own, in that order.
  return JSON.stringify({ x: items }, keys ? ['x', ...keys] : null, 2).slice(11, -6);
}

/**
 * Pretty, deterministic text: two-space indentation, LF, a final newline; no run ID, no
 * timestamps. Exactly `JSON.stringify(artifact, null, 2)` and a newline, the items of the
 * arrays `keyOrder` names written with those keys in that order (ARTIFACT_KEY_ORDER for an
 * index), handed to `visit` as consecutive pieces that are hashed, compared and written one
 * after the other and never joined (see ChangedFile). V8 builds one large JSON text as a rope
 * that is copied flat before it can be encoded: in a large repository the whole text existed
 * three times over (rope, flat copy, bytes). Each piece is one native
 * JSON.stringify of a slice of an array, wrapped so that its items come out at the depth
 * they have in the artifact: a node at a time, its lines indented again by `replaceAll`,
 * then joined, was much slower: the native call does the indentation in one pass.
 */
export function visitArtifactText(artifact: IndexArtifact, keyOrder: KeyOrder, visit: (piece: string) => void): void {
  const fields = (Object.entries(artifact) as [string, unknown][]).filter(([, value]) => value !== undefined);
  let text = '{';
  fields.forEach(([key, value], i) => {
    const name = JSON.stringify(key);
    text += `${i > 0 ? ',' : ''}\n  ${name}: `;
    if (!Array.isArray(value) || value.length === 0) {
      // '{\n  "key": ' VALUE '\n}': VALUE's lines indented as in the artifact.
      text += JSON.stringify({ [key]: value }, null, 2).slice(6 + name.length, -2);
      return;
    }
    visit(`${text}[\n`);
    const keys = Object.hasOwn(keyOrder, key) ? keyOrder[key]! : null;
    for (let from = 0; from < value.length; from += ITEMS_PER_CHUNK) {
      const items = itemsText(value.slice(from, from + ITEMS_PER_CHUNK), keys);
      visit(from > 0 ? `,\n${items}` : items);
    }
    text = '\n  ]';
  });
  visit(`${text}${fields.length > 0 ? '\n}\n' : '}\n'}`);
}

/**
 * Compares the artifact with the one at index_path and, with `write`, replaces it when its
 * bytes change (in the Python DocOps CLI's format when the repository keeps that tool's),
 * atomically (fsynced unless `durable: false`); never held whole (in a large repository it is
 * tens of megabytes: built as bytes, it was most of the run's peak memory). `hash`: also its SHA-256.
 */
export async function syncArtifact(config: RepoConfig, artifact: IndexArtifact, opts: ChangedFileOptions): Promise<ChangedFileResult> {
  const abs = path.join(config.root, config.index_path);
  // The Python DocOps CLI's artifact (config/index-format.ts) is made whole, in its format,
  // keeping the work-queue fields that tool merged into it (read before the file is replaced).
  const meminit = config.index_format === 'meminit' ? await import('./meminit-artifact.js') : undefined;
  // From project-state.yaml when it reads; otherwise as that tool last wrote them.
  const state = meminit ? await (await import('../state/nodes.js')).stateViews(config) : undefined;
  const queue = meminit
    ? state
      ? (await import('../state/nodes.js')).meminitWorkQueue(state)
      : meminit.previousWorkQueue(abs)
    : undefined;
  const file = ChangedFile.open(config.root, abs, opts);
  try {
    if (meminit) file.add(meminit.meminitArtifactText(config, artifact.nodes, artifact.edges, queue));
    else visitArtifactText(artifact, ARTIFACT_KEY_ORDER, (piece) => file.add(piece));
  } catch (error) {
    file.abort();
    throw error;
  }
  return file.finish();
}
