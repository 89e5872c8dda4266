import { loadConfig } from '../config/load.js';
import { loadIndex } from '../index/lookup.js';
import { compareIssues, type Advice, type Issue } from '../issues.js';
import { siteModel, type SiteModel, type WorkQueue } from '../site/model.js';
import { SiteOutput, type SiteFiles } from '../site/output.js';
import { validImplStates } from '../state/model.js';
import { readWorkQueue } from '../state/nodes.js';
import { indexAdvice, type Cmd } from './navigate.js';
import { runCheck } from './check.js';
import type { SiteData } from '../../contract/data/check.js';
export type { SiteData };

export interface SiteOptions {
  /** The directory, absolute or relative to the root (default docs-site). */
  out?: string;
  /** Write into an existing directory docket did not build. */
  force?: boolean;
  /** The build's date, shown in the pages' footer: only when asked for (--include-timestamp). */
  builtAt?: string;
  /** Makes the files from the model: the HTML renderer (src/cli/render/site). */
  render(model: SiteModel): SiteFiles;
  signal?: AbortSignal;
  cmd: Cmd;
}

export interface SiteResult {
  data: SiteData;
  warnings: Issue[];
  advice: Advice[];
}

const NONE = '(none)';

function countBy(values: readonly (string | null)[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v ?? NONE, (counts.get(v ?? NONE) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * `docket site`: a static site of the governed documents. The output directory is checked
 * first (SiteOutput.open: refused before any work when it is not docket's); then the check
 * engine runs in-process on the whole repository (its findings go on the pages, not into
 * this envelope: a site of a failing repository is still built), the index gives the
 * documents and relations, the state file the board; the renderer makes the files and
 * SiteOutput writes the ones that changed.
 */
export async function runSite(root: string, opts: SiteOptions): Promise<SiteResult> {
  const { config, warnings } = await loadConfig(root);
  const output = SiteOutput.open(config.root, opts.out ?? 'docs-site', opts.force ?? false);
  const check = await runCheck(root, { cmd: opts.cmd, ...(opts.signal ? { signal: opts.signal } : {}) });
  const index = await loadIndex(config, opts.signal);
  let graph;
  try {
    graph = await index.graph();
  } finally {
    index.close();
  }
  const { state: views, warnings: queueWarnings } = await readWorkQueue(config, 'The site has no board.');
  let queue: WorkQueue | undefined;
  if (views) {
    const states = validImplStates(config);
    for (const v of views.views.values()) if (!states.includes(v.impl_state)) states.push(v.impl_state);
    queue = { states, entries: views.views };
  }
  const model = siteModel({
    config,
    nodes: graph.nodes,
    edges: graph.edges,
    check: check.data,
    findings: [...check.violations, ...check.warnings].sort(compareIssues),
    ...(queue ? { queue } : {}),
    ...(opts.builtAt ? { builtAt: opts.builtAt } : {}),
  });
  const files = opts.render(model);
  let written;
  try {
    written = await output.write(files, opts.signal);
  } finally {
    files.close();
  }
  const nodes = model.documents.map((d) => d.node);
  return {
    data: {
      out: output.shown,
      pages: files.names.filter((f) => f.endsWith('.html')).length,
      files: files.names.length,
      images: model.images.sources.size,
      ...written,
      documents: nodes.length,
      relations: model.edges.length,
      by_type: countBy(nodes.map((n) => n.type)),
      by_status: countBy(nodes.map((n) => n.status)),
      check: {
        files_checked: check.data.files_checked,
        files_failed: check.data.files_failed,
        violations: check.data.violations_count,
        warnings: check.data.warnings_count,
      },
      board: queue !== undefined,
    },
    warnings: [...warnings, ...index.warnings, ...queueWarnings],
    advice: indexAdvice(index.warnings, opts.cmd),
  };
}
