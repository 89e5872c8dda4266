import { parseConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { inspectForFix } from '../fix/inspect.js';
import { applyScanPlan } from './apply.js';
import { relinkMoves } from './relink.js';
import type { ScanPlan } from './types.js';
import type { RemainingFindings } from '../../contract/data/scan.js';
export type { RemainingFindings };

const PATHS_SHOWN = 3;
const MESSAGES_SHOWN = 8;

/**
 * Runs the plan as `fix --plan` previews it (nothing written) and checks what it would leave,
 * so a plan says beforehand what `check` reports after it: unknown keys of site generators,
 * statuses the schema does not allow, links that were broken already.
 */
export async function predictRemaining(
  config: RepoConfig,
  plan: ScanPlan,
  opts: { claimed: ReadonlySet<string>; signal?: AbortSignal },
): Promise<RemainingFindings> {
  const { outcomes, predicted } = await applyScanPlan(config.root, plan, {
    apply: false,
    claimed: opts.claimed,
    warnings: [],
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  // The links to and from moved files are rewritten as fix --plan rewrites them.
  await relinkMoves(config, outcomes, { apply: false, predicted, warnings: [], ...(opts.signal ? { signal: opts.signal } : {}) });
  const after = predicted.config !== undefined ? parseConfig(config.root, predicted.config).config : config;
  after.ignoreFiles = config.ignoreFiles;
  const inspection = await inspectForFix(after, {
    fixable: false,
    overlay: predicted.overlay,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const all = [...inspection.repository, ...inspection.findings];
  const byCode = new Map<string, RemainingFindings['codes'][number] & { all: string[]; texts: Set<string> }>();
  for (const f of all) {
    const c = byCode.get(f.code) ?? {
      code: f.code,
      severity: f.severity,
      count: 0,
      paths: [],
      messages: [],
      all: [],
      texts: new Set<string>(),
    };
    c.count++;
    c.texts.add(f.message);
    if (f.path !== undefined) c.all.push(f.path);
    if (f.severity === 'error') c.severity = 'error';
    byCode.set(f.code, c);
  }
  const codes = [...byCode.values()]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map(({ all: paths, texts, ...c }) => ({
      ...c,
      paths: [...new Set(paths)].sort().slice(0, PATHS_SHOWN),
      messages: [...texts].sort().slice(0, MESSAGES_SHOWN),
    }));
  return { findings: all.length, errors: all.filter((f) => f.severity === 'error').length, codes };
}
