import type { NamespaceConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { Suggester } from '../text/suggest.js';
import type { DocFacts, NodeFields } from './facts.js';
import type { IndexNode, EdgeType, IndexEdge } from '../../contract/data/document-index.js';
export type { IndexNode, EdgeType, IndexEdge };

export interface GraphInput {
  rel: string;
  namespace: NamespaceConfig;
  facts: DocFacts;
}

export interface Graph {
  nodes: IndexNode[];
  edges: IndexEdge[];
  /** Duplicate IDs and supersession cycles: the artifact must not be written. */
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
}

/** How many one-sided relations the advice lists (the others are counted). */
const ONE_SIDED_ADVICE_LIMIT = 20;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function duplicates(inputs: readonly GraphInput[]): { kept: Map<string, GraphInput>; violations: Issue[] } {
  // inputs come in path order: the first path keeps the ID in memory. Later ones are listed
  // apart (rare), not an array for every ID.
  const kept = new Map<string, GraphInput>();
  const later = new Map<string, GraphInput[]>();
  for (const input of inputs) {
    const id = input.facts.node?.document_id;
    if (!id) continue;
    if (!kept.has(id)) kept.set(id, input);
    else if (later.has(id)) later.get(id)!.push(input);
    else later.set(id, [input]);
  }
  const violations: Issue[] = [];
  // In the order of the IDs' first documents; none to look for, mostly.
  for (const [id, first] of later.size > 0 ? kept : []) {
    const more = later.get(id);
    if (!more) continue;
    const list = [first, ...more];
    for (const input of list) {
      const others = list.filter((o) => o !== input).map((o) => o.rel);
      violations.push({
        code: 'INDEX_DUPLICATE_ID',
        severity: 'error',
        message: `The document_id "${id}" is also used by ${others.join(', ')}.`,
        path: input.rel,
        document_id: id,
        suggestion: 'Keep the ID on the document that owns it and give the others new IDs (`docket new` allocates free ones).',
      });
    }
  }
  return { kept, violations };
}

/**
 * Supersession cycles, found walking superseded_by from each node in ID order (`sorted`).
 * Only nodes with a successor can be in a cycle or lead into one: the others are not walked.
 */
function cycles(nodes: ReadonlyMap<string, IndexNode>, sorted: readonly IndexNode[]): Issue[] {
  const state = new Map<string, 1 | 2>();
  const out: Issue[] = [];
  for (const { document_id: start, superseded_by } of sorted) {
    if (superseded_by === null) continue;
    const chain: string[] = [];
    let id: string | undefined = start;
    while (id !== undefined && nodes.has(id) && !state.has(id)) {
      state.set(id, 1);
      chain.push(id);
      id = nodes.get(id)!.superseded_by ?? undefined;
    }
    if (id !== undefined && state.get(id) === 1) {
      const cycle = chain.slice(chain.indexOf(id));
      const text = [...cycle, id].join(' → ');
      for (const member of cycle) {
        const node = nodes.get(member)!;
        out.push({
          code: 'INDEX_SUPERSESSION_CYCLE',
          severity: 'error',
          message: `superseded_by forms a cycle: ${text}.`,
          path: node.path,
          document_id: member,
          suggestion: 'Remove superseded_by from the document that is current.',
        });
      }
    }
    for (const member of chain) state.set(member, 2);
  }
  return out;
}

/**
 * How many ID comparisons the suggestions of one build may make (a small part of a build;
 * far less when IDs a digit away exist, see Suggester.closest). Each dangling relation
 * compares its ID with every ID of the repository: thousands of them in a large repository
 * took longer than the whole build. Relations past the budget, in ID order,
 * point to `docket resolve`, which searches for one ID when asked. 10k IDs: 200 suggestions.
 */
const SUGGESTION_BUDGET = 2_000_000;

/** IDs a suggestion may name, made to answer nearest-ID questions while the budget lasts. */
class NearestIds {
  private suggester: Suggester | undefined;
  constructor(
    private readonly ids: readonly string[],
    private left: number,
  ) {}

  /** The closest ID but `own`; null when none is close; undefined once the budget is spent. */
  near(id: string, own: string): string | null | undefined {
    if (this.left < this.ids.length) return undefined;
    this.left -= this.ids.length;
    this.suggester ??= new Suggester(this.ids);
    return nearestId(this.suggester, id, own);
  }
}

/** An ID that can be quoted in a command as it is. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** The closest ID to `id` among `ids` but `own`; null when none is close. */
function nearestId(suggester: Suggester, id: string, own: string): string | null {
  // The best two, then the first that is not the document's own ID: the best of the others,
  // without copying every ID but one for each question.
  return suggester.closest(id.toUpperCase(), 2).find((k) => k !== own) ?? null;
}

/** What the warning for a relation (`field`) naming an ID no document has says. */
const danglingMessage = (field: string, id: string) => `${field} names ${id}, which no governed document has.`;

/** The warning for a relation (`field`) naming an ID no document has; `near`: the closest ID, null for none, undefined past the budget. */
function dangling(node: IndexNode, field: string, id: string, near: string | null | undefined): Issue {
  let suggestion = 'Fix the ID or remove it.';
  if (near) suggestion = `Did you mean ${near}? ${suggestion}`;
  else if (near === undefined)
    suggestion = `Fix the ID or remove it (${PLAIN_ID.test(id) ? `\`docket resolve ${id}\`` : '`docket resolve` with the ID'} lists close IDs).`;
  return {
    code: 'INDEX_DANGLING_RELATION',
    severity: 'warning',
    message: danglingMessage(field, id),
    path: node.path,
    document_id: node.document_id,
    suggestion,
  };
}

/** Before: by target, then by type. */
const edgeBefore = (a: IndexEdge, b: IndexEdge) => a.target < b.target || (a.target === b.target && a.type < b.type);

/**
 * Sorts a source's edges by target, then type (stable). Most sources have a handful, and
 * Array#sort with a comparator callback for each of them was the costliest line of the
 * graph's build in a profile.
 */
function sortEdges(list: IndexEdge[]): void {
  if (list.length > 32) {
    list.sort((a, b) => byString(a.target, b.target) || byString(a.type, b.type));
    return;
  }
  for (let i = 1; i < list.length; i++) {
    const e = list[i]!;
    let j = i - 1;
    for (; j >= 0 && edgeBefore(e, list[j]!); j--) list[j + 1] = list[j]!;
    list[j + 1] = e;
  }
}

/** `Superseded`, in any case (a length test first: most statuses are not ten characters). */
const saysSuperseded = (status: string | null) => status !== null && status.length === 10 && status.toLowerCase() === 'superseded';

/**
 * The warning for a document whose status and superseded_by disagree: a successor while the
 * status is not Superseded, or the status Superseded without a successor (as the Python
 * DocOps CLI's GRAPH_SUPERSESSION_STATUS_MISMATCH); undefined for any other.
 */
function statusMismatch(node: IndexNode): Issue | undefined {
  const successor = node.superseded_by;
  if (successor === null) {
    if (!saysSuperseded(node.status)) return undefined;
    return {
      code: 'INDEX_STATUS_MISMATCH',
      severity: 'warning',
      message: `${node.document_id} has status ${node.status} but no superseded_by.`,
      path: node.path,
      document_id: node.document_id,
      suggestion: 'Add `superseded_by` with the ID of the document that replaces it, or set the status the document has now.',
    };
  }
  if (saysSuperseded(node.status)) return undefined;
  return {
    code: 'INDEX_STATUS_MISMATCH',
    severity: 'warning',
    message: `${node.document_id} is superseded by ${successor} but its status is ${node.status ?? 'missing'}.`,
    path: node.path,
    document_id: node.document_id,
    suggestion: 'Set `status: Superseded`, or remove superseded_by if the document is still current.',
  };
}

/** A node: a document's fields, its path and its namespace, in the order the graph gives them. */
function nodeOf(n: NodeFields, rel: string, namespace: string): IndexNode {
  return {
    document_id: n.document_id,
    type: n.type,
    title: n.title,
    status: n.status,
    owner: n.owner,
    version: n.version,
    last_updated: n.last_updated,
    area: n.area,
    description: n.description,
    keywords: n.keywords,
    related_ids: n.related_ids,
    superseded_by: n.superseded_by,
    path: rel,
    namespace,
  };
}

/** The advice on one-sided relations: the first ones (sorted by source, then target) and how many more there are. */
function oneSidedAdvice(listed: readonly { source: string; target: string }[], total: number): Advice[] {
  const advice: Advice[] = listed.map((e) => ({
    code: 'INDEX_RELATION_ONE_SIDED',
    message: `${e.source} lists ${e.target} in related_ids, but ${e.target} does not list ${e.source}.`,
  }));
  if (total > listed.length)
    advice.push({ code: 'INDEX_RELATION_ONE_SIDED', message: `${total - listed.length} more one-sided relations are not listed.` });
  return advice;
}

/**
 * Builds the graph: a node per document with a valid ID (sorted by ID), edges from
 * related_ids, superseded_by and body links to other governed documents (sorted), and the
 * integrity findings (duplicate IDs and cycles fail; dangling relations and status
 * mismatches warn; one-sided relations are advice).
 */
export function buildGraph(inputs: readonly GraphInput[], suggestionBudget = SUGGESTION_BUDGET): Graph {
  const { kept, violations } = duplicates(inputs);
  const nodes = new Map<string, IndexNode>();
  const pathToId = new Map<string, string>();
  for (const [id, input] of kept) {
    // Field by field, in the order of the spread it replaced (NDJSON prints nodes in this key order).
    nodes.set(id, nodeOf(input.facts.node!, input.rel, input.namespace.name));
    pathToId.set(input.rel, id);
  }
  // Sorted by UTF-16 code units, as byString compares: the default order, without a callback.
  const ids = [...nodes.keys()].sort();
  const sorted: IndexNode[] = new Array<IndexNode>(ids.length);
  const warnings: Issue[] = [];
  const nearest = new NearestIds(ids, suggestionBudget);
  // Each node's own edges (related and references: the node is their source) in a list of its
  // own, by position in `ids`; a supersedes edge starts at the successor, which may be an ID
  // no document has, and is listed by its source apart (few documents have a successor).
  // Sorting a few edges per source (and the sources once) is much cheaper than sorting every
  // edge of a large repository.
  const own: IndexEdge[][] = new Array<IndexEdge[]>(ids.length);
  const bySuccessor = new Map<string, IndexEdge[]>();
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    const node = (sorted[k] = nodes.get(id)!);
    const out: IndexEdge[] = [];
    for (const related of node.related_ids) {
      if (related === id) continue;
      const known = nodes.has(related);
      out.push({ source: id, target: related, type: 'related', guaranteed: known });
      if (!known) warnings.push(dangling(node, 'related_ids', related, nearest.near(related, id)));
    }
    const successor = node.superseded_by;
    if (successor !== null) {
      const known = nodes.has(successor);
      if (successor !== id) {
        const edge: IndexEdge = { source: successor, target: id, type: 'supersedes', guaranteed: known };
        const list = bySuccessor.get(successor);
        if (list) list.push(edge);
        else bySuccessor.set(successor, [edge]);
      }
      if (!known) warnings.push(dangling(node, 'superseded_by', successor, nearest.near(successor, id)));
    }
    const mismatch = statusMismatch(node);
    if (mismatch) warnings.push(mismatch);
    // Both ends are documents of this index.
    for (const target of kept.get(id)!.facts.links) {
      const targetId = pathToId.get(target);
      if (targetId !== undefined && targetId !== id) out.push({ source: id, target: targetId, type: 'references', guaranteed: true });
    }
    own[k] = out;
  }
  // Every source in order: the nodes, and the successors no document has merged in.
  const strangers = [...bySuccessor.keys()].filter((source) => !nodes.has(source)).sort();
  const sortedEdges: IndexEdge[] = [];
  const oneSided: IndexEdge[] = [];
  const emit = (list: IndexEdge[]) => {
    // Deduplicated once sorted (facts hold unique related IDs and links, so there is rarely anything to drop).
    if (list.length > 1) sortEdges(list);
    let last: IndexEdge | undefined;
    for (const e of list) {
      if (last && last.target === e.target && last.type === e.type) continue;
      sortedEdges.push((last = e));
      if (e.type === 'related' && e.guaranteed && !nodes.get(e.target)!.related_ids.includes(e.source)) oneSided.push(e);
    }
  };
  let s = 0;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    for (; s < strangers.length && strangers[s]! < id; s++) emit(bySuccessor.get(strangers[s]!)!);
    const superseding = bySuccessor.get(id);
    emit(superseding ? [...own[k]!, ...superseding] : own[k]!);
  }
  for (; s < strangers.length; s++) emit(bySuccessor.get(strangers[s]!)!);
  // oneSided is in (source, target) order: it keeps the order of the edges, sorted by source, then target.
  const advice = oneSidedAdvice(oneSided.slice(0, ONE_SIDED_ADVICE_LIMIT), oneSided.length);
  violations.push(...cycles(nodes, sorted));
  return { nodes: sorted, edges: sortedEdges, violations, warnings, advice };
}
