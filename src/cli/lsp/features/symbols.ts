import type { SymbolInformation } from 'vscode-languageserver';
import type { Workspace } from '../../../core/workspace/workspace.js';
import { SYMBOL_FILE } from './kinds.js';
import { locationAt } from './targets.js';

/** At most this many symbols for one query: the best matches first. */
const MAX_SYMBOLS = 1000;

/**
 * How well `query` (lower case) matches a document (`id` and `name` lower case): 0 its ID, 1
 * a start of the ID, 2 a substring of `ID: title`, 3 every word of the query a substring of
 * it, 4 the query's characters in the ID in order (`adr4` for ACME-ADR-004); undefined: no match.
 */
function rank(query: string, words: readonly string[], id: string, name: string): number | undefined {
  if (query === '' || id === query) return 0;
  if (id.startsWith(query)) return 1;
  if (name.includes(query)) return 2;
  if (words.length > 1 && words.every((w) => name.includes(w))) return 3;
  let k = 0;
  for (let i = 0; i < id.length && k < query.length; i++) if (id[i] === query[k]) k++;
  return k === query.length ? 4 : undefined;
}

/**
 * Workspace symbols: the governed documents whose ID or title matches the query (letter case
 * ignored; a substring, all its words, or the query's characters in the ID in order), as files named `ID: title`, best
 * match first, then by ID and path. Only the in-memory document list is read.
 */
export function workspaceSymbols(ws: Workspace, query: string): SymbolInformation[] {
  const wanted = query.trim().toLowerCase();
  const words = wanted.split(/\s+/);
  const matches: { rank: number; id: string; rel: string; name: string }[] = [];
  for (const doc of ws.documents()) {
    const node = doc.node;
    if (!node) continue;
    const name = node.title ? `${node.document_id}: ${node.title}` : node.document_id;
    const r = rank(wanted, words, node.document_id.toLowerCase(), name.toLowerCase());
    if (r !== undefined) matches.push({ rank: r, id: node.document_id, rel: doc.rel, name });
  }
  matches.sort((a, b) => a.rank - b.rank || cmp(a.id, b.id) || cmp(a.rel, b.rel));
  return matches.slice(0, MAX_SYMBOLS).map((m) => ({
    name: m.name,
    kind: SYMBOL_FILE,
    location: locationAt(ws, m.rel, 0),
    containerName: m.rel,
  }));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
