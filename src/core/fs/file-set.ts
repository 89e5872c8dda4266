/**
 * Writes several files as one set: all of them or none. Every check comes first (inside the
 * root, no symbolic link, the bytes still those read, a move's target free), then every new
 * content is staged in a fsynced temporary file next to its final place; only then are the
 * files replaced and moved, one after another, and a failure among those steps puts back what
 * the earlier ones changed (from the old bytes, held in memory). A crash of the machine in
 * that last step can still leave part of the set: no file system offers more across files.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { checkWriteTarget, fsyncDir, temporaryPathFor, writeFailed } from './atomic-write.js';
import { assertWritable } from './paths.js';

/** One file of a set: its new bytes, at `to` when it moves. */
export interface SetFile {
  rel: string;
  /** The bytes read when the change was planned: the file must still hold them. */
  old: Buffer;
  bytes: Buffer;
  to?: string;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function holds(abs: string, old: Buffer): Promise<boolean> {
  const now = await fs.readFile(abs, { flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) }).catch(() => undefined);
  return now !== undefined && sha(now) === sha(old);
}

/** A step done, and how to undo it. */
type Undo = () => Promise<void>;

/** Whether two paths name the same file (a case-only rename on a case-insensitive file system). */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fs.lstat(a).catch(() => undefined), fs.lstat(b).catch(() => undefined)]);
  return x !== undefined && y !== undefined && x.ino === y.ino && x.dev === y.dev;
}

/** Checks the whole set before anything is written; throws the first refusal. */
async function checkSet(root: string, files: readonly SetFile[]): Promise<void> {
  const targets = new Set<string>();
  for (const f of files) {
    const abs = path.join(root, f.rel);
    checkWriteTarget(root, abs, { overwrite: true });
    if (!(await holds(abs, f.old)))
      throw new DocketError('FILE_CHANGED', `${f.rel} changed after docket read it; nothing was written.`, { details: { path: f.rel } });
    if (f.to === undefined) continue;
    const dst = path.join(root, f.to);
    assertWritable(root, dst);
    if (targets.has(f.to.toLowerCase()))
      throw new DocketError('FILE_EXISTS', `Two files would move to ${f.to}; nothing was written.`, { details: { path: f.to } });
    targets.add(f.to.toLowerCase());
    const existing = await fs.lstat(dst).catch(() => undefined);
    if (existing && !(await sameFile(abs, dst)))
      throw new DocketError('FILE_EXISTS', `${f.to} already exists; nothing was written.`, { details: { path: f.to } });
  }
}

/** Creates `dst` from the staged `tmp` without ever replacing another file. */
async function place(tmp: string, dst: string): Promise<void> {
  try {
    await fs.link(tmp, dst);
    await fs.unlink(tmp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new DocketError('FILE_EXISTS', `${path.basename(dst)} already exists; nothing was written.`);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    // No hard links here (some network or FAT file systems): check, then rename.
    if (
      await fs.lstat(dst).then(
        () => true,
        () => false,
      )
    )
      throw new DocketError('FILE_EXISTS', `${path.basename(dst)} already exists; nothing was written.`);
    await fs.rename(tmp, dst);
  }
}

/** Puts `bytes` back at `abs` (a rollback step), atomically. */
async function restore(abs: string, bytes: Buffer, mode: number): Promise<void> {
  const tmp = temporaryPathFor(abs);
  await fs.writeFile(tmp, bytes, { mode, flag: 'wx' });
  await fs.rename(tmp, abs);
}

/** Writes the set; throws (with nothing changed) when any file cannot be written. */
export async function writeFileSet(root: string, files: readonly SetFile[]): Promise<void> {
  await checkSet(root, files);
  const staged: { file: SetFile; tmp: string; mode: number }[] = [];
  try {
    for (const file of files) {
      const abs = path.join(root, file.rel);
      const final = path.join(root, file.to ?? file.rel);
      const mode = (await fs.stat(abs)).mode & 0o7777;
      await fs.mkdir(path.dirname(final), { recursive: true });
      const tmp = temporaryPathFor(final);
      const handle = await fs.open(tmp, 'wx', mode);
      staged.push({ file, tmp, mode });
      try {
        await handle.writeFile(file.bytes);
        await handle.chmod(mode);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    await Promise.all(staged.map((s) => fs.unlink(s.tmp).catch(() => undefined)));
    throw error instanceof DocketError ? error : writeFailed(root, path.join(root, files[staged.length - 1]?.rel ?? '.'), error);
  }
  const undo: Undo[] = [];
  try {
    for (const { file, tmp, mode } of staged) {
      const abs = path.join(root, file.rel);
      // Checked again right before each replacement: a change made meanwhile is kept.
      if (!(await holds(abs, file.old)))
        throw new DocketError('FILE_CHANGED', `${file.rel} changed while docket wrote the set; nothing was written.`, {
          details: { path: file.rel },
        });
      if (file.to === undefined) {
        await fs.rename(tmp, abs);
        undo.push(() => restore(abs, file.old, mode));
        continue;
      }
      const dst = path.join(root, file.to);
      if (await sameFile(abs, dst)) {
        // A case-only rename: the old name goes first, or the new one would find it taken.
        await fs.unlink(abs);
        await fs.rename(tmp, dst);
        undo.push(async () => {
          await fs.unlink(dst);
          await restore(abs, file.old, mode);
        });
        continue;
      }
      await place(tmp, dst);
      undo.push(() => fs.unlink(dst));
      await fs.unlink(abs);
      undo.push(() => restore(abs, file.old, mode));
    }
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    await Promise.all(staged.map((s) => fs.unlink(s.tmp).catch(() => undefined)));
    throw error instanceof DocketError ? error : writeFailed(root, root, error);
  }
  const dirs = new Set(files.flatMap((f) => [path.dirname(path.join(root, f.rel)), path.dirname(path.join(root, f.to ?? f.rel))]));
  for (const dir of dirs) await fsyncDir(dir);
}
