import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { assertWritable, type WriteArea } from '../fs/paths.js';
import type { Profile } from './profile.js';

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/**
 * Installs a profile into `parent/<name>` atomically: the files are written (exclusively,
 * fsynced) into a fresh temporary directory beside the target, which is then renamed into
 * place. A replaced installation is renamed aside first and removed last, so a reader sees
 * either the old profile or the new one, never a mixture.
 */
export async function installProfileDir(parent: string, profile: Profile, replace: boolean): Promise<void> {
  const area: WriteArea = { area: 'profiles', dir: parent };
  const target = path.join(parent, profile.name);
  assertWritable(parent, target, area);
  const temp = await fs.mkdtemp(path.join(parent, `.${profile.name}.tmp-`));
  try {
    await fs.chmod(temp, 0o755); // mkdtemp makes it private; a profile is not secret
    for (const [rel, bytes] of profile.files) {
      const abs = path.join(temp, ...rel.split('/'));
      assertWritable(parent, abs, { area: 'profiles', dir: temp });
      await fs.mkdir(path.dirname(abs), { recursive: true });
      const handle = await fs.open(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    let aside: string | undefined;
    if (replace) {
      aside = path.join(parent, `.${profile.name}.old-${randomBytes(4).toString('hex')}`);
      await fs.rename(target, aside).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        aside = undefined;
      });
    }
    try {
      await fs.rename(temp, target);
    } catch (error) {
      if (aside) await fs.rename(aside, target).catch(() => undefined);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') {
        throw new DocketError('PROFILE_CONFLICT', `Another process installed ${profile.name} at the same time; nothing was replaced.`, {
          details: { profile: profile.name },
        });
      }
      throw error;
    }
    await fsyncDir(parent);
    if (aside) await fs.rm(aside, { recursive: true, force: true });
  } finally {
    await fs.rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}
