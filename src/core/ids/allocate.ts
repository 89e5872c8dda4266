import { promises as fs } from 'node:fs';
import { DocketError } from '../../errors/docket-error.js';
import { claimedSeqs, ensureClaimsDir, tryClaim, type Claim } from './claim.js';
import { MAX_SEQ, formatId } from './document-id.js';
import { highestFileSeq, highestSeq, type IdScan } from './next-id.js';

export interface AllocationTarget {
  root: string;
  prefix: string;
  type: string;
  /** Absolute directory the document goes to (its file names count too). */
  dir: string;
}

function exhausted(target: AllocationTarget): DocketError {
  const last = formatId(target.prefix, target.type, MAX_SEQ);
  // New numbers follow the highest one used or claimed, so lower numbers may still be free.
  return new DocketError('ID_SPACE_EXHAUSTED', `No ${target.prefix}-${target.type} number is left after the highest one, ${last}: new IDs follow the highest number used or claimed.`, {
    suggestion: `Choose a free lower number with --id ${target.prefix}-${target.type}-NNN, or use another document type or namespace; docket never creates a four-digit ID.`,
    details: { prefix: target.prefix, type: target.type, max: MAX_SEQ },
  });
}

/** The first number after everything used: document IDs, file names in the directory, and claims. */
async function firstFreeSeq(target: AllocationTarget, scan: IdScan): Promise<number> {
  const names = await fs.readdir(target.dir).catch(() => [] as string[]);
  const claimed = await claimedSeqs(target.root, target.prefix, target.type);
  return Math.max(highestSeq(scan, target.prefix, target.type), highestFileSeq(names, target.type), ...claimed, 0) + 1;
}

/** The ID the next `new` would get, without claiming it (dry runs). */
export async function peekNextId(target: AllocationTarget, scan: IdScan): Promise<{ id: string; seq: number }> {
  const seq = await firstFreeSeq(target, scan);
  if (seq > MAX_SEQ) throw exhausted(target);
  return { id: formatId(target.prefix, target.type, seq), seq };
}

/**
 * Claims the next free ID. Safe across processes: each candidate is claimed with an
 * exclusive create, and a number another process claimed first is skipped, so concurrent
 * callers always get distinct IDs. `from` lets a caller move past a number it could not use.
 */
export async function claimNextId(target: AllocationTarget, scan: IdScan, from = 0): Promise<{ id: string; seq: number; claim: Claim }> {
  await ensureClaimsDir(target.root);
  for (let seq = Math.max(from, await firstFreeSeq(target, scan)); seq <= MAX_SEQ; seq++) {
    const id = formatId(target.prefix, target.type, seq);
    const claim = await tryClaim(target.root, id);
    if (claim) return { id, seq, claim };
  }
  throw exhausted(target);
}
