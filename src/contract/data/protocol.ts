// The data of the `docket protocol` commands: the agent protocol files checked against what docket would write, and synced.

export type AssetStatus = 'aligned' | 'missing' | 'legacy' | 'stale' | 'tampered' | 'unparseable';

export interface ProtocolAssetReport {
  id: string;
  target_path: string;
  ownership: 'mixed' | 'generated';
  status: AssetStatus;
  /** Whether `protocol sync --apply` brings it in line without --force. */
  auto_fixable: boolean;
  /** Why it is unparseable, and where. */
  reason?: string;
  line?: number;
  expected_version?: string;
  recorded_version?: string;
  expected_sha256: string;
  recorded_sha256?: string;
  actual_sha256?: string;
  /** Permission bits as integers (493 is 0755), for assets with a required mode. */
  expected_file_mode?: number;
  actual_file_mode?: number;
}

export interface ProtocolCheckData {
  summary: { total: number; aligned: number; drifted: number; unparseable: number };
  assets: ProtocolAssetReport[];
}

export type SyncAction = 'noop' | 'rewrite' | 'refuse';

export interface ProtocolSyncAsset {
  id: string;
  target_path: string;
  prior_status: AssetStatus;
  action: SyncAction;
  /** Why it is refused: needs_force (tampered, unparseable markers), a file docket never replaces, or changed_during_sync. */
  reason?: string;
  /** Bytes of the old file kept after the end marker (AGENTS.md). */
  preserved_user_bytes?: number;
  /** The change as a unified diff ('' when there is none; mode changes as git writes them). */
  diff: string;
}

export interface ProtocolSyncData {
  dry_run: boolean;
  /** True when this run wrote to the repository. */
  applied: boolean;
  summary: { total: number; rewritten: number; refused: number; noop: number };
  assets: ProtocolSyncAsset[];
}
