import type { Issue } from '../issues.js';
import { artifactBytes, edgesOf, type WholeGraph } from './artifact-graph.js';
import type { CurrentArtifact } from './current.js';
import type { IndexNode } from './graph.js';

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The inverse of htmlEscaped (meminit-artifact.ts): one pass, so `&amp;lt;` gives back `&lt;`. */
export function htmlUnescaped(s: string | null): string | null {
  return s === null ? null : s.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => HTML_ENTITIES[e]!);
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The nodes and edges of the Python DocOps CLI's artifact, open as `file` (`data.nodes`, `data.edges`, reference §7.5); undefined when it does not read as one. */
function graphOf(file: CurrentArtifact['file']): WholeGraph | undefined {
  const buf = artifactBytes(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf?.toString('utf8') ?? '');
  } catch {
    return undefined;
  }
  const data = (parsed as { data?: { nodes?: unknown; edges?: unknown } } | null)?.data;
  const nodes = data?.nodes;
  // Its edges carry their kind in `edge_type`.
  const edges = edgesOf(data?.edges ?? [], 'edge_type');
  if (!Array.isArray(nodes) || !edges) return undefined;
  const out: IndexNode[] = [];
  for (const n of nodes as Record<string, unknown>[]) {
    if (typeof n?.document_id !== 'string' || typeof n.path !== 'string') return undefined;
    out.push({
      document_id: n.document_id,
      path: n.path,
      namespace: text(n.namespace) ?? '',
      type: text(n.type),
      title: htmlUnescaped(text(n.title)),
      status: text(n.status),
      owner: htmlUnescaped(text(n.owner)),
      // Not a field of that format; lookups do not answer with it.
      version: null,
      last_updated: text(n.last_updated),
      area: text(n.area),
      description: text(n.description),
      keywords: texts(n.keywords),
      related_ids: texts(n.related_ids),
      superseded_by: text(n.superseded_by),
    });
  }
  return { nodes: out, edges };
}

/** Lookups in a current artifact of that tool's format (see loadIndex): read whole, once; undefined when it does not read as one. */
export function meminitIndex(
  current: CurrentArtifact,
  skippedOf: (warnings: readonly Issue[]) => Map<string, string>,
):
  | {
      node(id: string): IndexNode | undefined;
      nodeAt(rel: string): IndexNode | undefined;
      ids(): Iterable<string>;
      nodes(): IndexNode[];
      skipped(rel: string): string | undefined;
      graph(): WholeGraph;
    }
  | undefined {
  const graph = graphOf(current.file);
  if (!graph) return undefined;
  const { nodes } = graph;
  const [byId, byPath] = [new Map(nodes.map((n) => [n.document_id, n])), new Map(nodes.map((n) => [n.path, n]))];
  const skipped = skippedOf(current.stored.warnings);
  const sorted = () => [...byId.values()].sort((a, b) => (a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : 0));
  return {
    node: (id) => byId.get(id),
    nodeAt: (rel) => byPath.get(rel),
    ids: () => byId.keys(),
    nodes: sorted,
    skipped: (rel) => skipped.get(rel),
    graph: () => graph,
  };
}
