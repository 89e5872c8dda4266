import { PROTOCOL_VERSION } from './assets.js';
import type { AssetState } from './inspect.js';
import { beginMarker, endMarker, isMarkerLike } from './markers.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface Rendered {
  bytes: Buffer;
  /** How many bytes of the old file are kept after the end marker (mixed assets that existed). */
  preservedUserBytes?: number;
}

/** The old text below a new block: separated by a blank line unless it starts with one. */
function below(old: Buffer): Buffer {
  if (old.length === 0) return old;
  return /^\r?\n/.test(old.subarray(0, 2).toString('latin1')) ? old : Buffer.concat([Buffer.from('\n'), old]);
}

/**
 * The file `protocol sync` writes for an asset: a generated asset is docket's text; a mixed one
 * is the managed block followed by the user's bytes, unchanged: those after the old end marker,
 * or, for a file without markers (legacy) or with markers that cannot be parsed (--force), the
 * whole old file below the block, less the marker-like lines that made it unparseable.
 */
export function renderAsset(state: AssetState): Rendered {
  const { asset, canonical } = state;
  if (asset.ownership === 'generated') return { bytes: Buffer.from(canonical.text, 'utf8') };
  const block = Buffer.from(
    `${beginMarker(asset.id, PROTOCOL_VERSION, canonical.sha256)}\n${canonical.text}${endMarker(asset.id)}\n`,
    'utf8',
  );
  const old = state.bytes;
  if (!old) return { bytes: block };
  let kept: Buffer;
  if (state.block) kept = old.subarray(state.block.userStart);
  else if (state.status === 'unparseable')
    kept = Buffer.from(
      old
        .toString('latin1')
        .split(/(?<=\n)/)
        .filter((line) => !isMarkerLike(line))
        .join(''),
      'latin1',
    );
  else kept = old;
  // The new block starts the file: a byte order mark of the old text would land mid-file.
  if (!state.block && kept.subarray(0, 3).equals(BOM)) kept = kept.subarray(3);
  const user = state.block ? kept : below(kept);
  return { bytes: Buffer.concat([block, user]), preservedUserBytes: kept.length };
}
