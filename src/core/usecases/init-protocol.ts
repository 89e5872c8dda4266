import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { UNTOUCHABLE, type AssetState } from '../protocol/inspect.js';
import { createMissingAssets } from './protocol-sync.js';

export interface InitProtocolResult {
  created: string[];
  skipped: string[];
  warnings: Issue[];
  advice: Advice[];
}

const WHY: Record<string, string> = {
  not_a_regular_file: 'it is a symbolic link or not a regular file, and docket never writes through a link',
  outside_root: 'its directory leads out of the repository through a symbolic link',
  too_large: 'it is over 1 MiB',
  unreadable: 'it cannot be read',
};

/** A path init will not write: a link, not a regular file, or reached through a link out of the root. */
function refused(state: AssetState): boolean {
  return state.status === 'unparseable' && state.reason !== undefined && UNTOUCHABLE.has(state.reason);
}

/**
 * The agent-instruction files (AGENTS.md, the skill, its script) for `init`: the missing ones
 * created as `protocol sync --apply` creates them; an existing one never touched, not even its
 * mode (a file docket has not verified is not made executable): when it is not docket's
 * current text, the advice names `protocol sync`, which shows the rewrite first.
 */
export async function initProtocolAssets(
  config: RepoConfig,
  opts: { dryRun: boolean; cmd: (c: string) => string },
): Promise<InitProtocolResult> {
  const { created, existing } = await createMissingAssets(config, { dryRun: opts.dryRun });
  const warnings: Issue[] = existing.filter(refused).map((s) => ({
    code: 'PROTOCOL_ASSET_REFUSED',
    severity: 'warning',
    message: `${s.asset.path} was left as it is: ${WHY[s.reason!]}.`,
    path: s.asset.path,
    suggestion: `Make ${s.asset.path} a regular file inside the repository (or remove what is there), then run docket protocol sync --apply.`,
  }));
  const drifted = existing.filter((s) => s.status !== 'aligned' && !refused(s));
  const advice: Advice[] =
    drifted.length === 0
      ? []
      : [
          {
            code: 'NEXT_PROTOCOL_SYNC',
            message: `${drifted.map((s) => s.asset.path).join(', ')} ${drifted.length === 1 ? 'exists' : 'exist'} and ${drifted.length === 1 ? 'was' : 'were'} kept: preview docket's text for ${drifted.length === 1 ? 'it' : 'them'} (your text below the markers stays).`,
            command: opts.cmd('protocol sync'),
          },
        ];
  return { created, skipped: existing.map((s) => s.asset.path), warnings, advice };
}
