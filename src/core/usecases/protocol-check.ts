import type { RepoConfig } from '../config/types.js';
import type { Advice, Issue } from '../issues.js';
import { PROTOCOL_ASSETS, PROTOCOL_VERSION, type ProtocolAsset } from '../protocol/assets.js';
import { inspectAsset, type AssetState, type AssetStatus } from '../protocol/inspect.js';
import type { ProtocolAssetReport, ProtocolCheckData } from '../../contract/data/protocol.js';
export type { ProtocolCheckData };

const CODE = {
  missing: 'PROTOCOL_ASSET_MISSING',
  legacy: 'PROTOCOL_ASSET_LEGACY',
  stale: 'PROTOCOL_ASSET_STALE',
  tampered: 'PROTOCOL_ASSET_TAMPERED',
  unparseable: 'PROTOCOL_ASSET_UNPARSEABLE',
} as const;

/** The assets the --asset ids name (all when none), in registry order. */
function selectAssets(ids: readonly string[] | undefined): ProtocolAsset[] {
  if (!ids || ids.length === 0) return [...PROTOCOL_ASSETS];
  return PROTOCOL_ASSETS.filter((a) => ids.includes(a.id));
}

function reportOf(state: AssetState): ProtocolAssetReport {
  const { asset } = state;
  return {
    id: asset.id,
    target_path: asset.path,
    ownership: asset.ownership,
    status: state.status,
    auto_fixable: state.status === 'missing' || state.status === 'legacy' || state.status === 'stale',
    ...(state.reason ? { reason: state.reason } : {}),
    ...(state.line !== undefined ? { line: state.line } : {}),
    ...(asset.ownership === 'mixed' ? { expected_version: PROTOCOL_VERSION } : {}),
    ...(state.recordedVersion !== undefined ? { recorded_version: state.recordedVersion } : {}),
    expected_sha256: state.canonical.sha256,
    ...(state.recordedSha256 !== undefined ? { recorded_sha256: state.recordedSha256 } : {}),
    ...(state.actualSha256 !== undefined ? { actual_sha256: state.actualSha256 } : {}),
    ...(asset.mode !== undefined ? { expected_file_mode: asset.mode } : {}),
    ...(state.actualMode !== undefined ? { actual_file_mode: state.actualMode } : {}),
  };
}

function describe(state: AssetState): { message: string; suggestion: string } {
  const p = state.asset.path;
  switch (state.status) {
    case 'missing':
      return { message: `${p} is missing.`, suggestion: 'docket protocol sync --apply creates it.' };
    case 'legacy':
      return {
        message: `${p} has no managed block (no protocol markers).`,
        suggestion: 'docket protocol sync --apply adds the block at the top and keeps the existing text below it.',
      };
    case 'stale': {
      const mode = state.asset.mode !== undefined && state.actualMode !== undefined && state.actualMode !== state.asset.mode;
      const what =
        mode && state.actualSha256 === state.canonical.sha256
          ? `has mode ${state.actualMode!.toString(8)}, not ${state.asset.mode!.toString(8)}`
          : state.asset.ownership === 'mixed'
            ? "has a managed block that is not docket's current text"
            : "is not docket's current text";
      return {
        message: `${p} ${what}.`,
        suggestion: `docket protocol sync --apply rewrites ${state.asset.ownership === 'mixed' ? 'the block and keeps the text below the end marker' : 'it'}.`,
      };
    }
    case 'tampered':
      return {
        message: `${p}: the managed block was edited by hand (its text no longer has the checksum its begin marker records).`,
        suggestion: 'Move your text below the end marker, then run docket protocol sync --apply --force.',
      };
    default:
      return {
        message: `${p} cannot be used: ${(state.reason ?? 'unparseable').replace(/_/g, ' ')}${state.line !== undefined ? ` (line ${state.line})` : ''}.`,
        suggestion: 'Repair the markers by hand, or run docket protocol sync --apply --force (keeps the old text below a new block).',
      };
  }
}

/** A finding for an asset that is not aligned (not `fixable`: that names `docket fix`; the suggestion names sync). */
export function driftIssue(state: AssetState): Issue {
  const { message, suggestion } = describe(state);
  return { code: CODE[state.status as Exclude<AssetStatus, 'aligned'>], severity: 'error', message, path: state.asset.path, suggestion };
}

export async function inspectAssets(config: RepoConfig, ids: readonly string[] | undefined): Promise<AssetState[]> {
  return Promise.all(selectAssets(ids).map((a) => inspectAsset(config, a)));
}

/** The --asset flags of a command line, to repeat in advice. */
export function assetFlags(ids: readonly string[] | undefined): string {
  return (ids ?? []).map((id) => ` --asset ${id}`).join('');
}

/**
 * `protocol check`: each managed agent-instruction file's status (reference §8.7). Every asset
 * that is not aligned is a violation (exit 1), in every format.
 */
export async function runProtocolCheck(
  config: RepoConfig,
  opts: { assets?: readonly string[]; cmd: (c: string) => string },
): Promise<{ data: ProtocolCheckData; violations: Issue[]; advice: Advice[] }> {
  const states = await inspectAssets(config, opts.assets);
  const assets = states.map(reportOf);
  const count = (s: AssetStatus) => assets.filter((a) => a.status === s).length;
  const unparseable = count('unparseable');
  const aligned = count('aligned');
  const data: ProtocolCheckData = {
    summary: { total: assets.length, aligned, drifted: assets.length - aligned - unparseable, unparseable },
    assets,
  };
  const violations = states.filter((s) => s.status !== 'aligned').map(driftIssue);
  const force = states.some((s) => s.status === 'tampered' || s.status === 'unparseable');
  const advice: Advice[] =
    violations.length === 0
      ? []
      : [
          {
            code: 'NEXT_PROTOCOL_SYNC',
            message: `Preview the rewrite of ${violations.length === 1 ? 'this file' : 'these files'}; add --apply to write it${force ? ' (--force for hand-edited or broken markers)' : ''}.`,
            command: opts.cmd(`protocol sync${assetFlags(opts.assets)}`),
          },
        ];
  return { data, violations, advice };
}
