import type { Issue } from '../issues.js';
import { NODE_ITEM, type ArtifactFile, type Splice } from './artifact-file.js';
import { itemsText, NODE_KEYS } from './artifact.js';
import { nodeCountSplice, nodesArray } from './relink.js';
import { dangling, danglingMessage, nearestId, SUGGESTION_BUDGET, type IndexNode } from './graph.js';
import { Suggester } from '../text/suggest.js';

/**
 * What patching the artifact for new documents needs beyond what edits need (see patchIndex):
 * their node items in place, and the suggestions of the dangling relations that a new ID may
 * now be closer to.
 */

const FIELDS = ['related_ids', 'superseded_by'] as const;

/**
 * The documents whose related_ids or superseded_by named one of these new nodes' IDs, which
 * was dangling (by ID: their relations, or their successor, are made again); undefined when a
 * warning does not say whose it is.
 */
export function namersOf(warnings: readonly Issue[], nodes: readonly IndexNode[]): { related: Set<string>; successor: Set<string> } | undefined {
  const messages = FIELDS.map((field) => new Set(nodes.map((n) => danglingMessage(field, n.document_id))));
  const owners = { related: new Set<string>(), successor: new Set<string>() };
  for (const w of warnings) {
    if (w.code !== 'INDEX_DANGLING_RELATION') continue;
    const field = messages.findIndex((m) => m.has(w.message));
    if (field < 0) continue;
    if (!w.document_id) return undefined;
    owners[field === 0 ? 'related' : 'successor'].add(w.document_id);
  }
  return owners;
}

/** Whether a build of `nodeCount` nodes answers every one of these dangling relations within the suggestions' budget (see buildGraph). */
export function answersAll(warnings: readonly Issue[], nodeCount: number): boolean {
  const asked = warnings.filter((w) => w.code === 'INDEX_DANGLING_RELATION').length;
  return asked === 0 || asked * nodeCount <= SUGGESTION_BUDGET;
}

const NEAR = /^Did you mean (\S+)\? Fix the ID or remove it\.$/;

/** The ID a dangling-relation warning suggests, if any (see dangling in graph.ts). */
export const suggestedId = (w: Issue): string | undefined => NEAR.exec(w.suggestion ?? '')?.[1];

/**
 * What a dangling-relation warning says: the field, the ID it names, the node it is about and
 * the closest ID it suggests (null: none); undefined when it does not read back to itself, as
 * buildGraph makes it (a suggestion past the budget does not).
 */
export function parseDangling(w: Issue): { field: string; id: string; owner: IndexNode; near: string | null } | undefined {
  const field = FIELDS.find((f) => w.message.startsWith(`${f} names `));
  const id = field && w.message.slice(`${field} names `.length, -', which no governed document has.'.length);
  if (!field || !id || !w.path || !w.document_id) return undefined;
  const near = suggestedId(w) ?? null;
  const owner = { path: w.path, document_id: w.document_id } as IndexNode;
  return JSON.stringify(dangling(owner, field, id, near)) === JSON.stringify(w) ? { field, id, owner, near } : undefined;
}

/**
 * The dangling-relation warnings with new nodes among the IDs: each warning of `old` (the
 * stored ones) names the closest ID of the last build, and the closest now is the better of
 * it and the new IDs (a candidate's score does not depend on the others, ties go to the
 * first in order). Warnings made in this run were made from every ID already. Undefined
 * when a stored warning does not read back to itself.
 */
export function resuggest(warnings: readonly Issue[], old: ReadonlySet<Issue>, nodes: readonly IndexNode[]): Issue[] | undefined {
  const ids = nodes.map((n) => n.document_id);
  const out: Issue[] = [];
  for (const w of warnings) {
    if (w.code !== 'INDEX_DANGLING_RELATION' || !old.has(w)) {
      out.push(w);
      continue;
    }
    const parsed = parseDangling(w);
    if (!parsed) return undefined;
    const { field, id, owner, near: was } = parsed;
    const near = nearestId(new Suggester(was === null ? ids : [was, ...ids]), id, owner.document_id);
    out.push(near === was ? w : dangling(owner, field, id, near));
  }
  return out;
}

/**
 * The splices that insert new nodes' items in ID order (none of their IDs is in the artifact)
 * and write the new node count; undefined when the artifact has no node, or is not laid out
 * as expected.
 */
export function addedSplices(file: ArtifactFile, nodes: readonly IndexNode[], oldCount: number): Splice[] | undefined {
  const count = nodeCountSplice(file, oldCount, oldCount + nodes.length);
  if (!count) return undefined;
  const splices: Splice[] = [count];
  let end: number | undefined;
  for (const node of [...nodes].sort((a, b) => (a.document_id < b.document_id ? -1 : 1))) {
    const text = itemsText([node], NODE_KEYS);
    const next = file.lowerBound(NODE_ITEM, node.document_id);
    if (next?.kind === NODE_ITEM) {
      // Before the first node whose ID sorts after it, from its indentation on.
      splices.push({ from: next.at + 1, to: next.at + 1, text: `${text},\n` });
      continue;
    }
    // After the last node, before the array's "\n  ]".
    if (end === undefined) {
      const array = nodesArray(file);
      if (!array) return undefined;
      end = array.close - 3;
    }
    splices.push({ from: end, to: end, text: `,\n${text}` });
  }
  return splices;
}
