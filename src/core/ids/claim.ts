import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { envValue } from '../env.js';
import { writeFailed } from '../fs/atomic-write.js';
import { assertWritable } from '../fs/paths.js';
import { parseId } from './document-id.js';
import { currentHolder, holderLiveness, type Holder } from './holder.js';

/**
 * ID claims: one file per handed-out ID under `.docket/claims/`, created with O_EXCL so only
 * one process can ever claim an ID. A claim stays after its document is written: its number
 * is never handed out again, even if the document is deleted or lives on another branch. It
 * holds that number only: numbers above the highest document that no claim holds stay free.
 */
export const CLAIMS_DIR = '.docket/claims';

export interface ClaimRecord extends Holder {
  document_id: string;
  token: string;
}

export interface Claim {
  id: string;
  /** Repository-relative path of the claim file. */
  rel: string;
  token: string;
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

function claimFile(root: string, id: string): string {
  return path.join(root, CLAIMS_DIR, `${id}.claim`);
}

async function refuseLink(p: string, rel: string): Promise<void> {
  const stat = await fs.lstat(p).catch(() => undefined);
  if (stat?.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', `Refusing to use ${rel}: it is a symbolic link.`, { details: { path: rel } });
}

/** Creates `.docket/claims` (and `.docket/.gitignore`) inside the root, refusing symbolic links. */
export async function ensureClaimsDir(root: string): Promise<string> {
  const docket = path.join(root, '.docket');
  const dir = path.join(root, CLAIMS_DIR);
  await refuseLink(docket, '.docket');
  await refuseLink(dir, CLAIMS_DIR);
  assertWritable(root, dir);
  await fs.mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw writeFailed(root, dir, error);
  });
  // The cache directory ignores itself, even where the root .gitignore does not list it.
  await fs.writeFile(path.join(docket, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
  return dir;
}

/** Claims `id` for this process; false when it is already claimed. */
export async function tryClaim(root: string, id: string): Promise<Claim | undefined> {
  const file = claimFile(root, id);
  assertWritable(root, file);
  const record: ClaimRecord = { document_id: id, ...currentHolder(), token: randomBytes(8).toString('hex') };
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw writeFailed(root, file, error);
  }
  try {
    await handle.writeFile(`${JSON.stringify(record)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { id, rel: `${CLAIMS_DIR}/${id}.claim`, token: record.token };
}

async function readClaim(root: string, id: string): Promise<{ text: string; record: ClaimRecord | undefined } | undefined> {
  let text: string;
  try {
    text = await fs.readFile(claimFile(root, id), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as ClaimRecord;
    return { text, record: typeof record === 'object' && record !== null ? record : undefined };
  } catch {
    // A claim being written right now, or a torn one: its holder is unknown.
    return { text, record: undefined };
  }
}

/** Removes a claim this process made (the document could not be written), so its number is free again. */
export async function releaseClaim(root: string, claim: Claim): Promise<void> {
  const current = await readClaim(root, claim.id);
  if (current?.record?.token === claim.token) await fs.unlink(claimFile(root, claim.id)).catch(() => undefined);
}

/** Every claimed ID (written or still being written by `new`), for planners such as `fix`. */
export async function claimedIds(root: string): Promise<string[]> {
  const names = await fs.readdir(path.join(root, CLAIMS_DIR)).catch(() => [] as string[]);
  return names
    .filter((n) => n.endsWith('.claim'))
    .map((n) => n.slice(0, -'.claim'.length))
    .filter((id) => parseId(id) !== undefined);
}

/** Sequence numbers claimed for `prefix` and `type`. */
export async function claimedSeqs(root: string, prefix: string, type: string): Promise<number[]> {
  const names = await fs.readdir(path.join(root, CLAIMS_DIR)).catch(() => [] as string[]);
  const seqs: number[] = [];
  for (const name of names) {
    if (!name.endsWith('.claim')) continue;
    const id = parseId(name.slice(0, -'.claim'.length));
    if (id && id.prefix === prefix && id.type === type) seqs.push(id.seq);
  }
  return seqs;
}

/**
 * Replaces the claim of a dead holder with ours. The stale file is first renamed to a unique
 * name and checked: if a live process re-claimed the ID in between, its claim is put back.
 */
async function takeOver(root: string, id: string, staleText: string): Promise<Claim | undefined> {
  const file = claimFile(root, id);
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await fs.rename(file, aside);
  } catch {
    return tryClaim(root, id);
  }
  const moved = await fs.readFile(aside, 'utf8').catch(() => '');
  if (moved !== staleText) {
    await fs.link(aside, file).catch(() => undefined);
    await fs.unlink(aside).catch(() => undefined);
    return undefined;
  }
  await fs.unlink(aside).catch(() => undefined);
  return tryClaim(root, id);
}

export function lockTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = envValue(env, 'DOCKET_LOCK_TIMEOUT_MS')?.value;
  const value = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : 10_000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims a chosen ID, waiting (bounded) while a live process holds it. Resolves to
 * `{ claim }`, or `{ settled: true }` when `isSettled()` reports that the holder finished (its
 * document now exists). A claim whose holder is dead is taken over; a live or unknown holder
 * past the deadline is LOCK_TIMEOUT.
 */
export async function claimChosen(
  root: string,
  id: string,
  opts: { timeoutMs: number; isSettled: () => Promise<boolean>; signal?: AbortSignal },
): Promise<{ claim?: Claim; settled?: boolean }> {
  const deadline = Date.now() + opts.timeoutMs;
  let delay = 20;
  for (;;) {
    if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted while waiting for an ID claim.');
    const claim = await tryClaim(root, id);
    if (claim) return { claim };
    if (await opts.isSettled()) return { settled: true };
    const current = await readClaim(root, id);
    if (current?.record && holderLiveness(current.record) === 'dead') {
      const taken = await takeOver(root, id, current.text);
      if (taken) return { claim: taken };
      continue;
    }
    if (current && !current.record && (await isOldTornClaim(root, id))) {
      const taken = await takeOver(root, id, current.text);
      if (taken) return { claim: taken };
      continue;
    }
    if (Date.now() >= deadline) {
      const holder = current?.record ? { pid: current.record.pid, host: current.record.host } : null;
      throw new DocketError('LOCK_TIMEOUT', `${id} is claimed by another docket process that did not finish within ${opts.timeoutMs} ms.`, {
        suggestion: 'Run the command again; if no docket process is running, remove the claim file named in details.claim.',
        details: { document_id: id, claim: `${CLAIMS_DIR}/${id}.claim`, holder, timeout_ms: opts.timeoutMs },
      });
    }
    await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
    delay = Math.min(delay * 2, 200);
  }
}

/** A claim that is not valid JSON and older than a minute was torn by a crash mid-write. */
async function isOldTornClaim(root: string, id: string): Promise<boolean> {
  const stat = await fs.stat(claimFile(root, id)).catch(() => undefined);
  return stat !== undefined && Date.now() - stat.mtimeMs > 60_000;
}
