import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { assertWritable } from '../fs/paths.js';
import { DocketError } from '../../errors/docket-error.js';

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, constants.O_RDONLY).catch(() => undefined);
  try {
    await handle?.sync();
  } catch {
    // some file systems refuse fsync on directories; the rename itself is atomic
  } finally {
    await handle?.close();
  }
}

/**
 * Renames a file inside the root without ever replacing another file: link() refuses an
 * existing target. A case-only rename (the target is the same file on a case-insensitive
 * file system) goes through a temporary name. Symbolic links are refused.
 */
export async function renameNoReplace(root: string, fromRel: string, toRel: string): Promise<void> {
  const src = path.join(root, fromRel);
  const dst = path.join(root, toRel);
  for (const p of [src, dst]) assertWritable(root, p);
  const source = await fs.lstat(src);
  if (source.isSymbolicLink()) throw new DocketError('SYMLINK_REFUSED', `Refusing to rename the symbolic link ${fromRel}.`);
  const existing = await fs.lstat(dst).catch(() => undefined);
  if (existing) {
    if (existing.ino !== source.ino || existing.dev !== source.dev)
      throw new DocketError('FILE_EXISTS', `${toRel} already exists; nothing was renamed.`);
    const tmp = path.join(path.dirname(src), `.${path.basename(src)}.${process.pid}.${randomBytes(6).toString('hex')}.rename`);
    await fs.rename(src, tmp);
    await fs.rename(tmp, dst);
  } else {
    try {
      await fs.link(src, dst);
      await fs.unlink(src);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new DocketError('FILE_EXISTS', `${toRel} already exists; nothing was renamed.`);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
      // No hard links here (some network or FAT file systems): check, then rename.
      if (
        await fs.lstat(dst).then(
          () => true,
          () => false,
        )
      )
        throw new DocketError('FILE_EXISTS', `${toRel} already exists; nothing was renamed.`);
      await fs.rename(src, dst);
    }
  }
  await fsyncDir(path.dirname(dst));
}
