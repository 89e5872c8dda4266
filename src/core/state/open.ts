import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import type { RepoConfig } from '../config/types.js';
import { loadIndex } from '../index/lookup.js';
import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { analyzeState, type StateAnalysis } from './analyze.js';
import { assertWellFormed, readStateFile, type StateFile } from './file.js';
import { validImplStates } from './model.js';
import { resolveStateId } from './shorthand.js';

export interface StateOptions {
  cmd(command: string): string;
  fallback?: ConfigFallback;
  signal?: AbortSignal;
}

/** The documents' IDs as the index has them, with its warnings (INDEX_MISSING, INDEX_STALE). */
export interface KnownIds {
  ids: ReadonlySet<string>;
  warnings: Issue[];
}

/**
 * The index's IDs, read from the artifact when it is current and built in memory otherwise
 * (as `resolve` does); undefined when the index cannot be built (the state still reads).
 */
export async function knownIds(config: RepoConfig, signal?: AbortSignal): Promise<KnownIds | undefined> {
  let index;
  try {
    index = await loadIndex(config, signal);
  } catch (error) {
    if (error instanceof DocketError) return undefined;
    throw error;
  }
  try {
    return { ids: new Set(await index.ids()), warnings: index.warnings };
  } finally {
    index.close();
  }
}

export interface OpenedState {
  config: RepoConfig;
  file: StateFile;
  analysis: StateAnalysis;
  known?: KnownIds;
  validStates: string[];
  /** Config, index and state findings, for the envelope. */
  warnings: Issue[];
  advice: Advice[];
}

const INDEX_ADVICE_CODES = new Set(['INDEX_MISSING', 'INDEX_STALE']);

/** Config, index IDs and the well-formed state file, analysed. */
export async function openState(root: string, opts: StateOptions): Promise<OpenedState> {
  const { config, warnings: configWarnings } = await loadConfigOrDefaults(root, opts.fallback);
  const file = await readStateFile(config);
  assertWellFormed(file);
  const known = await knownIds(config, opts.signal);
  const validStates = validImplStates(config);
  const analysis = analyzeState(file, { ...(known ? { known: known.ids } : {}), validStates, cmd: opts.cmd });
  const indexWarnings = known?.warnings ?? [];
  const advice: Advice[] = [...analysis.advice];
  if (indexWarnings.some((w) => INDEX_ADVICE_CODES.has(w.code))) advice.push({ code: 'NEXT_INDEX', message: 'Write the index, so state commands read it instead of building it in memory.', command: opts.cmd('index') });
  return { config, file, analysis, ...(known ? { known } : {}), validStates, warnings: [...configWarnings, ...indexWarnings, ...analysis.warnings], advice };
}

/** The ID an argument names (shorthand allowed, see resolveStateId). */
export function stateId(opened: Pick<OpenedState, 'config' | 'known'>, input: string): Promise<string> {
  return resolveStateId(opened.config, input, async () => opened.known?.ids ?? []);
}
