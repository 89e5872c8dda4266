import { createHash, randomBytes } from 'node:crypto';
import { constants, lstatSync, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { assertWritable, type WriteArea } from './paths.js';

export interface AtomicWriteOptions {
  /** Replace an existing regular file (default false: refuse with FILE_EXISTS). */
  overwrite?: boolean;
  /** File mode for a new file; an overwritten file keeps its mode. */
  mode?: number;
  /** The modification time to give the file (a cache's seal, see isSealed); default: now. */
  mtimeMs?: number;
  /** One of the listed areas outside the root the target may lie in (paths.ts OUTSIDE_ROOT_AREAS). */
  within?: WriteArea;
  /**
   * Replace the target only if it still has these bytes (SHA-256, hex), checked again right
   * before the rename: a writer that changed it meanwhile (while the temporary file was
   * fsynced) is never silently overwritten. writeFileAtomic then writes nothing and returns false.
   */
  unchangedSha256?: string;
  /**
   * false: a cache file, checked whenever it is read (a digest names it): neither it nor its
   * directory is fsynced, as AtomicStream's caches are not. A crash may lose or tear it; the
   * next run then finds it missing or not the one named, and builds it again.
   */
  durable?: boolean;
}

/** Test-only: runs after the temporary file is fsynced, just before the target is replaced (to change it meanwhile). */
export const atomicWriteTestHooks: { beforeReplace?: (target: string) => void } = {};

/** Whether the file at `target` (not followed if a link) has the SHA-256 `sha256`. */
async function stillHas(target: string, sha256: string): Promise<boolean> {
  try {
    const bytes = await fs.readFile(target, { flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) });
    return createHash('sha256').update(bytes).digest('hex') === sha256;
  } catch {
    return false;
  }
}

export async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  } finally {
    await handle?.close();
  }
}

/** File-system errors (ENOTDIR, EACCES, ENOSPC, EROFS, ...) as WRITE_FAILED with a repository-relative path. */
export function writeFailed(root: string, target: string, error: unknown): DocketError {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  const rel = path.relative(root, target).split(path.sep).join('/');
  return new DocketError('WRITE_FAILED', `Could not write ${rel}: the file system refused it (${code}).`, {
    suggestion:
      code === 'ENOTDIR'
        ? `A parent of ${rel} is a file, not a directory: check the paths in docops.config.yaml.`
        : 'Check permissions and free space on the target directory, then run again.',
    details: { path: rel, errno: code },
    cause: error,
  });
}

/** A failure of the file system (a write docket wrapped, or an errno error), not a bug of docket's: a caller may degrade instead. */
export function isFileSystemFailure(error: unknown): boolean {
  return error instanceof DocketError || typeof (error as NodeJS.ErrnoException)?.code === 'string';
}

/** link() refuses an existing target; where links are unsupported, an exclusive copy does. */
async function linkNoReplace(tmp: string, target: string): Promise<void> {
  try {
    await fs.link(tmp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    await fs.copyFile(tmp, target, constants.COPYFILE_EXCL);
  }
}

/**
 * The checks every atomic write makes before it writes: `target` is inside `root` or the area
 * it names (assertWritable), it is not a symbolic link, and an existing
 * target is a regular file that may be overwritten. Returns the mode to give the new file:
 * an overwritten file keeps its own.
 */
export function checkWriteTarget(root: string, target: string, options: AtomicWriteOptions): number {
  assertWritable(root, target, options.within);
  let existing: Stats | undefined;
  try {
    existing = lstatSync(target);
  } catch {
    existing = undefined;
  }
  if (existing?.isSymbolicLink()) {
    throw new DocketError('SYMLINK_REFUSED', `Refusing to write through the symbolic link ${path.basename(target)}.`);
  }
  if (existing && !existing.isFile()) {
    throw new DocketError('FILE_EXISTS', `${path.basename(target)} exists and is not a regular file.`);
  }
  if (existing && !options.overwrite) {
    throw new DocketError('FILE_EXISTS', `${path.basename(target)} already exists; nothing was overwritten.`);
  }
  return existing ? existing.mode & 0o7777 : (options.mode ?? 0o644);
}

/** A temporary file's path next to `target`, unique to this process and call. */
export function temporaryPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes `content` (whole, or consecutive pieces that are never joined) to `target`
 * atomically: a temporary file in the same directory, fsync, then rename (overwrite) or link
 * (create-only, so an existing file is never replaced). Refuses targets that are symbolic
 * links or that resolve outside `root` (a realpath). Returns false only when the target
 * changed although `unchangedSha256` was given (then nothing was written).
 */
export async function writeFileAtomic(
  root: string,
  target: string,
  content: string | Uint8Array | readonly Uint8Array[],
  options: AtomicWriteOptions = {},
): Promise<boolean> {
  const dir = path.dirname(target);
  const mode = checkWriteTarget(root, target, options);
  const tmp = temporaryPathFor(target);
  try {
    await fs.mkdir(dir, { recursive: true });
    const handle = await fs.open(tmp, 'wx', mode);
    try {
      if (typeof content === 'string' || content instanceof Uint8Array) await handle.writeFile(content);
      else for (const piece of content) for (let at = 0; at < piece.length;) at += (await handle.write(piece, at)).bytesWritten;
      await handle.chmod(mode);
      if (options.mtimeMs !== undefined) await handle.utimes(options.mtimeMs / 1000, options.mtimeMs / 1000);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.unlink(tmp).catch(() => undefined);
    throw writeFailed(root, target, error);
  }
  atomicWriteTestHooks.beforeReplace?.(target);
  if (options.unchangedSha256 !== undefined && !(await stillHas(target, options.unchangedSha256))) {
    await fs.unlink(tmp).catch(() => undefined);
    return false;
  }
  try {
    if (options.overwrite) {
      await fs.rename(tmp, target);
    } else {
      await linkNoReplace(tmp, target);
      await fs.unlink(tmp);
    }
  } catch (error) {
    await fs.unlink(tmp).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new DocketError('FILE_EXISTS', `${path.basename(target)} already exists; nothing was overwritten.`);
    }
    throw writeFailed(root, target, error);
  }
  if (options.durable !== false) await fsyncDir(dir);
  return true;
}
