import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { isInside, realpathOfExistingAncestor } from '../fs/paths.js';
import { canonicalPayload, digestOf, normalise, PROTOCOL_VERSION, type CanonicalPayload, type ProtocolAsset } from './assets.js';
import { parseMarkers, type MarkerProblem, type ParsedMarkers } from './markers.js';
import type { AssetStatus } from '../../contract/data/protocol.js';
export type { AssetStatus };

/** Why an asset is unparseable: its markers, or a file docket will not read or replace. */
export type UnparseableReason = MarkerProblem | 'not_a_regular_file' | 'outside_root' | 'too_large' | 'unreadable';

/** An agent-instruction file is small; a bigger one is not read (repository input is untrusted). */
const MAX_ASSET_BYTES = 1024 * 1024;

/** Reasons no --force overrides: docket never reads or writes such a file. */
export const UNTOUCHABLE: ReadonlySet<UnparseableReason> = new Set(['not_a_regular_file', 'outside_root', 'too_large', 'unreadable']);

export interface AssetState {
  asset: ProtocolAsset;
  status: AssetStatus;
  reason?: UnparseableReason;
  /** The line of a marker problem (1-based). */
  line?: number;
  canonical: CanonicalPayload;
  /** The file's bytes, when it was read. */
  bytes?: Buffer;
  /** The managed block, when the markers parse. */
  block?: Extract<ParsedMarkers, { kind: 'block' }>;
  recordedVersion?: string;
  recordedSha256?: string;
  /** SHA-256 of the managed part as it is (normalised): the block of a mixed asset, the whole of a generated one. */
  actualSha256?: string;
  /** Permission bits, for assets with a required mode. */
  actualMode?: number;
}

const checksModes = process.platform !== 'win32';

type Read = { bytes: Buffer; mode: number } | { missing: true } | { reason: UnparseableReason };

/** Reads an asset without following a symbolic link and without leaving the root through one. */
async function readAssetFile(root: string, abs: string): Promise<Read> {
  if (!isInside(root, realpathOfExistingAncestor(path.dirname(abs)))) return { reason: 'outside_root' };
  let stat: Stats;
  try {
    stat = await fs.lstat(abs);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { missing: true } : { reason: 'unreadable' };
  }
  if (!stat.isFile()) return { reason: 'not_a_regular_file' };
  if (stat.size > MAX_ASSET_BYTES) return { reason: 'too_large' };
  try {
    const bytes = await fs.readFile(abs, { flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) });
    if (bytes.length > MAX_ASSET_BYTES) return { reason: 'too_large' };
    return { bytes, mode: stat.mode & 0o777 };
  } catch {
    return { reason: 'unreadable' };
  }
}

/** The managed part's digest: text decoded as UTF-8 (bytes that are not become U+FFFD, so they never match), normalised. */
function digestOfBytes(bytes: Buffer): string {
  return digestOf(normalise(bytes.toString('utf8')));
}

function classifyGenerated(state: AssetState, bytes: Buffer, mode: number): AssetState {
  const actual = digestOfBytes(bytes);
  const wrongMode = checksModes && state.asset.mode !== undefined && mode !== state.asset.mode;
  return { ...state, actualSha256: actual, status: wrongMode || actual !== state.canonical.sha256 ? 'stale' : 'aligned' };
}

function classifyMixed(state: AssetState, bytes: Buffer): AssetState {
  const parsed = parseMarkers(bytes.toString('latin1'));
  if (parsed.kind === 'none') return { ...state, status: 'legacy' };
  if (parsed.kind === 'malformed') return { ...state, status: 'unparseable', reason: parsed.problem, line: parsed.line };
  const actual = digestOfBytes(Buffer.from(parsed.managed, 'latin1'));
  const recorded = { block: parsed, recordedVersion: parsed.version, recordedSha256: parsed.sha256, actualSha256: actual };
  // Another asset's block, copied here: not this asset's text, whatever its checksum says.
  if (parsed.id !== state.asset.id) return { ...state, ...recorded, status: 'stale' };
  if (actual !== parsed.sha256) return { ...state, ...recorded, status: 'tampered' };
  const current = parsed.version === PROTOCOL_VERSION && parsed.sha256 === state.canonical.sha256;
  return { ...state, ...recorded, status: current ? 'aligned' : 'stale' };
}

/** Reads and classifies one asset (reference §8.7's order: missing, markers, id, checksum, version and content). */
export async function inspectAsset(config: RepoConfig, asset: ProtocolAsset): Promise<AssetState> {
  const canonical = await canonicalPayload(asset, config);
  const base: AssetState = { asset, status: 'missing', canonical };
  const read = await readAssetFile(config.root, path.join(config.root, ...asset.path.split('/')));
  if ('missing' in read) return base;
  if ('reason' in read) return { ...base, status: 'unparseable', reason: read.reason };
  const state: AssetState = { ...base, bytes: read.bytes, ...(asset.mode !== undefined ? { actualMode: read.mode } : {}) };
  return asset.ownership === 'generated' ? classifyGenerated(state, read.bytes, read.mode) : classifyMixed(state, read.bytes);
}
