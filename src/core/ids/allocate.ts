import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { CLAIMS_DIR, claimedSeqs, ensureClaimsDir, tryClaim, type Claim } from './claim.js';
import { MAX_SEQ, formatId } from './document-id.js';
import { highestFileSeq, highestUse, type IdScan } from './next-id.js';

export interface AllocationTarget {
  root: string;
  prefix: string;
  type: string;
  /** Absolute directory the document goes to (its file names count too). */
  dir: string;
}

/** What holds the numbers up to 999: the highest document (or file name) and the claims above it. */
interface Holders {
  /** The highest number a document or a file name in the directory uses (0: none). */
  highest: number;
  /** Where it is: the document's path, else the file name. */
  highestPath?: string;
  /** Claimed numbers above `highest`, ascending. */
  claimedAbove: number[];
}

function exhausted(target: AllocationTarget, holders: Holders): DocketError {
  const id = (seq: number) => formatId(target.prefix, target.type, seq);
  const claims = holders.claimedAbove.map((seq) => `${CLAIMS_DIR}/${id(seq)}.claim`);
  const held = [
    holders.highest > 0 ? `${id(holders.highest)} (${holders.highestPath ?? 'a document'}) is the highest document` : '',
    claims.length > 0
      ? `${claims.length === 1 ? 'a claim holds' : `${claims.length} claims hold`} ${claims.length === 1 ? id(holders.claimedAbove[0]!) : `${id(holders.claimedAbove[0]!)} to ${id(holders.claimedAbove.at(-1)!)}`} above it (${claims.slice(0, 3).join(', ')}${claims.length > 3 ? ', ...' : ''})`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  return new DocketError('ID_SPACE_EXHAUSTED', `No ${target.prefix}-${target.type} number is free above the highest document: ${held}.`, {
    suggestion: `Choose a free lower number with --id ${target.prefix}-${target.type}-NNN, remove claims of documents that were never written (${CLAIMS_DIR}/), or use another document type or namespace; docket never creates a four-digit ID.`,
    details: {
      prefix: target.prefix,
      type: target.type,
      max: MAX_SEQ,
      highest_document: holders.highest > 0 ? { document_id: id(holders.highest), path: holders.highestPath ?? null } : null,
      claims,
    },
  });
}

/**
 * What holds the numbers: document IDs and file names in the directory set the floor, and
 * each claim above it holds its own number only, so a claim whose document was deleted (or a
 * mistyped --id) never ends the sequence.
 */
async function holdersOf(target: AllocationTarget, scan: IdScan): Promise<Holders> {
  const names = await fs.readdir(target.dir).catch(() => [] as string[]);
  const byDocument = highestUse(scan, target.prefix, target.type);
  const byName = highestFileSeq(names, target.type);
  const highest = Math.max(byDocument.seq, byName);
  const name = names.find((n) => Number(/-(\d{3})-/.exec(n)?.[1]) === highest);
  const highestPath =
    byDocument.seq === highest
      ? byDocument.path
      : name && path.relative(target.root, path.join(target.dir, name)).split(path.sep).join('/');
  const claimed = await claimedSeqs(target.root, target.prefix, target.type);
  return {
    highest,
    ...(highestPath !== undefined ? { highestPath } : {}),
    claimedAbove: claimed.filter((seq) => seq > highest).sort((a, b) => a - b),
  };
}

/** The lowest number from `from` on, above the highest document, that no claim holds; 0 when none is left. */
function firstFree(holders: Holders, from = 0): number {
  const claimed = new Set(holders.claimedAbove);
  for (let seq = Math.max(from, holders.highest + 1); seq <= MAX_SEQ; seq++) if (!claimed.has(seq)) return seq;
  return 0;
}

/** The ID the next `new` would get, without claiming it (dry runs). */
export async function peekNextId(target: AllocationTarget, scan: IdScan): Promise<{ id: string; seq: number }> {
  const holders = await holdersOf(target, scan);
  const seq = firstFree(holders);
  if (seq === 0) throw exhausted(target, holders);
  return { id: formatId(target.prefix, target.type, seq), seq };
}

/**
 * Claims the next free ID. Safe across processes: each candidate is claimed with an
 * exclusive create, and a number another process claimed first is skipped, so concurrent
 * callers always get distinct IDs. `from` lets a caller move past a number it could not use.
 */
export async function claimNextId(target: AllocationTarget, scan: IdScan, from = 0): Promise<{ id: string; seq: number; claim: Claim }> {
  await ensureClaimsDir(target.root);
  const holders = await holdersOf(target, scan);
  // A number claimed meanwhile by another process is skipped: the exclusive create refuses it.
  for (let seq = firstFree(holders, from); seq > 0; seq = firstFree(holders, seq + 1)) {
    const id = formatId(target.prefix, target.type, seq);
    const claim = await tryClaim(target.root, id);
    if (claim) return { id, seq, claim };
  }
  throw exhausted(target, await holdersOf(target, scan));
}
