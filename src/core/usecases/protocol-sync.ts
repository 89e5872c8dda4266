import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { unifiedDiff } from '../fix/diff.js';
import { checkWriteTarget, writeFileAtomic } from '../fs/atomic-write.js';
import type { Advice, Issue } from '../issues.js';
import { UNTOUCHABLE, type AssetState } from '../protocol/inspect.js';
import { renderAsset } from '../protocol/render.js';
import { sha256 } from '../text/sha256.js';
import { DocketError } from '../../errors/docket-error.js';
import { assetFlags, driftIssue, inspectAssets } from './protocol-check.js';
import type { SyncAction, ProtocolSyncAsset, ProtocolSyncData } from '../../contract/data/protocol.js';
export type { ProtocolSyncData };

interface Planned {
  state: AssetState;
  item: ProtocolSyncAsset;
  bytes?: Buffer;
}

/** git's form: a new file comes from /dev/null, and a mode change has its own header lines. */
function diffOf(state: AssetState, next: Buffer): string {
  const rel = state.asset.path;
  const header = `diff --git a/${rel} b/${rel}\n`;
  const text = unifiedDiff(state.bytes ? state.bytes.toString('utf8') : '', next.toString('utf8'), rel);
  const want = process.platform === 'win32' ? undefined : state.asset.mode;
  if (!state.bytes)
    return `${header}new file mode 100${(want ?? 0o644).toString(8)}\n${text.slice(header.length).replace(/^--- a\/.*\n/, '--- /dev/null\n')}`;
  if (want === undefined || state.actualMode === undefined || state.actualMode === want) return text;
  return `${header}old mode 100${state.actualMode.toString(8)}\nnew mode 100${want.toString(8)}\n${text.slice(header.length)}`;
}

function plan(state: AssetState, force: boolean): Planned {
  const base = { id: state.asset.id, target_path: state.asset.path, prior_status: state.status };
  if (state.status === 'aligned') return { state, item: { ...base, action: 'noop', diff: '' } };
  if (state.reason && UNTOUCHABLE.has(state.reason)) return { state, item: { ...base, action: 'refuse', reason: state.reason, diff: '' } };
  const needsForce = state.status === 'tampered' || state.status === 'unparseable';
  if (needsForce && !force) return { state, item: { ...base, action: 'refuse', reason: 'needs_force', diff: '' } };
  const rendered = renderAsset(state);
  const item: ProtocolSyncAsset = {
    ...base,
    action: 'rewrite',
    ...(rendered.preservedUserBytes !== undefined ? { preserved_user_bytes: rendered.preservedUserBytes } : {}),
    diff: diffOf(state, rendered.bytes),
  };
  return { state, item, bytes: rendered.bytes };
}

