import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { RepoConfig } from '../config/types.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import type { IndexEdge, IndexNode } from './graph.js';

/**
 * The index artifact in the Python DocOps CLI's format (reference §7.1), for a repository that
 * keeps that tool's `meminit.index.json` (see config/index-format.ts): that tool's `resolve`,
 * `identify` and `link` read its `data.nodes` (§7.5). Made whole from the graph on every run
 * that writes it (no splicing: its keys are sorted, so a node's ID is not its first line).
 */

/** Where each kind of edge comes from, as that tool records it (§7.1). */
const EDGE_CONTEXT: Readonly<Record<IndexEdge['type'], string>> = {
  related: 'frontmatter.related_ids',
  supersedes: 'frontmatter.superseded_by',
  references: 'body.markdown_link',
};

/**
 * That tool's codes for what docket reports as INDEX_DANGLING_RELATION, INDEX_STATUS_MISMATCH
 * and INDEX_RELATION_ONE_SIDED (§3.3): written only into its artifact, never in docket's output.
 */
export const MEMINIT_GRAPH_CODES = {
  danglingRelated: 'GRAPH_DANGLING_RELATED_ID',
  danglingSuccessor: 'GRAPH_DANGLING_SUPERSEDED_BY',
  statusMismatch: 'GRAPH_SUPERSESSION_STATUS_MISMATCH',
  asymmetry: 'GRAPH_RELATED_ID_ASYMMETRY',
} as const;
const C = MEMINIT_GRAPH_CODES;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An issue of that tool's artifact: keys sorted, line 0 (file-level). */
interface MeminitIssue {
  code: string;
  line: 0;
  message: string;
  path: string;
  severity: 'warning';
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Title and owner as that tool writes them: HTML-escaped (`Don&#x27;t &lt;break&gt;`, §7.1). */
export function htmlEscaped(s: string | null): string | null {
  return s === null ? null : s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Text as Python's `json.dumps(value, indent=2, sort_keys=True)` writes it (ensure_ascii on):
 * every character outside printable ASCII as `\uXXXX` in lower-case hex, characters beyond
 * the BMP as their surrogate pair (B22), then the trailing newline the artifact ends with.
 */
export function pythonJson(value: Json): string {
  return `${JSON.stringify(sortedKeys(value), null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

function sortedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a key `__proto__` (a carried value, see previousWorkQueue) stays a key.
  const out = Object.create(null) as { [key: string]: Json };
  for (const key of Object.keys(value).sort()) out[key] = sortedKeys(value[key]!);
  return out;
}

/**
 * The fields that tool merges into a node from project-state.yaml, and derives from it
 * (§7.1, §9.3). docket merges them from that file (state/nodes.ts); when it cannot read it,
 * it keeps them as the artifact last had them for the same ID (they depend on the state file
 * only, not on the documents), so a run neither drops the work queue nor invents one.
 */
export const WORK_QUEUE_KEYS = [
  'assignee',
  'blocked_by',
  'depends_on',
  'impl_state',
  'next_action',
  'notes',
  'open_blockers',
  'priority',
  'ready',
  'unblocks',
  'updated',
  'updated_by',
] as const;

/** Work-queue fields by document ID. */
export type WorkQueue = ReadonlyMap<string, Readonly<Record<string, Json>>>;

/** Past this size the previous artifact is not read for its work-queue fields (about 300k documents). */
const MAX_PREVIOUS_BYTES = 512 * 1024 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The work-queue fields of each node of the artifact at `abs` (never through a symbolic link); empty when it is missing, unreadable or not that tool's. */
export function previousWorkQueue(abs: string): WorkQueue {
  const out = new Map<string, Record<string, Json>>();
  let fd: number | undefined;
  let parsed: unknown;
  try {
    fd = openSync(abs, SAFE_READ_FLAGS);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_PREVIOUS_BYTES) return out;
    const buf = Buffer.allocUnsafe(stat.size);
    let got = 0;
    for (let n = 1; got < buf.length && n > 0; got += n) n = readSync(fd, buf, got, buf.length - got, got);
    parsed = JSON.parse(buf.toString('utf8', 0, got));
  } catch {
    return out;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const nodes = isObject(parsed) && isObject(parsed.data) ? parsed.data.nodes : undefined;
  if (!Array.isArray(nodes)) return out;
  for (const node of nodes) {
    if (!isObject(node) || typeof node.document_id !== 'string') continue;
    const fields: Record<string, Json> = {};
    for (const key of WORK_QUEUE_KEYS) if (Object.hasOwn(node, key)) fields[key] = node[key] as Json;
    if (Object.keys(fields).length > 0 && !out.has(node.document_id)) out.set(node.document_id, fields);
  }
  return out;
}

/**
 * A node as that tool writes it: the frontmatter fields (absent ones null, empty lists null),
 * the namespace's prefix, and the work-queue fields: those the previous artifact had for this
 * ID (see WORK_QUEUE_KEYS), else those of a document without a project-state entry (§9.3:
 * never ready, no blockers, unblocks nothing).
 */
function nodeOf(n: IndexNode, prefix: string, queue: Readonly<Record<string, Json>> | undefined): Json {
  return {
    area: n.area,
    description: n.description,
    document_id: n.document_id,
    keywords: n.keywords.length > 0 ? [...n.keywords] : null,
    last_updated: n.last_updated,
    namespace: n.namespace,
    open_blockers: [],
    owner: htmlEscaped(n.owner),
    path: n.path,
    ready: false,
    related_ids: n.related_ids.length > 0 ? [...n.related_ids] : null,
    repo_prefix: prefix,
    status: n.status,
    superseded_by: n.superseded_by,
    title: htmlEscaped(n.title),
    type: n.type,
    unblocks: [],
    ...queue,
  };
}

/** The graph warnings that tool persists (§7.1), in its words, sorted by path, code and message (§2.3). */
export function meminitWarnings(nodes: readonly IndexNode[], edges: readonly IndexEdge[]): MeminitIssue[] {
  const byId = new Map(nodes.map((n) => [n.document_id, n]));
  const issue = (code: string, message: string, path: string): MeminitIssue => ({ code, line: 0, message, path, severity: 'warning' });
  const out: MeminitIssue[] = [];
  for (const e of edges) {
    if (e.type === 'related' && !byId.has(e.target)) {
      out.push(
        issue(
          C.danglingRelated,
          `related_ids target '${e.target}' not found in index (declared by '${e.source}')`,
          byId.get(e.source)?.path ?? '',
        ),
      );
    } else if (e.type === 'supersedes' && !byId.has(e.source)) {
      out.push(
        issue(
          C.danglingSuccessor,
          `superseded_by target '${e.source}' not found in index (declared by '${e.target}')`,
          byId.get(e.target)?.path ?? '',
        ),
      );
    }
  }
  for (const n of nodes) {
    const status = n.status ?? '';
    const superseded = status.toLowerCase() === 'superseded';
    if (n.superseded_by !== null && !superseded) {
      out.push(
        issue(
          C.statusMismatch,
          `Document '${n.document_id}' has superseded_by set but status is '${status}' (expected 'Superseded')`,
          n.path,
        ),
      );
    } else if (n.superseded_by === null && superseded) {
      out.push(issue(C.statusMismatch, `Document '${n.document_id}' has status 'Superseded' but no superseded_by field`, n.path));
    }
  }
  return out.sort((a, b) => byString(a.path, b.path) || byString(a.code, b.code) || byString(a.message, b.message));
}

/** That tool's advice on one-sided relations: once per pair of which only one side lists the other, dangling targets included (§7.1). */
export function meminitAdvice(edges: readonly IndexEdge[]): Json[] {
  // Targets by source: no joined keys (an ID may hold any character).
  const lists = new Map<string, Set<string>>();
  const related = edges.filter((e) => e.type === 'related');
  for (const e of related) (lists.get(e.source) ?? lists.set(e.source, new Set()).get(e.source)!).add(e.target);
  const advice: { code: string; message: string; source: string; target: string }[] = [];
  for (const { source, target } of related) {
    if (lists.get(target)?.has(source)) continue;
    // Once per pair: a pair listed one way only comes up once (edges are unique).
    advice.push({
      code: C.asymmetry,
      message: `'${source}' lists '${target}' in related_ids but '${target}' does not list '${source}'`,
      source,
      target,
    });
  }
  return advice.sort((a, b) => byString(a.code, b.code) || byString(a.message, b.message));
}

/**
 * The whole artifact's text (§7.1): no run ID, root or timestamp, so the same documents (and
 * the same `queue`, see previousWorkQueue) give the same bytes.
 */
export function meminitArtifactText(
  config: RepoConfig,
  nodes: readonly IndexNode[],
  edges: readonly IndexEdge[],
  queue: WorkQueue = new Map(),
): string {
  const prefixes = new Map(config.namespaces.map((ns) => [ns.name, ns.repo_prefix]));
  return pythonJson({
    advice: meminitAdvice(edges),
    command: 'index',
    data: {
      document_count: nodes.length,
      edge_count: edges.length,
      edges: edges.map((e) => ({
        context: EDGE_CONTEXT[e.type],
        edge_type: e.type,
        guaranteed: e.type !== 'references',
        source: e.source,
        target: e.target,
      })),
      graph_schema_version: '1.0',
      index_version: '1.0',
      // In the config's order, as that tool lists them.
      namespaces: config.namespaces.map((ns) => ({ docs_root: ns.docs_root, namespace: ns.name, repo_prefix: ns.repo_prefix })),
      node_count: nodes.length,
      nodes: nodes.map((n) => nodeOf(n, prefixes.get(n.namespace) ?? '', queue.get(n.document_id))),
    },
    output_schema_version: '2.0',
    success: true,
    violations: [],
    warnings: meminitWarnings(nodes, edges) as unknown as Json[],
  });
}
