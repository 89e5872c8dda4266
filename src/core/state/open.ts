import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import type { RepoConfig } from '../config/types.js';
import { loadIndex, recordedIndexIds } from '../index/lookup.js';
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
  /**
   * Read commands: take the IDs the last `index` recorded, without walking the documents, when
   * every ID the state file names is among them (see recordedIndexIds); otherwise, or for
   * writes, the index as the documents are now.
   */
  recordedIndex?: boolean;
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
  /** Whether `known` is the recorded index (not checked against the documents). */
  recorded?: boolean;
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
  const recorded = opts.recordedIndex ? await recordedKnownIds(config, file) : undefined;
  const known = recorded ?? (await knownIds(config, opts.signal));
  const validStates = validImplStates(config);
  const analysis = analyzeState(file, { ...(known ? { known: known.ids } : {}), validStates, cmd: opts.cmd });
  const indexWarnings = known?.warnings ?? [];
  const advice: Advice[] = [...analysis.advice];
  if (indexWarnings.some((w) => INDEX_ADVICE_CODES.has(w.code)))
    advice.push({
      code: 'NEXT_INDEX',
      message: 'Write the index, so state commands read it instead of building it in memory.',
      command: opts.cmd('index'),
    });
  return {
    config,
    file,
    analysis,
    ...(known ? { known } : {}),
    ...(recorded ? { recorded: true } : {}),
    validStates,
    warnings: [...configWarnings, ...indexWarnings, ...analysis.warnings],
    advice,
  };
}

/** The recorded index's IDs when they hold every ID the state file names (else undefined: the caller walks). */
async function recordedKnownIds(config: RepoConfig, file: StateFile): Promise<KnownIds | undefined> {
  const recorded = await recordedIndexIds(config);
  if (!recorded) return undefined;
  const ids = new Set(recorded);
  for (const [id, entry] of file.entries) {
    if (!ids.has(id)) return undefined;
    for (const dep of [...(entry.depends_on ?? []), ...(entry.blocked_by ?? [])]) if (!ids.has(dep)) return undefined;
  }
  return { ids, warnings: [] };
}

/**
 * The ID an argument names (shorthand allowed, see resolveStateId). A shorthand is matched
 * against the documents as they are now, never the recorded index alone: a document added
 * since could make it ambiguous.
 */
export function stateId(opened: Pick<OpenedState, 'config' | 'known' | 'recorded'>, input: string): Promise<string> {
  return resolveStateId(
    opened.config,
    input,
    async () => (opened.recorded ? (await knownIds(opened.config))?.ids : opened.known?.ids) ?? [],
  );
}