/** A rewritten file gets the asset's mode (an overwritten file would keep its own); never through a link. */
async function setMode(abs: string, mode: number): Promise<void> {
  const handle = await fs.open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/** Writes one planned rewrite; false when the file changed (or appeared) since it was read. */
async function write(root: string, p: Planned): Promise<boolean> {
  const abs = path.join(root, ...p.state.asset.path.split('/'));
  const old = p.state.bytes;
  try {
    const written = await writeFileAtomic(root, abs, p.bytes!, {
      overwrite: old !== undefined,
      mode: p.state.asset.mode ?? 0o644,
      ...(old ? { unchangedSha256: sha256(old) } : {}),
    });
    if (!written) return false;
  } catch (error) {
    if (error instanceof DocketError && error.code === 'FILE_EXISTS' && old === undefined) return false;
    throw error;
  }
  if (p.state.asset.mode !== undefined && process.platform !== 'win32') await setMode(abs, p.state.asset.mode);
  return true;
}

function forceWarning(p: Planned, apply: boolean): Issue {
  const what =
    p.state.status === 'tampered' ? 'the hand-edited managed block' : 'the unparseable markers (the old text is kept below the new block)';
  return {
    code: 'PROTOCOL_SYNC_FORCE_USED',
    severity: 'warning',
    message: `--force ${apply ? 'replaced' : 'would replace'} ${what} of ${p.state.asset.path}.`,
    path: p.state.asset.path,
  };
}

/** What `init` did (or, in a dry run, would do) with the protocol assets. */
export interface CreatedAssets {
  /** Repository-relative paths of the assets written (a dry run: that would be). */
  created: string[];
  /** The assets that were there already (or appeared meanwhile), untouched, as inspected. */
  existing: AssetState[];
}

/**
 * `init`'s part: each missing asset written exactly as `protocol sync --apply` writes it (the
 * same rendering, checks and create-only atomic write); every other asset left as it is,
 * whatever its state, for `protocol check` to report and `protocol sync` to offer to rewrite.
 */
export async function createMissingAssets(config: RepoConfig, opts: { dryRun: boolean }): Promise<CreatedAssets> {
  const root = config.root;
  const states = await inspectAssets(config, undefined);
  const missing = states.filter((s) => s.status === 'missing').map((s) => plan(s, false));
  for (const p of missing) checkWriteTarget(root, path.join(root, ...p.state.asset.path.split('/')), { overwrite: false });
  const created: string[] = [];
  const existing = states.filter((s) => s.status !== 'missing');
  for (const p of missing) {
    if (opts.dryRun || (await write(root, p))) created.push(p.state.asset.path);
    else existing.push(p.state);
  }
  return { created, existing };
}

/**
 * `protocol sync`: rewrites each asset that is not aligned (reference §8.7). Dry run unless
 * `apply`. Tampered and unparseable assets are refused unless `force`; links, directories and
 * oversized files always. Every write is checked before the first one; each is atomic and
 * replaces the file only if it still has the bytes that were read.
 */
export async function runProtocolSync(
  config: RepoConfig,
  opts: { assets?: readonly string[]; apply: boolean; force: boolean; cmd: (c: string) => string },
): Promise<{ data: ProtocolSyncData; warnings: Issue[]; violations: Issue[]; advice: Advice[]; success: boolean }> {
  const root = config.root;
  const planned = (await inspectAssets(config, opts.assets)).map((s) => plan(s, opts.force));
  const rewrites = planned.filter((p) => p.item.action === 'rewrite');
  for (const p of rewrites)
    checkWriteTarget(root, path.join(root, ...p.state.asset.path.split('/')), { overwrite: p.state.bytes !== undefined });
  let applied = false;
  if (opts.apply) {
    for (const p of rewrites) {
      if (await write(root, p)) applied = true;
      else p.item = { ...p.item, action: 'refuse', reason: 'changed_during_sync' };
    }
  }
  const assets = planned.map((p) => p.item);
  const count = (a: SyncAction) => assets.filter((x) => x.action === a).length;
  const data: ProtocolSyncData = {
    dry_run: !opts.apply,
    applied,
    summary: { total: assets.length, rewritten: count('rewrite'), refused: count('refuse'), noop: count('noop') },
    assets,
  };
  const warnings = planned
    .filter((p) => p.item.action === 'rewrite' && (p.state.status === 'tampered' || p.state.status === 'unparseable'))
    .map((p) => forceWarning(p, opts.apply));
  // A dry run reports what is not aligned yet; an applied run, what it could not align.
  const open = planned.filter((p) => (opts.apply ? p.item.action === 'refuse' : p.item.action !== 'noop'));
  const violations = open.map((p) => driftIssue(p.state));
  const advice: Advice[] = [];
  const pending = planned.filter((p) => p.item.action === 'rewrite').length;
  const forcible = planned.some((p) => p.item.reason === 'needs_force');
  if (!opts.apply && (pending > 0 || forcible)) {
    advice.push({
      code: 'NEXT_APPLY',
      message: `This was a dry run: re-run with --apply to write${forcible ? ' (--force also replaces hand-edited blocks and broken markers)' : ''}.`,
      command: opts.cmd(`protocol sync${assetFlags(opts.assets)} --apply${opts.force ? ' --force' : ''}`),
    });
  }
  return { data, warnings, violations, advice, success: violations.length === 0 };
}
