import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { DEFAULT_DOC_STATUSES } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { loadIndex } from '../index/lookup.js';
import type { IndexNode } from '../index/graph.js';
import type { Advice, Issue } from '../issues.js';
import { closest } from '../text/suggest.js';
import { indexAdvice } from './navigate.js';
import { DocketError } from '../../errors/docket-error.js';
import type { ListedDocument, ListData } from '../../contract/data/navigate.js';
export type { ListData };

export interface ListRequest {
  types?: readonly string[];
  statuses?: readonly string[];
}

export interface ListResult {
  data: ListData;
  warnings: Issue[];
  advice: Advice[];
}

/** Comma-separated, repeatable values, trimmed; blanks dropped. */
function values(inputs: readonly string[] | undefined): string[] {
  return (inputs ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** Statuses compare without case, `_` standing for a space (`in_review` is In Review). */
const statusKey = (s: string) => s.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ');

/** The status enum of each namespace's schema, read as JSON only (an unreadable schema adds nothing). */
function schemaStatuses(config: RepoConfig): string[] {
  const out: string[] = [];
  for (const ns of config.namespaces) {
    try {
      const schema = JSON.parse(readFileSync(path.join(config.root, ns.schema_path), 'utf8')) as {
        properties?: { status?: { enum?: unknown } };
      };
      const e = schema.properties?.status?.enum;
      if (Array.isArray(e)) out.push(...e.filter((s): s is string => typeof s === 'string'));
    } catch {
      // No schema, or not JSON: `check` reports it; the defaults still apply.
    }
  }
  return out;
}

/** Each wanted value as one of `known` spells it; a value no known one matches is a usage error. */
function canonical(
  wanted: string[],
  known: Iterable<string>,
  key: (s: string) => string,
  fail: (value: string, allowed: string[]) => DocketError,
): string[] {
  const byKey = new Map<string, string>();
  for (const k of known) if (!byKey.has(key(k))) byKey.set(key(k), k);
  const allowed = [...new Set(byKey.values())].sort();
  return [
    ...new Set(
      wanted.map((w) => {
        const hit = byKey.get(key(w));
        if (hit === undefined) throw fail(w, allowed);
        return hit;
      }),
    ),
  ];
}

const listed = (n: IndexNode): ListedDocument => ({
  document_id: n.document_id,
  title: n.title,
  status: n.status,
  last_updated: n.last_updated,
  type: n.type,
  path: n.path,
});

/**
 * `docket list [--type T] [--status S]`: the governed documents with their ID, title, status
 * and date, sorted by ID, from the index artifact when current (else built in memory, as
 * `resolve` does). A type or status that neither the configuration, the schema nor any
 * document knows is a usage error, with the known ones.
 */
export async function runList(
  root: string,
  req: ListRequest,
  cmd: (command: string) => string,
  signal?: AbortSignal,
  fallback?: ConfigFallback,
): Promise<ListResult> {
  const { config, warnings } = await loadConfigOrDefaults(root, fallback);
  const index = await loadIndex(config, signal);
  try {
    const nodes = await index.nodes();
    const wantedTypes = values(req.types);
    const wantedStatuses = values(req.statuses);
    const types =
      wantedTypes.length === 0
        ? null
        : canonical(
            wantedTypes,
            [...config.namespaces.flatMap((ns) => Object.keys(ns.document_types)), ...nodes.flatMap((n) => (n.type ? [n.type] : []))],
            (s) => s.toUpperCase(),
            (value, allowed) =>
              new DocketError(
                'UNKNOWN_TYPE',
                `--type ${value}: no document type of the configuration or of any document has that name.${hint(value, allowed)}`,
                {
                  suggestion: 'Use one of the types in `details.valid_types` (case does not matter).',
                  details: { type: value, valid_types: allowed },
                },
              ),
          );
    const statuses =
      wantedStatuses.length === 0
        ? null
        : canonical(
            wantedStatuses,
            [...DEFAULT_DOC_STATUSES, ...schemaStatuses(config), ...nodes.flatMap((n) => (n.status ? [n.status] : []))],
            statusKey,
            (value, allowed) =>
              new DocketError(
                'INVALID_STATUS',
                `--status ${value}: neither the metadata schema nor any document has that status.${hint(value, allowed)}`,
                {
                  suggestion: 'Use one of the statuses in `details.allowed` (case does not matter; _ stands for a space).',
                  details: { status: value, allowed },
                },
              ),
          );
    const typeKeys = types && new Set(types.map((t) => t.toUpperCase()));
    const statusKeys = statuses && new Set(statuses.map(statusKey));
    const documents = nodes
      .filter(
        (n) =>
          (!typeKeys || (n.type !== null && typeKeys.has(n.type.toUpperCase()))) &&
          (!statusKeys || (n.status !== null && statusKeys.has(statusKey(n.status)))),
      )
      .map(listed)
      .sort((a, b) => (a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : 0));
    return {
      data: { filters: { type: types, status: statuses }, count: documents.length, documents },
      warnings: [...warnings, ...index.warnings],
      advice: indexAdvice(index.warnings, cmd),
    };
  } finally {
    index.close();
  }
}

function hint(value: string, allowed: readonly string[]): string {
  const near = closest(value, allowed, 1);
  return near.length > 0 ? ` Did you mean ${near[0]}?` : '';
}
