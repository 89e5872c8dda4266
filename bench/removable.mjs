// Documents a benchmark can remove (or move) and still expect a patched index, and the edits
// that stop naming one; shared by run.mjs and alternate-index.mjs.
import path from 'node:path';
import { mapLinks } from './links.mjs';

/**
 * The nodes of an index artifact that have no successor, supersede none and are named by other
 * documents (by the edges `names` keeps), where neither they nor those documents appear in the
 * one-sided advice (`advice`, as the envelope gives it): until session 22 a listed one-sided
 * relation that went built in full (now the next one is read from the artifact, SPEC-005 §2);
 * the rows keep avoiding them so that their figures stay comparable with earlier runs (the
 * alternating mode `rmlisted` measures that case). `namersOf(id)`: the sorted IDs of the
 * documents that name it.
 */
export function removable(graph, advice, names = () => true) {
  const advised = JSON.stringify(advice);
  const quiet = (id) => !advised.includes(`${id} `) && !advised.includes(`${id}.`);
  const namers = new Map(graph.nodes.map((n) => [n.document_id, new Set()]));
  const supersedes = new Set();
  for (const e of graph.edges) {
    if (e.source !== e.target && names(e)) namers.get(e.target)?.add(e.source);
    if (e.type === 'supersedes') supersedes.add(e.source);
  }
  const namersOf = (id) => [...namers.get(id)].sort();
  const candidates = graph.nodes.filter(
    (n) =>
      n.superseded_by === null &&
      !supersedes.has(n.document_id) &&
      namers.get(n.document_id).size > 0 &&
      [n.document_id, ...namers.get(n.document_id)].every(quiet),
  );
  return { candidates, namersOf };
}

/** The text of the document at `rel` without its links to `gone` and the relations and successor that name it. */
export function unnamed(rel, text, gone) {
  const body = mapLinks(text, (target) => (path.posix.join(path.posix.dirname(rel), target) === gone.path ? null : target));
  const end = body.indexOf('\n---', 3);
  const named = new Set([`  - ${gone.document_id}`, `superseded_by: ${gone.document_id}`, `related_ids: ${gone.document_id}`]);
  return (
    body
      .slice(0, end)
      .split('\n')
      .filter((line) => !named.has(line))
      .join('\n') + body.slice(end)
  );
}
