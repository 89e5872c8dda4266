import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { assertWritable } from '../fs/paths.js';
import { currentHolder, holderLiveness, type Holder } from '../ids/holder.js';

/** A lock file that cannot be parsed is someone's lock being written, unless it is this old. */
const STALE_UNREADABLE_LOCK_MS = 60_000;

/** Takes the cache lock (exclusive create); a lock whose holder died is taken over. */
export async function acquireLock(root: string, rel: string): Promise<(() => Promise<void>) | undefined> {
  const file = path.join(root, rel);
  try {
    assertWritable(root, file);
  } catch {
    return undefined; // as a lock held elsewhere: the cache is not used
  }
  const token = `${JSON.stringify(currentHolder())}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      return async () => {
        // Remove only our own lock: a stale-lock takeover may have replaced it.
        if ((await fs.readFile(file, 'utf8').catch(() => '')) === token) await fs.unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    let holder: Holder | undefined;
    try {
      holder = text ? (JSON.parse(text) as Holder) : undefined;
    } catch {
      holder = undefined;
    }
    const stat = await fs.stat(file).catch(() => undefined);
    const dead = holder ? holderLiveness(holder) === 'dead' : stat !== undefined && Date.now() - stat.mtimeMs > STALE_UNREADABLE_LOCK_MS;
    if (!dead) return undefined;
    await fs.unlink(file).catch(() => undefined);
  }
  return undefined;
}
