import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { decodeDocument, MAX_DOCUMENT_BYTES, readBytesSync } from '../engine/documents/read.js';
import type { IndexEdge, IndexNode } from '../index/graph.js';
import type { Issue } from '../issues.js';
import type { EntryView } from '../state/model.js';
import type { CheckData } from '../usecases/check.js';
import { findSiteImages, type SiteImages } from './images.js';

export interface WorkQueue {
  /** The states a board has columns for, in order (the config's, then any other an entry has). */
  states: string[];
  entries: ReadonlyMap<string, EntryView>;
}

/** One governed document as the site shows it. */
export interface SiteDocument {
  node: IndexNode;
  /** The Markdown body (frontmatter removed); undefined when the file could not be read or decoded again. */
  body: string | undefined;
  /** The findings of `check` on this document's path, in check's order. */
  findings: Issue[];
  /** Its work-queue entry, when the state file has one. */
  state?: EntryView;
}

/**
 * Everything a site is made from: the index's documents and relations, each document's body
 * and findings, the check summary, and the work queue when the state file exists. Built once
 * in core; the HTML is made from it by a renderer (src/cli/render/site), so the domain holds
 * no markup.
 */
export interface SiteModel {
  projectName: string;
  /** Sorted by ID. */
  documents: SiteDocument[];
  /** Between documents of the site only (a relation to an unknown ID is check's finding), sorted by source, target, kind. */
  edges: IndexEdge[];
  check: CheckData;
  /** Findings of check that concern no document of the site (the repository, the config, files without an ID), in check's order. */
  otherFindings: Issue[];
  /** The work queue when the state file exists and reads: its states in board order, its entries by ID. */
  queue?: WorkQueue;
  /** The build's date (UTC ISO 8601) only when asked for: otherwise two builds are byte-identical. */
  builtAt?: string;
  /** The repository's images the bodies show, copied into the site. */
  images: SiteImages;
}

/** The body of the document at `rel`, read as check reads it (no link followed, bounded size). */
function readBody(config: RepoConfig, node: IndexNode): string | undefined {
  const ns = config.namespaces.find((n) => n.name === node.namespace) ?? config.namespaces[0]!;
  try {
    const read = readBytesSync(path.join(config.root, node.path), MAX_DOCUMENT_BYTES);
    if (!read.bytes) return undefined;
    const rec = decodeDocument(node.path, ns, read.bytes, read.size, read.mtimeMs, false);
    if (rec.text === undefined || !rec.split) return undefined;
    return rec.split.kind === 'ok' ? rec.text.slice(rec.split.bodyOffset) : rec.text;
  } catch {
    return undefined;
  }
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The model from its parts: findings shared out by path, edges kept between known documents (each once). */
export function siteModel(parts: {
  config: RepoConfig;
  nodes: readonly IndexNode[];
  edges: readonly IndexEdge[];
  check: CheckData;
  findings: readonly Issue[];
  queue?: WorkQueue;
  builtAt?: string;
}): SiteModel {
  const nodes = [...parts.nodes].sort((a, b) => byString(a.document_id, b.document_id));
  const byPath = new Map<string, Issue[]>(nodes.map((n) => [n.path, []]));
  const otherFindings: Issue[] = [];
  for (const f of parts.findings) {
    const list = f.path === undefined ? undefined : byPath.get(f.path);
    if (list) list.push(f);
    else otherFindings.push(f);
  }
  const ids = new Set(nodes.map((n) => n.document_id));
  const seen = new Set<string>();
  const edges = parts.edges
    .filter((e) => {
      const key = `${e.source}\u0000${e.target}\u0000${e.type}`;
      if (e.source === e.target || !ids.has(e.source) || !ids.has(e.target) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => byString(a.source, b.source) || byString(a.target, b.target) || byString(a.type, b.type));
  const documents = nodes.map((node) => {
    const state = parts.queue?.entries.get(node.document_id);
    return { node, body: readBody(parts.config, node), findings: byPath.get(node.path)!, ...(state ? { state } : {}) };
  });
  return {
    projectName: parts.config.project_name || path.basename(parts.config.root),
    documents,
    edges,
    check: parts.check,
    otherFindings,
    images: findSiteImages(
      parts.config.root,
      documents.map((d) => ({ rel: d.node.path, body: d.body })),
    ),
    ...(parts.queue ? { queue: parts.queue } : {}),
    ...(parts.builtAt ? { builtAt: parts.builtAt } : {}),
  };
}
