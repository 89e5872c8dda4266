import { detectAgent } from '../agent.js';
import { mainNamespace } from '../config/load.js';
import type { NamespaceConfig, RepoConfig } from '../config/types.js';
import { field, firstHeading, recordOf, type RawRead } from '../engine/documents/read.js';
import { frontmatterRecord } from '../engine/documents/read-head.js';
import { listGoverned, type GovernedFile } from '../engine/documents/walk.js';
import type { Advice, Issue } from '../issues.js';
import type { ItemSink } from '../stream.js';
import { DocketError } from '../../errors/docket-error.js';
import type { NamespaceContext, DocumentSummary, ContextData } from '../../contract/data/meta.js';
export type { DocumentSummary, ContextData };

const DEEP_BUDGET_MS = 10_000;
const MAX_BUDGET_MS = 3_600_000;

/**
 * A document's line in `context --deep`: from its frontmatter alone when that has a title
 * (see frontmatterRecord), else from the whole document (a title from the first heading).
 */
export function documentSummary(file: GovernedFile, raw: RawRead): { summary: DocumentSummary; problems: readonly Issue[] } {
  const head = frontmatterRecord(file, raw);
  const rec = head && field(head, 'title') !== undefined ? head : recordOf(file.rel, file.namespace, raw, { digest: false });
  const summary: DocumentSummary = {
    document_id: field(rec, 'document_id') ?? null,
    path: file.rel,
    type: field(rec, 'type') ?? null,
    title: field(rec, 'title') ?? firstHeading(rec) ?? null,
    status: field(rec, 'status') ?? null,
  };
  return { summary, problems: rec.unreadable ? rec.problems : [] };
}

/** The `--deep` time budget: DOCKET_DEEP_BUDGET_MS (whole milliseconds, 0 to one hour), else 10 s. */
function deepBudgetMs(env: NodeJS.ProcessEnv): number {
  const raw = env.DOCKET_DEEP_BUDGET_MS?.trim();
  if (!raw) return DEEP_BUDGET_MS;
  const value = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(value <= MAX_BUDGET_MS)) {
    throw new DocketError(
      'INVALID_DEEP_BUDGET',
      `DOCKET_DEEP_BUDGET_MS "${raw.slice(0, 32)}" is not a number of milliseconds from 0 to ${MAX_BUDGET_MS}.`,
      {
        suggestion: 'Unset DOCKET_DEEP_BUDGET_MS or set it to milliseconds, such as 30000.',
        details: { value: raw.slice(0, 32), max: MAX_BUDGET_MS },
      },
    );
  }
  return value;
}

function describeNamespace(ns: NamespaceConfig): NamespaceContext {
  return {
    name: ns.name,
    repo_prefix: ns.repo_prefix,
    docs_root: ns.docs_root,
    schema_path: ns.schema_path,
    document_types: Object.values(ns.document_types).map((t) => ({
      type: t.type,
      directory: t.directory,
      ...(t.description ? { description: t.description } : {}),
      ...(t.template ? { template: t.template } : {}),
    })),
    ...(ns.default_owner ? { default_owner: ns.default_owner } : {}),
    valid_doc_statuses: ns.valid_doc_statuses,
    valid_impl_states: ns.valid_impl_states,
  };
}

export interface ContextResult {
  data: ContextData;
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
}

/** What an agent needs to start work; `deep` adds the governed document list within a time budget. */
export async function buildContext(
  config: RepoConfig,
  opts: { deep: boolean; env: NodeJS.ProcessEnv; signal?: AbortSignal; cmd: (c: string) => string; budgetMs?: number; sink?: ItemSink },
): Promise<ContextResult> {
  const main = mainNamespace(config.namespaces);
  const data: ContextData = {
    project_name: config.project_name,
    config_path: config.config_path,
    repo_prefix: main.repo_prefix,
    docops_version: config.docops_version,
    docs_root: main.docs_root,
    schema_path: main.schema_path,
    index_path: config.index_path,
    catalog_name: config.catalog_name,
    namespaces: config.namespaces.map(describeNamespace),
    agent: detectAgent(opts.env),
  };
  const warnings: Issue[] = [];
  const advice: Advice[] = [{ code: 'NEXT_CHECK', message: 'Check the governed documents against the rules.', command: opts.cmd('check') }];
  let partial = false;
  if (opts.deep) {
    const budget = opts.budgetMs ?? deepBudgetMs(opts.env);
    const deadline = performance.now() + budget;
    const walk = await listGoverned(config, opts.signal);
    warnings.push(...walk.unreadable);
    const documents: DocumentSummary[] = [];
    let listed = 0;
    let complete = true;
    // Loaded here: context without --deep reads no document.
    const { readInOrder } = await import('../engine/documents/read-in-order.js');
    await readInOrder(
      config.root,
      walk.files.map((f) => f.rel),
      async (i, raw) => {
        // `>=`: a budget of 0 lists nothing, deterministically.
        if (performance.now() >= deadline) {
          complete = false;
          return false;
        }
        const file = walk.files[i]!;
        const { summary, problems } = documentSummary(file, raw);
        if (problems.length > 0) {
          partial = true;
          warnings.push(...problems);
        }
        listed++;
        // Streamed: written at once, not kept (data.documents stays empty and is left out of the summary).
        if (opts.sink) await opts.sink.item('document', summary);
        else documents.push(summary);
        return true;
      },
      opts.signal,
    );
    partial ||= walk.unreadable.length > 0;
    const counts = new Map<string, number>();
    for (const file of walk.files.slice(0, listed)) counts.set(file.namespace.name, (counts.get(file.namespace.name) ?? 0) + 1);
    for (const ns of data.namespaces) ns.document_count = counts.get(ns.name) ?? 0;
    data.documents = documents;
    data.deep = { budget_ms: budget, complete, documents_listed: listed };
    if (!complete) {
      warnings.push({
        code: 'DEEP_BUDGET_EXCEEDED',
        severity: 'warning',
        message: `Listed ${listed} of ${walk.files.length} documents within the ${budget} ms budget.`,
        suggestion: 'Use `docket index` and read the index artifact for the full list, or raise DOCKET_DEEP_BUDGET_MS.',
      });
      partial = true;
    }
  } else {
    advice.push({
      code: 'NEXT_CONTEXT_DEEP',
      message: 'List the governed documents (IDs, types, titles, statuses).',
      command: opts.cmd('context --deep'),
    });
  }
  return { data, warnings, advice, partial };
}
