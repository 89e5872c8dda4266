import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { envValue } from '../env.js';
import { writeFailed } from '../fs/atomic-write.js';
import { assertWritable } from '../fs/paths.js';
import { currentHolder, holderLiveness, type Holder } from '../ids/holder.js';

/**
 * The lock every `state set` holds from reading the state file to replacing it, so two
 * concurrent writers never lose each other's entry. A file created with O_EXCL under
 * `.docket/` (ignored by git) holding its owner (pid, start time, host): a holder that died
 * is taken over, a live one is waited for.
 */
const LOCK_REL = '.docket/state.lock';
const DEFAULT_TIMEOUT_MS = 10_000;
/** A lock whose content cannot be parsed is one being written, unless it is this old. */
const STALE_UNREADABLE_MS = 60_000;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function timeoutOf(env: NodeJS.ProcessEnv): number {
  const raw = envValue(env, 'DOCKET_LOCK_TIMEOUT_MS')?.value;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 3_600_000 ? n : DEFAULT_TIMEOUT_MS;
}

async function tryCreate(file: string, token: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(token);
  } finally {
    await handle.close();
  }
  return true;
}

/** Whether the lock's holder is gone; the text seen is returned so that only that lock is removed. */
async function staleLock(file: string): Promise<string | undefined> {
  const text = await fs.readFile(file, { encoding: 'utf8', flag: constants.O_RDONLY | O_NOFOLLOW }).catch(() => undefined);
  if (text === undefined) return undefined;
  let holder: Holder | undefined;
  try {
    holder = JSON.parse(text) as Holder;
  } catch {
    holder = undefined;
  }
  if (holder && typeof holder === 'object') return holderLiveness(holder) === 'dead' ? text : undefined;
  const stat = await fs.stat(file).catch(() => undefined);
  return stat && Date.now() - stat.mtimeMs > STALE_UNREADABLE_MS ? text : undefined;
}

/** A takeover guard older than this belongs to a process that died inside its few system calls. */
const STALE_GUARD_MS = 10_000;

/**
 * Removes a stale lock without removing a fresh one taken meanwhile. Takeovers are serialised by
 * a guard file (O_EXCL), and under it the lock is removed only if it still holds the text seen:
 * a lock file is replaced by nothing but a takeover, so what is read under the guard is what
 * gets unlinked. (Moving the lock aside and putting it back, as before, left a moment without a
 * lock in which a third process could take one: two writers, one lost entry.)
 */
async function takeOver(file: string, seen: string, token: string): Promise<void> {
  const guard = `${file}.takeover`;
  if (!(await tryCreate(guard, token))) {
    const stat = await fs.lstat(guard).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > STALE_GUARD_MS) await fs.unlink(guard).catch(() => undefined);
    return;
  }
  try {
    const now = await fs.readFile(file, { encoding: 'utf8', flag: constants.O_RDONLY | O_NOFOLLOW }).catch(() => undefined);
    if (now === seen) await fs.unlink(file).catch(() => undefined);
  } finally {
    await fs.unlink(guard).catch(() => undefined);
  }
}

/** `.docket/` inside the root (never a link), ignoring itself for git. */
async function ensureDocketDir(root: string): Promise<void> {
  const dir = path.join(root, '.docket');
  if ((await fs.lstat(dir).catch(() => undefined))?.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', 'Refusing to use .docket: it is a symbolic link.', { details: { path: '.docket' } });
  assertWritable(root, dir);
  await fs.mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw writeFailed(root, dir, error);
  });
  await fs.writeFile(path.join(dir, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
}

/** Runs `work` holding the state lock; LOCK_TIMEOUT when a live holder keeps it past the timeout. */
export async function withStateLock<T>(root: string, env: NodeJS.ProcessEnv, work: () => Promise<T>): Promise<T> {
  await ensureDocketDir(root);
  const file = path.join(root, LOCK_REL);
  assertWritable(root, file);
  assertWritable(root, `${file}.takeover`);
  const token = `${JSON.stringify({ ...currentHolder(), token: randomBytes(8).toString('hex') })}\n`;
  const timeout = timeoutOf(env);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      if (await tryCreate(file, token)) break;
    } catch (error) {
      throw writeFailed(root, file, error);
    }
    const stale = await staleLock(file);
    if (stale !== undefined) {
      try {
        await takeOver(file, stale, token);
      } catch (error) {
        throw writeFailed(root, file, error);
      }
      continue;
    }
    if (Date.now() - started >= timeout) {
      throw new DocketError(
        'LOCK_TIMEOUT',
        `Another docket process has held ${LOCK_REL} for over ${timeout} ms; project-state.yaml was not changed.`,
        {
          suggestion: `Run the command again; if no docket process is running, remove ${LOCK_REL}.`,
          details: { lock: LOCK_REL, timeout_ms: timeout },
        },
      );
    }
    // Short, growing, jittered waits: a holder keeps the lock for one read and one write.
    await sleep(Math.min(50, 2 + attempt * 2) + Math.floor(Math.random() * 5));
  }
  try {
    return await work();
  } finally {
    // Remove only our own lock.
    if ((await fs.readFile(file, 'utf8').catch(() => '')) === token) await fs.unlink(file).catch(() => undefined);
  }
}
