import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Code } from '../../errors/codes.js';
import { analyzeState } from './analyze.js';
import { readStateFile } from './file.js';
import { validImplStates } from './model.js';

/** Field problems `state set` refuses: errors here too, as the Python DocOps CLI's doctor has them (reference §8.2). */
const FATAL: ReadonlySet<Code> = new Set<Code>([
  'STATE_INVALID_PRIORITY',
  'STATE_FIELD_TOO_LONG',
  'STATE_FIELD_INVALID_FORMAT',
  'STATE_INVALID_DEPENDENCY_ID',
  'STATE_SELF_DEPENDENCY',
  'STATE_DEPENDENCY_CYCLE',
]);

export interface StateValidation {
  /** Repository-relative path of the state file; undefined findings when there is none. */
  rel: string;
  exists: boolean;
  issues: Issue[];
  advice: Advice[];
}

/**
 * The state file checked as `doctor` and `index` report it: a file that does not parse or
 * breaks its structure is an error (every state command refuses it), and so is what `state set`
 * would refuse; the rest are warnings. `known`: the index's IDs, asked for only when there is a
 * file to check (undefined: not checked).
 */
export async function validateStateFile(
  config: RepoConfig,
  known: () => Promise<ReadonlySet<string> | undefined>,
  cmd: (c: string) => string,
): Promise<StateValidation> {
  let file;
  try {
    file = await readStateFile(config);
  } catch (error) {
    if (!(error instanceof DocketError)) throw error;
    const details = error.details ?? {};
    const rel = typeof details.path === 'string' ? details.path : 'project-state.yaml';
    return {
      rel,
      exists: true,
      issues: [
        {
          code: error.code,
          severity: 'error',
          message: error.message,
          path: rel,
          ...(typeof details.line === 'number' ? { line: details.line } : {}),
          ...(error.suggestion ? { suggestion: error.suggestion } : {}),
        },
      ],
      advice: [],
    };
  }
  if (!file.exists) return { rel: file.rel, exists: false, issues: [], advice: [] };
  if (file.violations.length > 0) return { rel: file.rel, exists: true, issues: file.violations, advice: [] };
  const ids = await known();
  const analysis = analyzeState(file, { ...(ids ? { known: ids } : {}), validStates: validImplStates(config), cmd });
  return {
    rel: file.rel,
    exists: true,
    issues: analysis.warnings.map((w) => (FATAL.has(w.code) ? { ...w, severity: 'error' } : w)),
    advice: analysis.advice,
  };
}
